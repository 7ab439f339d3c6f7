// Headers internal to the platform (Cloudflare's and ours) never pass from a request onward, nor from a response back.

const INTERNAL_PREFIXES = ['cf-', 'x-sitebuilder-', 'x-internal-'];
const INTERNAL_NAMES = new Set([
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-real-ip',
  'cdn-loop',
  'true-client-ip',
  'x-powered-by',
]);

export function isPlatformHeader(name: string): boolean {
  const n = name.toLowerCase();
  return INTERNAL_NAMES.has(n) || INTERNAL_PREFIXES.some((p) => n.startsWith(p));
}

/** A copy of the headers without the platform's own. */
export function withoutPlatformHeaders(headers: Headers): Headers {
  const out = new Headers();
  headers.forEach((value, name) => {
    if (!isPlatformHeader(name)) out.append(name, value);
  });
  // Headers.forEach joins Set-Cookie values; keep each cookie separate
  if (headers.has('set-cookie')) {
    out.delete('set-cookie');
    for (const cookie of headers.getAll('set-cookie')) out.append('set-cookie', cookie);
  }
  return out;
}
