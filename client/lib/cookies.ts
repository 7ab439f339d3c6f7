// Reading and writing the cookies client code owns (the crumb after a crumbFail, consent, beta features).

/** Every cookie the page can read, by name; of two with one name (set on two paths), the first, as servers read them. */
export function readCookies(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] ??= part.slice(eq + 1).trim();
  }
  return out;
}

export function readCookie(name: string): string | undefined {
  const value = readCookies()[name];
  try {
    return value && decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A cookie for the whole site, with the attributes the Worker gives its own (Secure off local http). */
export function writeCookie(name: string, value: string, options: { maxAgeSeconds?: number } = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  // an expired cookie also gets a date in the past, for browsers that read Expires before Max-Age
  if (options.maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the one writer of the site's cookies; the Cookie Store API is not in Safari or Firefox
  document.cookie = parts.join('; ');
}
