// The image block's sizing helper, props only: an inert marker after the block that its plain island
// (image-fit.island.ts) starts from. The block itself is drawn by image.view.tsx, as it is without script.
import { islandRef } from '../../../shared/islands/protocol.ts';

export type ImageFitProps = Record<string, never>;

export function ImageFitView(_props: ImageFitProps) {
  return <span className="image-fit" hidden />;
}

export const imageFitIsland = islandRef('image-fit', ImageFitView);
