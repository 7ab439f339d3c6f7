// The video block's CSS: the 16:9 frame, the poster and play button, the caption, an invalid embed's note.
import { MOBILE_MAX } from '../parts/styles.ts';

export const styles = `
.block-video .video-block{margin:0}
.block-video .video-frame{position:relative;padding-top:56.3%;border-radius:var(--radius);overflow:hidden;background:#121416}
.block-video .video-overlay{position:absolute;inset:0;display:grid;place-items:center}
.block-video .video-poster{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.block-video .video-poster-neutral{background:radial-gradient(circle at 28% 22%,#454b52,#16181b 72%);display:flex;align-items:flex-end;padding:1.25rem 1.5rem}
.block-video .video-poster-title{color:#fff;font-family:var(--heading-font);font-size:clamp(1rem,2.4vw,1.5rem);line-height:1.25;max-width:75%}
.block-video .video-play{position:relative;width:76px;height:76px;border-radius:50%;border:2px solid rgba(255,255,255,.85);padding:0;background:rgba(0,0,0,.6);color:#fff;display:grid;place-items:center;cursor:pointer;transition:transform .2s ease,background .2s ease}
.block-video .video-play:hover{background:var(--accent);color:var(--accent-contrast);transform:scale(1.06)}
.block-video .video-play .icon{margin-left:4px}
.block-video .video-provider{position:absolute;top:.85rem;right:.85rem;font-size:.72rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#fff;background:rgba(0,0,0,.6);padding:.3em .75em;border-radius:99px}
.block-video .video-caption{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem 1rem;margin-top:.7rem;font-size:.92rem}
.block-video .video-title{font-weight:600}
.block-video .video-source-link{margin-left:auto;font-size:.85rem}
.block-video .video-description{flex-basis:100%;order:3;color:var(--muted)}
.block-video .video-embed{position:absolute;inset:0}
.block-video .video-embed :is(iframe,object){width:100%;height:100%;border:0;display:block}
.block-video .video-overlay{transition:opacity .3s ease}
.block-video .video-block[data-state=playing] .video-overlay{opacity:0;pointer-events:none}
.block-video .video-invalid{padding:2rem 1.5rem;border:1px dashed var(--border);border-radius:var(--radius);text-align:center;background:var(--surface)}
.block-video .video-invalid-text{margin:0;color:var(--muted)}
@media (max-width:${MOBILE_MAX}px){.block-video .video-play{width:60px;height:60px}}
`;
