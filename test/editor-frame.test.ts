// The editor frame at /config/ (§2, §4): who may open it, the page it frames (never another site), the preview
// frame's remembered state, its policy, and the protocol the editor and the site pages share.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorFrameUrl, hasLogoutFlag, liveSiteUrl, withoutLogoutFlag, type EditorView } from '../shared/editor/protocol.ts';
import { clientScriptUrl } from '../worker/kit/client-assets.ts';
import { editorPolicy } from '../worker/routes/config.tsx';
import { CRUMB, login, OWNER_PASSWORD } from './support/auth.ts';
import { FIXTURE_FILES, hostOf, publishFixtures, textOf } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = hostOf('fernwood');
let owner = '';
let reader = '';

beforeAll(async () => {
  await publishFixtures();
  owner = await login(HOST, 'owner@fernwood.example');
  reader = await login(HOST, 'reader@fernwood.example');
});

const unescapeHtml = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The value of an attribute of the first element whose opening tag matches. */
function attribute(html: string, tag: RegExp, name: string): string | undefined {
  const element = tag.exec(html)?.[0];
  const m = element ? new RegExp(`\\s${name}="([^"]*)"`).exec(element) : null;
  return m ? unescapeHtml(m[1]!) : undefined;
}

const iframeSrc = (html: string) => attribute(html, /<iframe\b[^>]*>/, 'src');

function editorState(html: string): EditorView {
  const m = /<script type="application\/json" id="editor-state"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('the page has no editor state');
  return JSON.parse(m[1]!) as EditorView;
}

const openEditor = (frameUrl: string | null, cookie = owner) =>
  visit(HOST, frameUrl === null ? '/config/' : `/config/?frameUrl=${encodeURIComponent(frameUrl)}`, {
    headers: { Cookie: cookie, 'Sec-Fetch-Dest': 'document' },
  });

