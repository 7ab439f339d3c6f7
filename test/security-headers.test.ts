// Headers on every response: a CSP with a per-response nonce (relaxed only where the owner's code runs), nosniff,
// a referrer policy, frame-ancestors 'self', HSTS off local hosts, and no platform-internal header either way.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, FIXTURE_FILES, hostOf, publishFixtures } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

beforeAll(async () => {
  await publishFixtures();
  await publish(FIXTURE_FILES.kettle, 'www.kettleandcrumb.example');
  await publish(FIXTURE_FILES.kettle, 'kettleandcrumb.example');
  const everySubdomain = fixture('kettle');
  everySubdomain.website.identifier = 'subdomainstoo';
  everySubdomain.settings.hstsIncludeSubDomains = true;
  await publish(everySubdomain, 'www.subdomains-too.example');
  const site = minimalSite();
  site.website.identifier = 'plain';
  site.pages[0]!.layout.blocks = [{ id: 'q', type: 31, data: { text: 'Quiet is a kind of weather.' } }];
  site.pages.push({
    id: 'code',
    urlId: 'code',
    title: 'Code',
    layout: { blocks: [{ id: 'h', type: 2, data: { html: '<script>window.ownerCode = 1</script><p>Owner code</p>' } }] },
  });
  site.collections = [
    {
      id: 'notes',
      urlId: 'notes',
      title: 'Notes',
      type: 1,
      items: [{ id: 'n1', urlId: 'heron', title: 'A heron at the weir', status: 1, publishOn: '2026-10-01T07:00:00Z' }],
    },
  ];
  site.pages.push({
    id: 'streamed',
    urlId: 'streamed',
    title: 'Streamed',
    layout: {
      blocks: [
        { id: 's', type: 20, data: { collectionId: 'notes' } },
        { id: 'r', type: 49, data: { feedUrl: 'https://feeds.example.test/slow.xml?delay=50' } },
      ],
    },
  });
  await publish(site, 'plain.localhost');
  const injected = minimalSite();
  injected.website.identifier = 'injected';
  injected.pages[0]!.layout.blocks = [{ id: 'q', type: 31, data: { text: 'Quiet.' } }];
  (injected.website as { codeInjection?: unknown }).codeInjection = { footer: '<script>window.analytics = 1</script>' };
  await publish(injected, 'injected.localhost');
});

const csp = (res: Response) => res.headers.get('content-security-policy') ?? '';
const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

describe('the Content-Security-Policy of a page', () => {
  it("allows only this response's nonce for scripts, and the page's own scripts carry it", async () => {
    const res = await visit('plain.localhost', '/');
    const policy = csp(res);
    const nonce = nonceOf(policy)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("object-src 'none'");
    const html = await res.text();
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    const second = nonceOf(csp(await visit('plain.localhost', '/')));
    expect(second).not.toBe(nonce);
  });

  it('keeps the nonce on the streamed parts of a page (React inline scripts)', async () => {
    const res = await visit('plain.localhost', '/streamed');
    const nonce = nonceOf(csp(res))!;
    const html = await res.text();
    expect(html).toContain('A heron at the weir');
    expect(html).toContain('First light on the ridge');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('allows owner code only on pages that contain it', async () => {
    const withCode = csp(await visit('plain.localhost', '/code'));
    expect(withCode).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval' https:");
    expect(withCode).not.toContain("'nonce-");
    expect(withCode).toContain("frame-ancestors 'self'");
    const strict = csp(await visit('plain.localhost', '/'))
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    expect(strict).not.toContain('unsafe-inline');
  });

  it('allows owner code on every page of a site with code injection', async () => {
    const res = await visit('injected.localhost', '/');
    expect(csp(res)).toContain("'unsafe-inline'");
    expect(await res.text()).toContain('<script>window.analytics = 1</script>');
  });
});

describe('headers on every response', () => {
  it.each([
    ['a page', hostOf('fernwood'), '/'],
    ['a 404 page', hostOf('fernwood'), '/nowhere'],
    ['an image', hostOf('fernwood'), '/media/forest-path.jpg?format=100w'],
    ['the stylesheet', hostOf('fernwood'), '/_runtime/styles.none.css'],
    ['an API answer', hostOf('fernwood'), '/api/auth/Logout'],
    ['a feed', hostOf('fernwood'), '/journal?format=rss'],
  ])('%s has nosniff, a referrer policy and frame-ancestors', async (_name, host, path) => {
    const res = await visit(host, path);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(csp(res)).toContain("frame-ancestors 'self'");
  });

  it('sends HSTS on real hosts and not on local ones', async () => {
    expect((await visit('www.kettleandcrumb.example', '/')).headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect((await visit(hostOf('kettle'), '/')).headers.get('strict-transport-security')).toBeNull();
  });

  it.each([
    ['a page', '/'],
    ['a cached page', '/'],
    ['a 404 page', '/nowhere'],
    ['an API answer', '/api/auth/Logout'],
    ['an image', '/media/forest-path.jpg?format=100w'],
  ])("keeps HSTS to the host on a customer's apex domain (%s): no includeSubDomains", async (_name, path) => {
    const res = await visit('kettleandcrumb.example', path);
    await res.arrayBuffer();
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it.each([
    ['a page', '/'],
    ['a cached page', '/'],
    ['an API answer', '/api/auth/Logout'],
  ])('sends includeSubDomains where the site settings ask for it (%s)', async (_name, path) => {
    const res = await visit('www.subdomains-too.example', path);
    await res.arrayBuffer();
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('never passes platform-internal headers back', async () => {
    const res = await visit(hostOf('fernwood'), '/', { headers: { 'CF-Connecting-IP': '203.0.113.1', 'X-Sitebuilder-Debug': '1' } });
    for (const name of res.headers.keys()) expect(name).not.toMatch(/^(cf-|x-sitebuilder-|x-internal-|x-powered-by)/);
  });
});
