// Every route that takes a POST answers a body it cannot read with 400 (413 past its size, 415 for a media type it does
// not take) and a reason, never 500 and never a success: a corpus of malformed bodies against every POST route the
// router holds (a new route is covered without being named here) and the lock screens of the site app.
import { beforeAll, describe, expect, it } from 'vitest';
import { KEY_PATH } from '../worker/api/forms.ts';
import { JSON_MAX_DEPTH } from '../shared/json.ts';
import { call, publishCopy } from './support/api.ts';
import { routedPaths } from './support/routes.ts';

let HOST = '';
let LOCKED_SITE = '';
beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'malformed'));
  ({ host: LOCKED_SITE } = await publishCopy('hollow', 'malformedlocked'));
});

/** Routes that take no body (§7: an empty body): whatever comes is not read, so it cannot be malformed for them. */
const TAKES_NO_BODY = new Set([KEY_PATH, '/api/census/RecordQuickView/sample-productId']);

const B = 'CorpusBoundary7MA4YWxkTrZu0gW';
const MULTIPART = `multipart/form-data; boundary=${B}`;
const part = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** Bytes no encoder would make, the same on every run. */
function randomBytes(length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}

const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

const CORPUS: { name: string; type?: string; body: string | Uint8Array }[] = [
  {
    name: 'truncated multipart',
    type: MULTIPART,
    body: `${part('email', 'owner@fernwood.example')}--${B}\r\nContent-Disposition: form-da`,
  },
  { name: 'multipart whose boundary never closes', type: MULTIPART, body: part('email', 'owner@fernwood.example') + part('password', 'x') },
  { name: 'multipart without a boundary parameter', type: 'multipart/form-data', body: `${part('password', 'x')}--${B}--\r\n` },
  {
    name: 'multipart under another boundary',
    type: `multipart/form-data; boundary=Other${B}`,
    body: `${part('password', 'x')}--${B}--\r\n`,
  },
  { name: 'random bytes as multipart', type: MULTIPART, body: randomBytes(600) },
  { name: 'truncated JSON', type: 'application/json', body: '{"email": "owner@fernwood.example", "passw' },
  { name: `JSON nested ${JSON_MAX_DEPTH + 68} levels`, type: 'application/json', body: deepObject(JSON_MAX_DEPTH + 68) },
  { name: 'JSON nested 60000 levels and never closed', type: 'application/json', body: '['.repeat(60_000) },
  { name: 'random bytes as JSON', type: 'application/json', body: randomBytes(600, 11) },
  { name: 'an empty JSON body', type: 'application/json', body: '' },
  { name: 'random bytes of no declared type', type: 'application/octet-stream', body: randomBytes(600, 13) },
  { name: 'a wrong content type', type: 'text/plain', body: 'email=owner%40fernwood.example&password=x' },
  { name: 'XML', type: 'application/xml', body: '<login><email>owner@fernwood.example</email></login>' },
  { name: 'a body without a content type', body: 'email=owner%40fernwood.example&password=x' },
];

let addresses = 0;

async function send(host: string, path: string, entry: (typeof CORPUS)[number]): Promise<Response> {
  const init: RequestInit & { type?: string } = { method: 'POST', body: entry.body };
  if (entry.type) init.type = entry.type;
  return call(host, path, init, { address: `192.0.2.${(++addresses % 250) + 1}`, headers: { Accept: 'application/json' } });
}

/** The reason an answer gives: the JSON error, or the alert of an HTML page (a lock screen). */
async function reasonOf(res: Response): Promise<string> {
  const text = await res.text();
  if ((res.headers.get('content-type') ?? '').includes('application/json'))
    return String((JSON.parse(text) as { error?: unknown }).error ?? '');
  return /role="alert"[^>]*>([^<]+)</.exec(text)?.[1]?.trim() ?? '';
}

describe('the POST routes', () => {
  it('are read from the router, and include every kind of body reader', () => {
    const posts = routedPaths('POST');
    for (const path of [
      '/api/auth/Login',
      '/api/auth/Logout',
      '/api/census/RecordHit',
      '/api/census/button-click',
      '/api/events/RecordJavascriptErrors',
      '/api/form/SaveFormSubmission',
      '/_forms/submit',
      '/newsletter/unsubscribe',
    ])
      expect(posts).toContain(path);
  });
});

const ROUTES: [string, string][] = [
  ...routedPaths('POST').map((path): [string, string] => ['HOST', path]),
  // the site app's own POST: a password to a locked page, and to a site locked as a whole
  ['HOST', '/participants'],
  ['LOCKED_SITE', '/'],
];

describe.each(ROUTES)('%s %s', (which, path) => {
  it.each(CORPUS)('answers $name with 400, 413 or 415 and a reason, never 500', async (entry) => {
    const res = await send(which === 'HOST' ? HOST : LOCKED_SITE, path, entry);
    if (TAKES_NO_BODY.has(path)) {
      expect(res.status).toBeLessThan(500);
      await res.body?.cancel();
      return;
    }
    expect([400, 413, 415], `${res.status} ${res.headers.get('content-type')}`).toContain(res.status);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect((await reasonOf(res)).length).toBeGreaterThan(5);
  });
});

describe('JSON inside a form field', () => {
  const deep = deepObject(JSON_MAX_DEPTH + 1);
  it.each([
    ['/api/census/RecordHit', { event: '1', data: deep }, 'data: The JSON is nested too deeply'],
    ['/api/events/RecordEvent', { event: 'nav', data: deep }, 'data: The JSON is nested too deeply'],
    ['/api/events/Trace', { data: deep }, 'data: The JSON is nested too deeply'],
    ['/api/form/SaveFormSubmission', { key: 'k', formId: 'form-contact', form: deep }, 'form: The JSON is nested too deeply'],
  ] as [string, Record<string, string>, string][])('%s refuses a field nested too deeply with 400', async (path, fields, reason) => {
    const res = await call(HOST, path, {
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(`${reason}: at most ${JSON_MAX_DEPTH} levels`);
  });

  it(`accepts JSON nested ${JSON_MAX_DEPTH} levels where the schema allows it`, async () => {
    const res = await call(HOST, '/api/census/overlay', { method: 'POST', type: 'application/json', body: deepObject(JSON_MAX_DEPTH - 1) });
    expect(res.status).toBe(204);
  });
});
