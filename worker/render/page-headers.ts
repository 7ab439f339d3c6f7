// The headers of a page response while it is being put together (the site app's cache policy, sendPage's policy and
// security headers, cookies, the content type), kept in JavaScript and written onto the response once it exists.
//
// Each step used to write into a platform `Headers`, which the `Response` constructor then copied header by header:
// in workerd a `Headers` object, each `set` on it and the copy are calls into the runtime, and on a small page making
// the response's headers twice over cost about as much as a tenth of React's render (measured in plain workerd: five
// headers set on a new `Headers` and given to a `Response`, 9.8 µs; the same five set on the response's own headers,
// 6.6 µs). Here they are plain strings until `response()` sets each once on the response it makes.

/** A header of the page: its name as first written, its value, and its name lower-cased (made once, compared often). */
type Entry = [name: string, value: string, lower: string];

export class PageHeaders implements Iterable<[name: string, value: string]> {
  readonly #entries: Entry[] = [];

  constructor(init?: Record<string, string>) {
    if (init) for (const name in init) this.append(name, init[name]!);
  }

  #indexOf(name: string, from = 0): number {
    const lower = name.toLowerCase();
    for (let i = from; i < this.#entries.length; i++) if (this.#entries[i]![2] === lower) return i;
    return -1;
  }

  /** The first value of the header, or null (as `Headers.get`, except that several values are not joined). */
  get(name: string): string | null {
    const at = this.#indexOf(name);
    return at === -1 ? null : this.#entries[at]![1];
  }

  has(name: string): boolean {
    return this.#indexOf(name) !== -1;
  }

  /** The header with this one value: in the place of its first value, every other one removed. */
  set(name: string, value: string): void {
    const at = this.#indexOf(name);
    if (at === -1) {
      this.append(name, value);
      return;
    }
    this.#entries[at] = [name, value, name.toLowerCase()];
    this.#removeFrom(name, at + 1);
  }

  /** One more value of the header (Set-Cookie: one line each). */
  append(name: string, value: string): void {
    this.#entries.push([name, value, name.toLowerCase()]);
  }

  delete(name: string): void {
    this.#removeFrom(name, 0);
  }

  #removeFrom(name: string, from: number): void {
    for (let at = this.#indexOf(name, from); at !== -1; at = this.#indexOf(name, at)) this.#entries.splice(at, 1);
  }

  *[Symbol.iterator](): Iterator<[name: string, value: string]> {
    for (const [name, value] of this.#entries) yield [name, value];
  }

  /**
   * The response with these headers: made bare, then given each header once. The first value of each name replaces
   * what the runtime may have put there (a string body's text/plain), the others are appended.
   */
  response(body: BodyInit | null, status: number): Response {
    const response = new Response(body, { status });
    const { headers } = response;
    const entries = this.#entries;
    for (let i = 0; i < entries.length; i++) {
      const [name, value, lower] = entries[i]!;
      if (entries.findIndex((entry) => entry[2] === lower) === i) headers.set(name, value);
      else headers.append(name, value);
    }
    return response;
  }
}
