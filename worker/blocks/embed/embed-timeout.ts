// How long an embed's frame in view may take to load before its name and link are shown instead (embed-fallback):
// apart from the view, so the plain island that keeps the time imports no React.
export const EMBED_TIMEOUT_MS = 6000;
