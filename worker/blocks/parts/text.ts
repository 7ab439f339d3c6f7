// Plain text out of block data, for the search index and descriptions (each block's text trait) and excerpts.

/** Markup removed (script and style contents too), the common character references decoded, whitespace collapsed. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The parts of a block's text that it has, joined by spaces. */
export function words(...parts: (string | undefined)[]): string {
  return parts.filter((p) => p !== undefined).join(' ');
}
