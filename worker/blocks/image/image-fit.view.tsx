// The image block's sizing helper, props only: an inert marker after the block that its plain island
// (image-fit.island.ts) starts from. The block itself is drawn by image.view.tsx, as it is without script. Also the
// lightbox's hash, which the island reads on load and the lightbox writes.
import { islandRef } from '../../../shared/islands/protocol.ts';

export type ImageFitProps = Record<string, never>;

/** §2, §4: the URL hash of an image block's lightbox while it is shown, `lightbox={block id}` */
export const lightboxHash = (blockId: string): string => `lightbox=${encodeURIComponent(blockId)}`;

export function ImageFitView(_props: ImageFitProps) {
  return <span className="image-fit" hidden />;
}

export const imageFitIsland = islandRef('image-fit', ImageFitView);
