// Test support for the store: a visitor's cookie jar, kept from Set-Cookie as a browser keeps it.
import { setCookies } from './api.ts';

/** The visitor's cookies, as a browser would keep them from Set-Cookie. */
export class Jar {
  cookies = new Map<string, string>();
  take(res: Response): Response {
    for (const header of setCookies(res)) {
      const [pair, ...attrs] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}
