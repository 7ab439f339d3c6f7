// §2: the editor redirect, decided at the edge. The rule as a table (each condition flipped on its own), then the same
// conditions through the real Worker.
import { beforeAll, describe, expect, it } from 'vitest';
import { shouldRedirectToEditor, type RedirectFacts } from '../worker/middleware/editor-redirect.ts';
import { login } from './support/auth.ts';
import { FIXTURE_FILES, hostOf, publishFixtures } from './support/fixtures.ts';
import { publish, visit } from './support/sites.ts';

const redirecting: RedirectFacts = {
  editor: true,
  developerMode: false,
  fetchDest: 'document',
  hostname: 'fernwood.localhost',
  queryHasNoredirect: false,
  sessionNoredirect: false,
};

describe('shouldRedirectToEditor', () => {
  it.each<[string, Partial<RedirectFacts>, boolean]>([
    ['all conditions hold', {}, true],
    ['no editor (anonymous, or no permissions)', { editor: false }, false],
    ['the site is in developerMode', { developerMode: true }, false],
    ['an iframe', { fetchDest: 'iframe' }, false],
    ['an image request', { fetchDest: 'image' }, false],
    ['no Sec-Fetch-Dest', { fetchDest: undefined }, false],
    ['the host is exactly localhost', { hostname: 'localhost' }, false],
    ['a host under localhost', { hostname: 'kettle.localhost' }, true],
    ['noredirect in the query', { queryHasNoredirect: true }, false],
    ['the session flag noredirect', { sessionNoredirect: true }, false],
  ])('%s → %s', (_name, change, expected) => {
    expect(shouldRedirectToEditor({ ...redirecting, ...change })).toBe(expected);
  });
});

describe('GET a site page', () => {
  const HOST = hostOf('fernwood');
  let owner = '';
  let reader = '';
  beforeAll(async () => {
    await publishFixtures();
    owner = await login(HOST, 'owner@fernwood.example');
    reader = await login(HOST, 'reader@fernwood.example');
  });
  const top = { 'Sec-Fetch-Dest': 'document' };

  it('redirects an editor at top level to /config/?frameUrl={path+query}, setting the frame cookie', async () => {
    const res = await visit(HOST, '/journal?tag=mist', { headers: { ...top, Cookie: owner } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/config/?frameUrl=%2Fjournal%3Ftag%3Dmist');
    expect(res.headers.get('set-cookie')).toMatch(/seven_frame_expanded=true; Max-Age=31536000; Path=\/; SameSite=Lax/);
  });

  it('keeps a collapsed frame collapsed', async () => {
    const res = await visit(HOST, '/', { headers: { ...top, Cookie: `${owner}; seven_frame_expanded=false` } });
    expect(res.headers.get('set-cookie')).toMatch(/seven_frame_expanded=false/);
  });

  it.each([
    ['inside the editor frame (Sec-Fetch-Dest: iframe)', { 'Sec-Fetch-Dest': 'iframe' }, '/journal'],
    ['with noredirect in the query', top, '/journal?noredirect'],
    ['with the noredirect session flag', { ...top, extra: 'noredirect=1' }, '/journal'],
  ])('serves the page %s', async (_name, headers, path) => {
    const { extra, ...rest } = headers as Record<string, string>;
    const res = await visit(HOST, path, { headers: { ...rest, Cookie: extra ? `${owner}; ${extra}` : owner } });
    expect(res.status).toBe(200);
  });

  it('stores the noredirect flag as a session cookie when the query asks', async () => {
    const res = await visit(HOST, '/journal?noredirect=1', { headers: { ...top, Cookie: owner } });
    expect(res.headers.get('set-cookie')).toMatch(/noredirect=1; Path=\/; HttpOnly; SameSite=Lax/);
    expect(res.headers.get('set-cookie')).not.toMatch(/noredirect=1;[^,]*Max-Age/);
  });

  it('never redirects anonymous visitors or accounts without permissions', async () => {
    expect((await visit(HOST, '/journal', { headers: top })).status).toBe(200);
    expect((await visit(HOST, '/journal', { headers: { ...top, Cookie: reader } })).status).toBe(200);
  });

  it('does not redirect on a site in developer mode', async () => {
    const dev = structuredClone(FIXTURE_FILES.fernwood) as { website: { developerMode: boolean; identifier: string } };
    dev.website.developerMode = true;
    await publish(dev, 'devmode.localhost');
    const cookie = await login('devmode.localhost', 'owner@fernwood.example');
    expect((await visit('devmode.localhost', '/journal', { headers: { ...top, Cookie: cookie } })).status).toBe(200);
  });

  it('does not redirect on the bare localhost host', async () => {
    await publish(FIXTURE_FILES.fernwood, 'localhost');
    const cookie = await login('localhost', 'owner@fernwood.example');
    expect((await visit('localhost', '/journal', { headers: { ...top, Cookie: cookie } })).status).toBe(200);
  });
});

describe('what the fixtures README says about the redirect', () => {
  it('is what the Worker does: a fixture host redirects an owner, only the bare localhost is exempt', async () => {
    const readme = (await import('../fixtures/README.md?raw')).default as string;
    const text = readme.replace(/\s+/g, ' ');
    expect(text).not.toMatch(/on `localhost` that redirect never happens/);
    expect(text).toContain('`fernwood.localhost` is not exempt');
    expect(text).toContain('Only the bare host `localhost`');
    const owner = await login(hostOf('fernwood'), 'owner@fernwood.example');
    const res = await visit(hostOf('fernwood'), '/journal', { headers: { 'Sec-Fetch-Dest': 'document', Cookie: owner } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/config/?frameUrl=%2Fjournal');
  });
});
