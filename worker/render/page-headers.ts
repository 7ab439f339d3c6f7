// The headers of a page response while it is being put together (the site app's cache policy, sendPage's policy and
// security headers, cookies, the content type), kept in JavaScript and written onto the response once it exists.
//
// Each step used to write into a platform `Headers`, which the `Response` constructor then copied header by header:
// in workerd a `Headers` object, each `set` on it and the copy are calls into the runtime, and on a small page making
// the response's headers twice over cost about as much as a tenth of React's render (measured in plain workerd: five
// headers set on a new `Headers` and given to a `Response`, 9.8 µs; the same five set on the response's own headers,
// 6.6 µs). Here they are plain strings until `writeTo` sets each once on the response.

/** A header of the page: its name as first written, and its value. */
type Entry = [name: string, value: string];

export class PageHeaders implements Iterable<Entry> {
  readonly #entries: Entry[] = [];

  constructor(init?: Record<string, string>) {
    if (init) for (const name in init) this.#entries.push([name, init[name]!]);
  }

  #indexOf(name: string, from = 0): number {
    const lower = name.toLowerCase();
    for (let i = from; i < this.#entries.length; i++) if (this.#entries[i]![0].toLowerCase() === lower) return i;
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
      this.#entries.push([name, value]);
      return;
    }
    this.#entries[at] = [name, value];
    this.#removeFrom(name, at + 1);
  }

  /** One more value of the header (Set-Cookie: one line each). */
  append(name: string, value: string): void {
    this.#entries.push([name, value]);
  }

  delete(name: string): void {
    this.#removeFrom(name, 0);
  }

  #removeFrom(name: string, from: number): void {
    for (let at = this.#indexOf(name, from); at !== -1; at = this.#indexOf(name, at)) this.#entries.splice(at, 1);
  }

  [Symbol.iterator](): Iterator<Entry> {
    return this.#entries[Symbol.iterator]();
  }

  /**
   * Writes every header onto a response's own headers: the first value of each name replaces what the runtime may have
   * put there (a string body's text/plain), the others are appended.
   */
  writeTo(headers: Headers): void {
    const entries = this.#entries;
    for (let i = 0; i < entries.length; i++) {
      const [name, value] = entries[i]!;
      if (this.#indexOf(name) === i) headers.set(name, value);
      else headers.append(name, value);
    }
  }

  /** The response with these headers: made bare, then given each header once. */
  response(body: BodyInit | null, status: number): Response {
    const response = new Response(body, { status });
    this.writeTo(response.headers);
    return response;
  }
}
