// The request's URL, parsed once per request: the middleware chain and the handlers all read it, and parsing it again
// in each of them showed in the profile. Shared, so read it and never change it (make a new URL to change one).
const parsed = new WeakMap<Request, URL>();

export function requestUrl(c: { req: { raw: Request } }): URL {
  const raw = c.req.raw;
  let url = parsed.get(raw);
  if (url === undefined) {
    url = new URL(raw.url);
    parsed.set(raw, url);
  }
  return url;
}
