// Customer domains at scale (issue 30 §2; docs/operations.md): the Worker behaves the same for a customer's apex
// domain, its www host and a platform subdomain of the SaaS zone, as they all arrive by the zone's one */* route. The
// same snapshot published for each answers the same pages, headers, cookies and cache behaviour; only the host differs,
// and every page names the site's primary domain (website.baseUrl) as its canonical URL, whichever host it is asked on.
import { beforeAll, describe, expect, it } from 'vitest';
import { contextOf, FIXTURE_FILES } from './support/fixtures.ts';
import { publish, visit } from './support/sites.ts';

const HOSTS = { apex: 'bakery-example.com', www: 'www.bakery-example.com', subdomain: 'kettle.sites-example.net' } as const;

beforeAll(async () => {
  for (const host of Object.values(HOSTS)) await publish(FIXTURE_FILES.kettle, host);
});

/** A page with what differs by request taken out: the host itself, and the nonce and crumb made for each response. */
function normalised(html: string, host: string): string {
  return html
    .replaceAll(host, '{host}')
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/'nonce-[^']*'/g, "'nonce-'");
}

async function page(host: string, path: string, init: RequestInit = {}) {
  const res = await visit(host, path, init);
  return { res, html: await res.text() };
}

describe('one site on a customer apex, its www host and a platform subdomain', () => {
  it.each(['/', '/recipes', '/no-such-page', '/search?q=bread'])('answers %s the same on every host', async (path) => {
    const answers = await Promise.all(Object.values(HOSTS).map(async (host) => ({ host, ...(await page(host, path)) })));
    const [first, ...rest] = answers;
    for (const other of rest) {
      expect(other.res.status, other.host).toBe(first!.res.status);
      expect(normalised(other.html, other.host), other.host).toBe(normalised(first!.html, first!.host));
      for (const name of ['content-type', 'cache-control', 'x-content-type-options', 'referrer-policy', 'strict-transport-security'])
        expect(other.res.headers.get(name), `${other.host} ${name}`).toBe(first!.res.headers.get(name));
    }
  });

  it.each(Object.entries(HOSTS))(
    'serves the %s (%s) as a public host: HSTS, a Secure crumb, the site’s canonical URL',
    async (_kind, host) => {
      const { res, html } = await page(host, '/');
      expect(res.status).toBe(200);
      expect(contextOf(html).pageTypeName).toBe('MAIN_CONTENT');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(res.headers.get('set-cookie')).toMatch(/^crumb=[A-Za-z0-9_-]{22}; Path=\/; Secure; SameSite=Lax$/);
      expect(html).toContain(`<link rel="canonical" href="https://${new URL(FIXTURE_FILES.kettle.website.baseUrl).host}/"/>`);
    },
  );

  it('caches each host’s pages under that host: a hit on one is not served for another', async () => {
    const path = '/about';
    const [apex, www] = [HOSTS.apex, HOSTS.www];
    for (let i = 0; i < 3; i++) await (await visit(apex, path)).arrayBuffer();
    const apexAgain = await visit(apex, path);
    expect(apexAgain.headers.get('x-page-cache')).toBe('hit');
    await apexAgain.arrayBuffer();
    const wwwFirst = await visit(www, path);
    expect(wwwFirst.headers.get('x-page-cache')).toBe('miss');
    await wwwFirst.arrayBuffer();
    for (let i = 0; i < 2; i++) await (await visit(www, path)).arrayBuffer();
    expect((await visit(www, path)).headers.get('x-page-cache')).toBe('hit');
  });

  it('refuses an API write without a crumb the same on every host', async () => {
    for (const host of Object.values(HOSTS)) {
      const res = await visit(host, '/api/census/RecordHit', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(res.status, host).toBe(403);
      expect(((await res.json()) as { crumbFail?: boolean }).crumbFail, host).toBe(true);
    }
  });

  it('answers a host of the zone with no site published as a plain 404, never another site', async () => {
    const { res, html } = await page('unclaimed.sites-example.net', '/');
    expect(res.status).toBe(404);
    expect(html).not.toContain('Kettle');
  });
});
