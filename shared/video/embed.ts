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
