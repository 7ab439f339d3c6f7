// The request's URL, parsed once per request: the cached-page fast path, the middleware chain and the handlers all
// read it, and parsing it again in each of them showed in the profile. Shared, so read it and never change it (make a
// new URL to change one).
const parsed = new WeakMap<Request, URL>();

/** The URL of this very request, parsed on first use. */
export function urlOf(request: Request): URL {
  let url = parsed.get(request);
  if (url === undefined) {
    url = new URL(request.url);
    parsed.set(request, url);
  }
  return url;
}

export function requestUrl(c: { req: { raw: Request } }): URL {
  return urlOf(c.req.raw);
}