describe('GET /config/', () => {
  it('renders the editor frame for an editor: the toolbar, the site in the frame, and the editor script with the nonce', async () => {
    const res = await openEditor('/journal?tag=mist');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(iframeSrc(html)).toBe('/journal?tag=mist');
    expect(attribute(html, /<iframe\b[^>]*>/, 'title')).toBe('Fernwood Journal: site preview');
    expect(attribute(html, /<a\b[^>]*target="_blank"[^>]*>/, 'href')).toBe('/journal?tag=mist&noredirect');
    expect(attribute(html, /<form\b[^>]*>/, 'action')).toBe('/api/auth/Logout');
    const text = textOf(html);
    for (const words of ['Editing', 'Fernwood Journal', 'Expand preview', 'View live site', 'Log out', 'Logged in as Maren Ashby']) {
      expect(text).toContain(words);
    }
    const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script type="module" src="${clientScriptUrl('editor')}" nonce="${nonce}">`);
    expect(html).not.toContain(clientScriptUrl('site'));
    expect(editorState(html)).toMatchObject({
      siteTitle: 'Fernwood Journal',
      accountName: 'Maren Ashby',
      frameUrl: '/journal?tag=mist',
      expanded: true,
    });
  });

  it('answers /config without the trailing slash too', async () => {
    const res = await visit(HOST, '/config?frameUrl=%2Fabout', { headers: { Cookie: owner } });
    expect(res.status).toBe(200);
    expect(iframeSrc(await res.text())).toBe('/about');
  });

  it('lists the site navigation pages in the panel, opening in the preview frame', async () => {
    const html = await (await openEditor('/about')).text();
    const panel = /<nav id="editor-panel"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(panel).toContain('target="site-preview"');
    expect(attribute(panel, /<a\b[^>]*aria-current="page"[^>]*>/, 'href')).toBe('/about');
    expect(attribute(html, /<iframe\b[^>]*>/, 'name')).toBe('site-preview');
  });

  it.each([
    ['no frameUrl', null],
    ['an empty frameUrl', ''],
    ['an absolute URL', 'https://evil.example/phish'],
    ['an absolute http URL', 'http://evil.example'],
    ['a protocol-relative URL', '//evil.example/'],
    ['a scheme with one slash', 'https:/evil.example'],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a mixed-case javascript: URL', 'JaVaScRiPt:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a backslash after the slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['an encoded double slash', '%2F%2Fevil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a double-encoded double slash', '%252F%252Fevil.example'],
    ['a tab hiding a host', '/\t/evil.example'],
    ['a leading space', ' //evil.example'],
    ['a relative path without a slash', 'evil.example/page'],
    ['the editor itself', '/config/?frameUrl=%2Fabout'],
    ['the editor without its slash', '/config?frameUrl=%2F'],
    ['the editor, encoded', '/%63onfig/'],
  ])('frames the site root for %s', async (_name, attempt) => {
    const res = await openEditor(attempt);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(iframeSrc(html)).toBe('/');
    expect(editorState(html).frameUrl).toBe('/');
    expect(attribute(html, /<a\b[^>]*target="_blank"[^>]*>/, 'href')).toBe('/?noredirect');
  });

  it.each([
    ['/about', '/about'],
    ['/journal?tag=mist', '/journal?tag=mist'],
    ['/journal?category=field-notes&page=2', '/journal?category=field-notes&page=2'],
    ['/journal/first-light#comments', '/journal/first-light#comments'],
    ['/configuration-notes', '/configuration-notes'],
  ])('frames the internal page %s as %s', async (frameUrl, expected) => {
    expect(iframeSrc(await (await openEditor(frameUrl)).text())).toBe(expected);
  });

  it.each([
    ['missing (the redirect sets it to expanded)', '', true],
    ['true', 'seven_frame_expanded=true', true],
    ['false', 'seven_frame_expanded=false', false],
  ])('renders the preview frame state of the cookie seven_frame_expanded when %s', async (_name, cookie, expanded) => {
    const html = await (await openEditor('/', cookie ? `${owner}; ${cookie}` : owner)).text();
    expect(attribute(html, /<div class="editor"[^>]*>/, 'data-expanded')).toBe(String(expanded));
    expect(attribute(html, /<button\b[^>]*aria-pressed[^>]*>/, 'aria-pressed')).toBe(String(expanded));
    expect(/<nav id="editor-panel"[^>]*\shidden=""/.test(html)).toBe(expanded);
    expect(editorState(html).expanded).toBe(expanded);
  });

  it('is framed by nobody, frames only this site and allows only nonced scripts', async () => {
    const res = await openEditor('/');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'(;|$)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/frame-src 'self'(;|$)/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const own = editorPolicy('abc').split('; ');
    expect(own).toContain("script-src 'nonce-abc' 'strict-dynamic'");
    expect(own).toContain("frame-src 'self'");
    expect(own).toContain("frame-ancestors 'none'");
  });

  it("keeps the site's code injection out of the editor and its policy strict", async () => {
    const account = FIXTURE_FILES.fernwood.accounts[0]!;
    const base = minimalSite();
    const injection = { header: '<script>window.owner = 1</script><p>OWNER HEADER</p>' };
    await publish(
      { ...base, website: { ...base.website, identifier: 'injected', codeInjection: injection }, accounts: [account] },
      'injected.localhost',
    );
    const cookie = await login('injected.localhost', account.email, OWNER_PASSWORD);
    const res = await visit('injected.localhost', '/config/', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('OWNER HEADER');
    expect(html).not.toContain('window.owner');
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  });

  it.each([
    ['an anonymous visitor', () => ''],
    ['an account without permissions on the site', () => reader],
  ])('sends %s to the login page, returning to the editor', async (_name, cookie) => {
    const res = await visit(HOST, '/config/?frameUrl=%2Fabout', { headers: { Cookie: cookie() } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?return=${encodeURIComponent('/config/?frameUrl=%2Fabout')}`);
    const bare = await visit(HOST, '/config', { headers: { Cookie: cookie() } });
    expect(bare.headers.get('location')).toBe(`/login?return=${encodeURIComponent('/config/?frameUrl=%2F')}`);
  });

  it('never carries an open redirect into the login return', async () => {
    const res = await visit(HOST, `/config/?frameUrl=${encodeURIComponent('//evil.example/')}`);
    expect(res.headers.get('location')).toBe(`/login?return=${encodeURIComponent('/config/?frameUrl=%2F')}`);
  });

  it('brings an owner who logs in from that page back to the editor', async () => {
    const back = '/config/?frameUrl=%2Fabout';
    const page = await (await visit(HOST, `/login?return=${encodeURIComponent(back)}`)).text();
    expect(attribute(page, /<input\b[^>]*name="return"[^>]*>/, 'value')).toBe(back);
    const res = await visit(HOST, '/api/auth/Login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${CRUMB}`, 'CF-Connecting-IP': '203.0.113.99' },
      body: new URLSearchParams({ email: 'owner@fernwood.example', password: OWNER_PASSWORD, crumb: CRUMB, return: back }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(back);
  });
});

describe('the framed site page', () => {
  it('is served inside the editor frame (no second redirect) with the keys script', async () => {
    const res = await visit(HOST, '/about', { headers: { Cookie: owner, 'Sec-Fetch-Dest': 'iframe' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`src="${clientScriptUrl('site')}"`);
    expect(html).not.toContain('id="editor-root"');
  });
});

describe('the client bundles', () => {
  // static assets are served before the Worker runs (run_worker_first = false), so they are read from ASSETS here
  it.each(['editor', 'site', 'loader'] as const)('are built into the assets: the %s entry is JavaScript, kept for a year', async (name) => {
    const url = clientScriptUrl(name);
    expect(url).toMatch(new RegExp(`^/client/${name}-[A-Z0-9]{8}\\.js$`));
    const res = await env.ASSETS.fetch(`http://${HOST}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await res.text()).length).toBeGreaterThan(100);
  });
});

describe('the editor protocol', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/journal?tag=mist', '/journal?tag=mist'],
    ['/config/', '/'],
    ['/config', '/'],
    ['/config/pages', '/'],
    ['/%63onfig/', '/'],
    ['/configure', '/configure'],
    ['//evil.example', '/'],
  ])('editorFrameUrl(%j) → %j', (value, expected) => {
    expect(editorFrameUrl(value)).toBe(expected);
  });

  it.each([
    ['/', '/?noredirect'],
    ['/about', '/about?noredirect'],
    ['/journal?tag=mist', '/journal?tag=mist&noredirect'],
    ['/journal#top', '/journal?noredirect#top'],
    ['/journal?noredirect', '/journal?noredirect'],
  ])('liveSiteUrl(%j) → %j', (value, expected) => {
    expect(liveSiteUrl(value)).toBe(expected);
  });

  it.each([
    ['?logout=true', true, ''],
    ['?tag=mist&logout=true', true, '?tag=mist'],
    ['?logout=true&tag=a%20b', true, '?tag=a%20b'],
    ['?logout=%74rue', true, ''],
    ['?logout=false', false, '?logout=false'],
    ['?tag=logout%3Dtrue', false, '?tag=logout%3Dtrue'],
    ['', false, ''],
  ])('the logout flag of %j: present %s, removed %j', (search, present, rest) => {
    expect(hasLogoutFlag(search)).toBe(present);
    expect(withoutLogoutFlag(search)).toBe(rest);
  });
});
