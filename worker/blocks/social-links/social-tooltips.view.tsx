// The tooltips of a list of social icons, as a props-only view: nothing to see (the icons carry their words in
// `data-tooltip`), only a hidden mark for the loader to wake; its plain island (social-tooltips.island.ts) gives the
// icons their tooltips.
import { islandRef } from '../../../shared/islands/protocol.ts';

export type SocialTooltipsProps = Record<string, never>;

export function SocialTooltipsView(_props: SocialTooltipsProps) {
  return <span className="cb-social-tooltips-mark" hidden />;
}

export const socialTooltipsIsland = islandRef('social-tooltips', SocialTooltipsView);
