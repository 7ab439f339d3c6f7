// The web-font service (§7 Third-party loads, §9 Timings): Adobe Fonts' JavaScript kit, whose auth token is the kit's
// id. A few bytes of nonced inline script in the head add the kit's script §9's font loading delay (20 ms) after the
// head has been read, so it never competes with the page's own stylesheet and runtime for the first requests, and
// then ask it to load the kit's fonts without holding up the page (`Typekit.load({ async: true })`, which marks the
// root `wf-loading`, then `wf-active` or `wf-inactive`). The service sets no cookie of the page's: no consent to wait
// for. The design's font tweaks may name the kit's families (worker/render/styles.ts), ahead of their web-safe stack.
import type { SiteModel } from '../site/model.ts';

/** The kit's script for its auth token. */
export const webFontsScript = (token: string) => `https://use.typekit.net/${token}.js`;

/** Where the kit comes from: its script, styles and fonts (use.typekit.net), and its usage ping (p.typekit.net). */
export const WEB_FONTS_ORIGINS = {
  script: ['https://use.typekit.net'],
  style: ['https://use.typekit.net', 'https://p.typekit.net'],
  font: ['https://use.typekit.net'],
} as const;

/** §9: the font loading delay. */
export const FONT_LOADING_DELAY_MS = 20;

/** The inline script that loads the site's kit, or null when the site has none. */
export function webFontsLoader(site: SiteModel): string | null {
  const fonts = site.settings.webFonts;
  if (!fonts) return null;
  const src = JSON.stringify(webFontsScript(fonts.token));
  return `setTimeout(function(){var s=document.createElement("script");s.src=${src};s.async=true;s.onload=function(){try{Typekit.load({async:true})}catch(e){}};document.head.appendChild(s)},${FONT_LOADING_DELAY_MS})`;
}
