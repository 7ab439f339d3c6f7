// The URL hash of an image block's lightbox while it is shown (§2 Gallery and lightbox deep links, §4 Lightbox):
// `lightbox={block id}`. Apart from the views, so that the block's plain island imports no JSX (and so no React).
export const lightboxHash = (blockId: string): string => `lightbox=${encodeURIComponent(blockId)}`;
