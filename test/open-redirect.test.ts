// No open redirect (issue 26 §1): every place that sends a browser to a path it was given (the login page's return,
// the redirect after a login, a logout's frame URL, the editor's frame and its "View live site" link, a form posted
// without script) decides on the value it uses. Each hostile form a URL parser may normalise into another origin is
// tried at each of the five places, not at the helper alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { ENVELOPE_NAMES, NATIVE_SUBMIT_PATH } from '../shared/form-post.ts';
import { postForm } from './support/api.ts';
import { CRUMB, login, OWNER_PASSWORD } from './support/auth.ts';
import { hostOf, publishFixtures } from './support/fixtures.ts';
import { visit } from './support/sites.ts';

const HOST = hostOf('fernwood');
const ORIGIN = `http://${HOST}`;
const OWNER = 'owner@fernwood.example';
let owner = '';

beforeAll(async () => {
  await publishFixtures();
  owner = await login(HOST, OWNER);
});

/** Inputs a URL parser (or a consumer that decodes once more) may turn into another origin. */
const HOSTILE: [string, string][] = [
  ['a dot segment before a double slash', '/.//evil.example'],
  ['a parent segment before a double slash', '/a/..//evil.example'],
  ['encoded parent segment', '/%2e%2e//evil.example'],
  ['encoded parent segment in capitals', '/%2E%2E//evil.example'],
  ['half-encoded parent segment', '/.%2e//evil.example'],
  ['encoded dot segment', '/%2e//evil.example'],
  ['a dot segment before an encoded slash', '/./%2fevil.example'],
  ['two parent segments', '/a/%2e%2e/%2e%2e//evil.example'],
  ['double-encoded dots and slash', '/x/%252e%252e/%252fevil.example'],
  ['a double slash', '//evil.example'],
  ['a tripled slash', '///evil.example'],
  ['four slashes', '////evil.example/'],
  ['a backslash after the slash', '/\\evil.example'],
  ['a backslash before the slash', '\\/evil.example'],
  ['a dot and a backslash', '/.\\evil.example'],
  ['a parent segment and a backslash', '/..\\evil.example'],
  ['an encoded backslash', '/%5Cevil.example'],
  ['two encoded backslashes', '/%5C%5Cevil.example'],
  ['an encoded double slash', '/%2F%2Fevil.example'],
  ['an encoded double slash without the first', '%2F%2Fevil.example'],
  ['a double-encoded double slash', '/%252F%252Fevil.example'],
  ['a tab between the slashes', '/\t/evil.example'],
  ['a newline between the slashes', '/\n/evil.example'],
  ['a carriage return and newline', '/\r\n/evil.example'],
  ['a leading tab', '\t//evil.example'],
  ['an encoded tab', '/%09/evil.example'],
  ['an encoded newline', '/%0a/evil.example'],
  ['a leading space', ' //evil.example'],
  ['full-width solidi', '/\uff0f\uff0fevil.example'],
  ['full-width solidi alone', '\uff0f\uff0fevil.example'],
  ['a full-width reverse solidus', '/\uff3cevil.example'],
  ['an absolute URL', 'https://evil.example/'],
  ['a scheme in capitals', 'HTTPS://evil.example'],
  ['a scheme with one slash', 'https:/evil.example'],
  ['a scheme with no slash', 'https:evil.example'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['a javascript: URL after a slash', '/javascript:alert(1)'],
  ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['user-info before a host', '//user@evil.example'],
  ['this host as user-info', `https://${HOST}@evil.example/`],
  ['an IPv6 literal', '//[::1]/'],
  ['an IPv6 host', '//[2001:db8::1]/path'],
  ['an IPv4-mapped IPv6 URL', 'http://[::ffff:127.0.0.1]/'],
];

/**
 * A target the browser may be sent to: a path of this site as written (one leading slash, no backslash) that a
 * browser resolves against the page to the same origin, and that stays there when decoded once more.
 */
function expectSameSite(target: string | null | undefined, place: string): void {
  if (target == null) return;
  const why = `${place}: ${JSON.stringify(target)}`;
  expect(target[0], why).toBe('/');
  expect(target[1], why).not.toMatch(/[/\\]/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what a target must not hold
  expect(target, why).not.toMatch(/[\\\u0000-\u0020\u007f]/);
  expect(new URL(target, `${ORIGIN}/page`).origin, why).toBe(ORIGIN);
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    /* undecodable: nothing more to read */
  }
  expect(new URL(decoded.replace(/[\t\n\r]/g, ''), `${ORIGIN}/page`).origin, why).toBe(ORIGIN);
}

const unescapeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The value of an attribute of the first element whose opening tag matches. */
function attribute(html: string, tag: RegExp, name: string): string | undefined {
  const element = tag.exec(html)?.[0];
  const m = element ? new RegExp(`\\s${name}="([^"]*)"`).exec(element) : null;
  return m ? unescapeHtml(m[1]!) : undefined;
}

describe('every redirect target is a path of this site, however its input is written', () => {
  it.each(HOSTILE)('GET /login?return=… writes no other origin into the form (%s)', async (_name, input) => {
    const res = await visit(HOST, `/login?return=${encodeURIComponent(input)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expectSameSite(attribute(html, /<input\b[^>]*name="return"[^>]*>/, 'value'), 'login form');
  });

  it.each(HOSTILE)('POST /api/auth/Login answers 303 to this site (%s)', async (_name, input) => {
    const res = await visit(HOST, '/api/auth/Login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${CRUMB}`, 'CF-Connecting-IP': '198.51.100.91' },
      body: new URLSearchParams({ email: OWNER, password: OWNER_PASSWORD, crumb: CRUMB, return: input }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/config/?frameUrl=%2F');
  });

  it.each(HOSTILE)('POST /api/auth/Logout answers 303 to this site (%s)', async (_name, input) => {
    const res = await postForm(HOST, '/api/auth/Logout', { frameUrl: input }, { cookies: owner });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?logout=true');
  });

  it.each(HOSTILE)('GET /config/?frameUrl=… frames and links to this site only (%s)', async (_name, input) => {
    const res = await visit(HOST, `/config/?frameUrl=${encodeURIComponent(input)}`, {
      headers: { Cookie: owner, 'Sec-Fetch-Dest': 'document' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(attribute(html, /<iframe\b[^>]*>/, 'src')).toBe('/');
    expect(attribute(html, /<a\b[^>]*target="_blank"[^>]*>/, 'href')).toBe('/?noredirect');
    expect(attribute(html, /<input\b[^>]*name="frameUrl"[^>]*>/, 'value')).toBe('/');
  });

  it.each(HOSTILE)('POST /_forms/submit answers 303 to this site (%s)', async (_name, input) => {
    const res = await visit(HOST, NATIVE_SUBMIT_PATH, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        Cookie: `crumb=${CRUMB}`,
        'CF-Connecting-IP': '198.51.100.92',
      },
      body: new URLSearchParams([
        [ENVELOPE_NAMES.formId, 'form-none'],
        [ENVELOPE_NAMES.objectName, 'contact-b3'],
        [ENVELOPE_NAMES.collectionId, 'contact'],
        [ENVELOPE_NAMES.isOverlayForm, 'false'],
        [ENVELOPE_NAMES.returnTo, input],
      ]).toString(),
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expectSameSite(location, 'form post');
    expect(new URL(location, ORIGIN).pathname).toBe('/');
  });
});

describe('the same places keep a path of this site as it will be used', () => {
  it.each([
    ['/journal', '/journal'],
    ['/journal?tag=mist', '/journal?tag=mist'],
    ['/journal/a/../first-light', '/journal/first-light'],
    ['/caf%C3%A9', '/caf%C3%A9'],
  ])('login, logout, editor and form post all use %s as %s', async (input, used) => {
    const page = await (await visit(HOST, `/login?return=${encodeURIComponent(input)}`)).text();
    expect(attribute(page, /<input\b[^>]*name="return"[^>]*>/, 'value')).toBe(used);
    const loggedOut = await postForm(HOST, '/api/auth/Logout', { frameUrl: input }, { cookies: owner });
    expect(loggedOut.headers.get('location')).toBe(`${used}${used.includes('?') ? '&' : '?'}logout=true`);
    const editor = await (await visit(HOST, `/config/?frameUrl=${encodeURIComponent(input)}`, { headers: { Cookie: owner } })).text();
    expect(attribute(editor, /<iframe\b[^>]*>/, 'src')).toBe(used);
  });
});

describe('redirects the site makes of its own', () => {
  it('never answers a store post or a lock screen with a protocol-relative Location', async () => {
    for (const path of ['//evil.example/', '//evil.example/cart']) {
      const res = await postForm(HOST, path, { crumb: CRUMB }, { headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' } });
      const location = res.headers.get('location');
      if (location !== null) expectSameSite(location, `POST ${path}`);
    }
  });
});
