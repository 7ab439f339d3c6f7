// Block text for the search index and descriptions (each block's text trait). Markup in block data is read with
// plainText (shared/plain-text.ts), the one function every excerpt, search result and feed uses.

/** The parts of a block's text that it has, joined by spaces. */
export function words(...parts: (string | undefined)[]): string {
  return parts.filter((p) => p !== undefined).join(' ');
}
