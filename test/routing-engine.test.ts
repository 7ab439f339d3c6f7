// Hono routes every request through one regular expression (its RegExpRouter) only while every route pattern is one it
// supports; a single unsupported pattern (a capturing group inside a parameter's pattern, for one) sends the whole app
// to its trie router, which walks the path segment by segment on every request: about a fiftieth of a small page's CPU.
import { env } from 'cloudflare:test';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { describe, expect, it } from 'vitest';
import { app } from '../worker/index.ts';

describe('the routing engine', () => {
  it('routes every request through one regular expression: no route pattern sends the app to the trie router', () => {
    const routes = app.routes;
    expect(routes.length).toBeGreaterThan(50);
    const router = new RegExpRouter<number>();
    for (const [i, route] of routes.entries()) router.add(route.method, route.path, i);
    // the router compiles its expressions on the first match and throws there for a pattern it does not support
    expect(() => router.match('GET', '/')).not.toThrow();
  });

  it('is the engine the app itself picked', async () => {
    const res = await app.request('http://fernwood.localhost/no-such-page', {}, env);
    expect(res.status).toBe(404);
    expect((app.router as unknown as { activeRouter: { name: string } }).activeRouter.name).toBe('RegExpRouter');
  });
});
