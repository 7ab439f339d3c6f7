// §9 disable-user-scripts: a browser holding the cookie gets the owner's pages with the strict policy (no owner script
// runs: inline, external or in an attribute), and the page cache never gives one variant to the other, in either tier
// or on the fast path.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISABLE_USER_SCRIPTS_COOKIE, disablesUserScripts } from '../shared/cookies.ts';
import { serveCachedPageFast } from '../worker/fast-path.ts';
import { loadSite } from '../worker/hosting/load.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = 'userscripts.localhost';
const OWNER_SCRIPT = '<script>document.title = "owner script ran"</script>';
const deployed = { ...env, SITE_POINTER_TTL_MS: '60000' } as typeof env;

beforeAll(async () => {
  const site = minimalSite();
  site.website.identifier = 'userscripts';
  site.website.codeInjection = { footer: '<script src="https://analytics.example/tag.js"></script>' };
  site.pages[0]!.layout.blocks = [{ id: 'h', type: 2, data: { html: `<p onclick="alert(1)">Hello from the owner.</p>${OWNER_SCRIPT}` } }];
  site.pages.push({ id: 'plain', urlId: 'plain', title: 'Plain', layout: { blocks: [{ id: 'q', type: 31, data: { text: 'Quiet.' } }] } });
  await publish(site, HOST);
});

const scriptSrc = (res: Response) => /script-src [^;]+/.exec(res.headers.get('content-security-policy') ?? '')?.[0] ?? '';
const STRICT = /^script-src 'nonce-[^']+' 'strict-dynamic'$/;
const OFF = { headers: { Cookie: `${DISABLE_USER_SCRIPTS_COOKIE}=true` } };

async function settled(res: Response): Promise<Response> {
  await res.text();
  await new Promise((r) => setTimeout(r, 30));
  return res;
}

describe('the disable-user-scripts cookie', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['off', false],
    ['', false],
  ])('with the value %j turns the owner scripts off: %s', (value, off) => {
    expect(disablesUserScripts(value)).toBe(off);
  });

  it('keeps the strict policy on a page with owner code, private and never cached', async () => {
    const normal = await settled(await visit(HOST, '/home'));
    expect(scriptSrc(normal)).toContain("'unsafe-inline'");
    const off = await visit(HOST, '/home', OFF);
    expect(scriptSrc(off)).toMatch(STRICT);
    expect(off.headers.get('cache-control')).toBe('private, no-store');
    expect(off.headers.get('x-page-cache')).toBeNull();
    // the owner's markup is still there to debug; only its scripts are kept from running
    expect(await off.text()).toContain('Hello from the owner.');
  });

  it('is never served the cached page of other visitors, nor leaves its own in the cache', async () => {
    await settled(await visit(HOST, '/home?v=1'));
    const hit = await visit(HOST, '/home?v=1');
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    await hit.text();
    const off = await visit(HOST, '/home?v=1', OFF);
    expect(off.headers.get('x-page-cache')).toBeNull();
    expect(scriptSrc(off)).toMatch(STRICT);
    await off.text();

    await settled(await visit(HOST, '/home?v=2', OFF));
    const other = await visit(HOST, '/home?v=2');
    expect(other.headers.get('x-page-cache')).toBe('miss');
    expect(scriptSrc(other)).toContain("'unsafe-inline'");
    await other.text();
  });

  it('is never answered by the fast path', async () => {
    await settled(await visit(HOST, '/home?v=3'));
    await settled(await visit(HOST, '/home?v=3'));
    await loadSite(env.SITES, HOST, 60_000);
    const held = serveCachedPageFast(new Request(`http://${HOST}/home?v=3`), deployed);
    expect(held).toBeDefined();
    await held!.text();
    expect(serveCachedPageFast(new Request(`http://${HOST}/home?v=3`, OFF), deployed)).toBeUndefined();
  });

  it('set to false changes nothing: the shared page, owner scripts on', async () => {
    await settled(await visit(HOST, '/plain'));
    const res = await visit(HOST, '/plain', { headers: { Cookie: `${DISABLE_USER_SCRIPTS_COOKIE}=false` } });
    expect(res.headers.get('x-page-cache')).toBe('hit');
    // the site's code injection is on every page
    expect(scriptSrc(res)).toContain("'unsafe-inline'");
    await res.text();
  });
});
