// Owner embed HTML made fit for the page (whether it is a valid embed at all is §5's rule, shared/video/embed.ts).

// Attributes of old embed snippets that the HTML standard made obsolete (the page must pass the Nu checker).
const OBSOLETE_IFRAME_ATTRS =
  /\s(?:frameborder|scrolling|marginwidth|marginheight|allowtransparency)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/gi;

/**
 * Owner embed HTML made fit for the page: every iframe gets a title (screen readers announce frames by it) and lazy
 * loading, and attributes the HTML standard made obsolete are dropped. Everything else is left as the owner wrote it.
 */
export function tidyEmbedHtml(html: string, title: string): string {
  return html.replace(/<iframe\b([^>]*)>/gi, (_tag, attrs: string) => {
    let out = attrs.replace(OBSOLETE_IFRAME_ATTRS, '');
    out = out.replace(/\sallowfullscreen\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, ' allowfullscreen');
    if (!/\stitle\s*=/i.test(out)) out += ` title="${escapeAttr(title)}"`;
    if (!/\sloading\s*=/i.test(out)) out += ' loading="lazy"';
    return `<iframe${out}>`;
  });
}

export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
