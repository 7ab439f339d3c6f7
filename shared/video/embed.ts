// Video embeds (§3 Video block, §4 Video, §5 Media and embeds, §9 Timings): whether an embed is valid, and the embed
// HTML made to start playing when a visitor presses play on the poster.

export type EmbedType = 'iframe' | 'object' | 'invalid';

/**
 * §5: an embed is valid only if it is an iframe, or an object containing embed, or contains one of these. The §3
 * video type follows from which of the two it is.
 */
export function embedType(html: string): EmbedType {
  if (/<iframe[\s>]/i.test(html)) return 'iframe';
  const object = /<object[\s>][\s\S]*?<\/object>/i.exec(html);
  if (object && /<embed[\s>]/i.test(object[0])) return 'object';
  return 'invalid';
}

/** §4: the text an invalid embed shows. */
export const INVALID_VIDEO_EMBED = 'Invalid video embed.';

/** §9: the autoplay parameter per video provider: autoPlay=true, options=autostart, or autoplay=1. */
export function autoplayParameter(providerName: string): [name: string, value: string] {
  const provider = providerName.toLowerCase();
  if (provider.includes('wistia')) return ['autoPlay', 'true'];
  if (provider.includes('ustream') || provider.includes('livestream')) return ['options', 'autostart'];
  return ['autoplay', '1'];
}

/**
 * The embed HTML with its provider's autoplay parameter on every iframe's src (the visitor has pressed play), and
 * autoplay in the iframe's permissions policy (`allow`), without which a browser does not let the frame start itself.
 */
export function withAutoplay(html: string, providerName: string): string {
  const [name, value] = autoplayParameter(providerName);
  const allowed = html.replace(/<iframe\b[^>]*>/gi, (tag) => {
    const allow = /\sallow\s*=\s*(["'])(.*?)\1/i.exec(tag);
    if (!allow) return tag.replace(/^<iframe\b/i, '<iframe allow="autoplay"');
    if (/(^|;)\s*autoplay\b/i.test(allow[2]!)) return tag;
    return tag.replace(allow[0], ` allow=${allow[1]}${allow[2]!.replace(/;?\s*$/, '')}; autoplay${allow[1]}`);
  });
  return allowed.replace(/(<iframe\b[^>]*\ssrc\s*=\s*)(["'])(.*?)\2/gi, (_all, before: string, quote: string, src: string) => {
    const decoded = src.replace(/&amp;/g, '&');
    const hasQuery = decoded.includes('?');
    const already = new RegExp(`[?&]${name}=`, 'i').test(decoded);
    const next = already ? decoded : `${decoded}${hasQuery ? '&' : '?'}${name}=${value}`;
    return `${before}${quote}${next.replace(/&/g, '&amp;')}${quote}`;
  });
}

/** §4, §7: what a page asks of a playing video's player. */
export type PlayerCommand = 'play' | 'pause';

/**
 * §7: the two video providers whose embedded players take play and pause messages, by the origin of their frame: the
 * YouTube IFrame Player API (a `command` with `playVideo`/`pauseVideo`, to a player embedded with `enablejsapi=1`) and
 * the Vimeo Player API (`{ method: 'play' | 'pause' }`). Other players get none: they keep playing until they are
 * taken off the page.
 */
const PLAYER_APIS: { origin: RegExp; message: (command: PlayerCommand) => string; param?: [string, string] }[] = [
  {
    origin: /^https:\/\/(www\.)?youtube(-nocookie)?\.com$/,
    message: (command) => JSON.stringify({ event: 'command', func: command === 'play' ? 'playVideo' : 'pauseVideo', args: [] }),
    param: ['enablejsapi', '1'],
  },
  { origin: /^https:\/\/player\.vimeo\.com$/, message: (command) => JSON.stringify({ method: command }) },
];

const apiOf = (src: string) => {
  try {
    const origin = new URL(src).origin;
    const api = PLAYER_APIS.find((a) => a.origin.test(origin));
    return api && { api, origin };
  } catch {
    return undefined;
  }
};

/** The message, and the origin it may go to, that asks the player at `src` to play or pause; none for other players. */
export function playerMessage(src: string, command: PlayerCommand): { message: string; origin: string } | undefined {
  const found = apiOf(src);
  return found && { message: found.api.message(command), origin: found.origin };
}

/** The embed HTML with each player that takes messages switched to listen for them (YouTube's `enablejsapi=1`). */
export function withPlayerApi(html: string): string {
  return html.replace(/(<iframe\b[^>]*\ssrc\s*=\s*)(["'])(.*?)\2/gi, (all, before: string, quote: string, src: string) => {
    const decoded = src.replace(/&amp;/g, '&');
    const param = apiOf(decoded)?.api.param;
    if (!param || new RegExp(`[?&]${param[0]}=`).test(decoded)) return all;
    const next = `${decoded}${decoded.includes('?') ? '&' : '?'}${param[0]}=${param[1]}`;
    return `${before}${quote}${next.replace(/&/g, '&amp;')}${quote}`;
  });
}
