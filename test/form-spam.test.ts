// Form spam defences at the edge (issue 14 item 8): the honeypot answered as stored with nothing stored, Cloudflare
// Turnstile verified before anything is stored (a fake siteverify in test/support/outbound.ts), and the per-form budget
// across every client address, on the API and on the no-script endpoint, for form blocks, newsletter blocks and the
// popup overlay.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENVELOPE_NAMES, NATIVE_SUBMIT_PATH, partName, TURNSTILE_RESPONSE_NAME } from '../shared/form-post.ts';
import { FORM_MESSAGES } from '../shared/form-values.ts';
import { validateSnapshot } from '../worker/hosting/validate.ts';
import { issueFormKey } from '../worker/forms/keys.ts';
import { FORM_FLOOD_BUDGET, FORM_SUBMISSION_BUDGET } from '../worker/http/limits.ts';
import { UNAVAILABLE_MESSAGE } from '../worker/http/request.ts';
import { parseSettings } from '../worker/http/config.ts';
import { HONEYPOT_LABEL, TURNSTILE_NOSCRIPT_TEXT } from '../worker/blocks/form/form.view.tsx';
import { throttleOf } from '../worker/durable/sliding-window-throttle.ts';
import { siteverifyRefusal, TURNSTILE_MESSAGES, TURNSTILE_SCRIPT_URL, turnstileSecretFor } from '../worker/forms/spam.ts';
import { app } from '../worker/index.ts';
import { call, originReceived, postForm, postJson, proxyRequest, publishCopy, setCookies, setOrigin, viaProxy } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';
import { fixture } from './support/fixtures.ts';
import { TEST_TURNSTILE_SITE_KEY, TURNSTILE_TEST_SECRET, UNKNOWN_SITE_KEY, WRONG_SECRET_SITE_KEY } from './support/outbound.ts';
import { visit } from './support/sites.ts';

const ORIGIN = 'spam.origin.example.test';

let TRAP = ''; // fernwood, no Turnstile
let TS = ''; // fernwood with Turnstile
let KETTLE_TS = ''; // kettle (newsletter block) with Turnstile
let WRONG = ''; // a site key whose secret siteverify refuses
let UNKNOWN = ''; // a site key the Worker has no secret for
let FLOOD = ''; // fernwood, for the per-form budget
const owners: Record<string, string> = {};

const withTurnstile = (siteKey: string) => (s: { settings: { turnstile?: { siteKey: string } } }) => {
  s.settings.turnstile = { siteKey };
};

beforeAll(async () => {
  ({ host: TRAP } = await publishCopy('fernwood', 'spamtrap'));
  ({ host: TS } = await publishCopy('fernwood', 'spamturnstile', withTurnstile(TEST_TURNSTILE_SITE_KEY)));
  ({ host: KETTLE_TS } = await publishCopy('kettle', 'spamkettle', withTurnstile(TEST_TURNSTILE_SITE_KEY)));
  ({ host: WRONG } = await publishCopy('fernwood', 'spamwrongsecret', withTurnstile(WRONG_SECRET_SITE_KEY)));
  ({ host: UNKNOWN } = await publishCopy('fernwood', 'spamnosecret', withTurnstile(UNKNOWN_SITE_KEY)));
  ({ host: FLOOD } = await publishCopy('fernwood', 'spamflood'));
  for (const host of [TRAP, TS, WRONG, UNKNOWN, FLOOD]) owners[host] = await login(host, 'owner@fernwood.example');
  owners[KETTLE_TS] = await login(KETTLE_TS, 'owner@kettle.example');
});

const siteIdOf = (host: string) => `site-${host.split('.')[0]}`;
const keyFor = (host: string) => issueFormKey(env, siteIdOf(host));

const CONTACT = { 'c-name': { First: 'Ada', Last: 'Lovelace' }, 'c-email': 'ada@example.com', 'c-subject': '', 'c-message': 'Hello' };
const LETTER = { 'l-email': 'reader@example.com' };
const KETTLE_LETTER = { 'k-name': ['Nell', 'Hargreaves'], 'k-email': 'nell@example.com' };

interface SaveOptions {
  host?: string;
  formId?: string;
  objectName?: string;
  isOverlayForm?: boolean;
  values?: Record<string, unknown>;
  extra?: Record<string, string>;
  address?: string;
  key?: string;
}

async function save(opts: SaveOptions = {}): Promise<{ res: Response; key: string }> {
  const host = opts.host ?? TRAP;
  const key = opts.key ?? (await keyFor(host));
  const res = await postForm(
    host,
    '/api/form/SaveFormSubmission',
    {
      key,
      formId: opts.formId ?? 'form-contact',
      collectionId: 'contact',
      objectName: opts.objectName ?? 'contact-b3',
      isOverlayForm: String(opts.isOverlayForm ?? false),
      form: JSON.stringify(opts.values ?? CONTACT),
      ...opts.extra,
    },
    { address: opts.address ?? '203.0.113.7' },
  );
  return { res, key };
}

async function stored(host: string, formId: string): Promise<{ total: number; submissions: { values: Record<string, unknown> }[] }> {
  const res = await call(host, `/api/form/Submissions?formId=${formId}`, {}, { cookies: owners[host], crumb: false });
  expect(res.status).toBe(200);
  return res.json();
}

/** A form as a browser posts it without script. */
function nativePost(host: string, fields: [string, string][], address = '203.0.113.50'): Promise<Response> {
  return visit(host, NATIVE_SUBMIT_PATH, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: `http://${host}`,
      'Sec-Fetch-Site': 'same-origin',
      Cookie: `crumb=${CRUMB}`,
      'CF-Connecting-IP': address,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const envelope = (formId: string, objectName: string, returnTo: string, isOverlayForm = false): [string, string][] => [
  [ENVELOPE_NAMES.formId, formId],
  [ENVELOPE_NAMES.objectName, objectName],
  [ENVELOPE_NAMES.collectionId, 'contact'],
  [ENVELOPE_NAMES.isOverlayForm, String(isOverlayForm)],
  [ENVELOPE_NAMES.returnTo, returnTo],
];

const contactPost = (message: string, extra: [string, string][] = []): [string, string][] => [
  ...envelope('form-contact', 'contact-b3', '/contact'),
  [partName('c-name', 'First'), 'Ada'],
  [partName('c-name', 'Last'), 'Lovelace'],
  ['c-email', 'ada@example.com'],
  ['c-subject', ''],
  ['c-message', message],
  ...extra,
];

/** The page a 303 goes back to, with the flash cookie it left. */
async function followBack(host: string, res: Response): Promise<string> {
  expect(res.status).toBe(303);
  const flash = setCookies(res)
    .find((c) => c.startsWith('form_flash='))!
    .split(';')[0]!;
  const page = await visit(host, res.headers.get('location')!.replace(/#.*$/, ''), { headers: { Cookie: `crumb=${CRUMB}; ${flash}` } });
  return page.text();
}

async function verifiedTimes(token: string): Promise<{ count: number; fields: Record<string, string> }> {
  return (await fetch(`https://challenges.cloudflare.com/__control?token=${encodeURIComponent(token)}`)).json();
}

let tokens = 0;
/** A token the fake siteverify passes once, solved on `host`. */
const passToken = (host: string) => `pass:${host}:${++tokens}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the honeypot', () => {
  it('answers an API submission that fills it as stored (200, a submission id), and stores nothing', async () => {
    const { res, key } = await save({ extra: { [ENVELOPE_NAMES.honeypot]: 'https://cheap-pills.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { success: boolean; submissionId: string };
    expect(body.success).toBe(true);
    expect(body.submissionId).toMatch(UUID);
    // the same key again answers the same id, as a stored submission's reused key does
    const again = await save({ key, extra: { [ENVELOPE_NAMES.honeypot]: 'https://cheap-pills.example' } });
    expect(((await again.res.json()) as { submissionId: string }).submissionId).toBe(body.submissionId);
    expect((await stored(TRAP, 'form-contact')).total).toBe(0);
  });

  it('drops a JSON submission that fills it, and stores one whose honeypot is empty', async () => {
    const trapped = await postJson(
      TRAP,
      '/api/form/SaveFormSubmission',
      { key: await keyFor(TRAP), formId: 'form-contact', form: CONTACT, [ENVELOPE_NAMES.honeypot]: 'x' },
      { address: '203.0.113.8' },
    );
    expect(trapped.status).toBe(200);
    expect(((await trapped.json()) as { success: boolean }).success).toBe(true);
    expect((await stored(TRAP, 'form-contact')).total).toBe(0);
    // values the edge would refuse are refused as a visitor's would be: the answer tells a bot nothing
    const refused = await postJson(
      TRAP,
      '/api/form/SaveFormSubmission',
      { key: await keyFor(TRAP), formId: 'form-workshop', form: {}, [ENVELOPE_NAMES.honeypot]: 'x' },
      { address: '203.0.113.8' },
    );
    const visitor = await postJson(
      TRAP,
      '/api/form/SaveFormSubmission',
      { key: await keyFor(TRAP), formId: 'form-workshop', form: {} },
      { address: '203.0.113.18' },
    );
    expect(refused.status).toBe(visitor.status);
    expect(await refused.json()).toEqual(await visitor.json());
    expect((await stored(TRAP, 'form-workshop')).total).toBe(0);

    const real = await save({
      formId: 'form-letters',
      objectName: 'popup-overlay',
      values: LETTER,
      extra: { [ENVELOPE_NAMES.honeypot]: '' },
    });
    expect(real.res.status).toBe(200);
    expect((await stored(TRAP, 'form-letters')).total).toBe(1);
  });

  it('drops a popup overlay signup (isOverlayForm) that fills it', async () => {
    const before = (await stored(TRAP, 'form-letters')).total;
    const { res } = await save({
      formId: 'form-letters',
      objectName: 'popup-overlay',
      isOverlayForm: true,
      values: LETTER,
      extra: { [ENVELOPE_NAMES.honeypot]: 'me' },
    });
    expect(res.status).toBe(200);
    expect((await stored(TRAP, 'form-letters')).total).toBe(before);
  });

  it('does not count dropped submissions against the address budget', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i <= FORM_SUBMISSION_BUDGET.submissions; i++) {
      const { res } = await save({ address, extra: { [ENVELOPE_NAMES.honeypot]: `spam ${i}` } });
      expect(res.status).toBe(200);
    }
    const real = await save({ address, values: { ...CONTACT, 'c-message': 'A real one' } });
    expect(real.res.status).toBe(200);
    const list = await stored(TRAP, 'form-contact');
    expect(list.total).toBe(1);
    expect(list.submissions[0]!.values['c-message']).toBe('A real one');
  });

  it('is refused like a visitor while a flood is on: 429 with Retry-After, never the 200 that would tell a bot it is dropped', async () => {
    const { host } = await publishCopy('fernwood', 'spamtrapflood');
    owners[host] = await login(host, 'owner@fernwood.example');
    // the form's budget across every address is spent (a flood), then a visitor and a bot each post once
    const total = throttleOf(env, 'form-total', siteIdOf(host), 'form-contact');
    for (let i = 0; i < FORM_FLOOD_BUDGET.submissions; i++) await total.take(FORM_FLOOD_BUDGET.submissions, FORM_FLOOD_BUDGET.windowMs);
    const visitor = await save({ host, address: '198.51.100.61', values: { ...CONTACT, 'c-message': 'A real one' } });
    const bot = await save({ host, address: '198.51.100.62', extra: { [ENVELOPE_NAMES.honeypot]: 'https://spam.example' } });
    expect(visitor.res.status).toBe(429);
    expect(bot.res.status).toBe(429);
    expect(await bot.res.json()).toEqual(await visitor.res.json());
    expect(bot.res.headers.get('retry-after')).toMatch(/^\d+$/);
    // without script, the bot is sent back to the same page with the same message as the visitor
    const html = await followBack(
      host,
      await nativePost(host, contactPost('Buy now', [[ENVELOPE_NAMES.honeypot, 'https://spam.example']])),
    );
    expect(html).toContain(FORM_MESSAGES.rateLimited);
    expect((await stored(host, 'form-contact')).total).toBe(0);
  });

  it("is refused like a visitor once its address's budget is spent", async () => {
    const { host } = await publishCopy('fernwood', 'spamtrapaddress');
    const address = '198.51.100.70';
    for (let i = 0; i < FORM_SUBMISSION_BUDGET.submissions; i++) {
      expect((await save({ host, address, values: { ...CONTACT, 'c-message': `Message ${i}` } })).res.status).toBe(200);
    }
    const bot = await save({ host, address, extra: { [ENVELOPE_NAMES.honeypot]: 'x' } });
    expect(bot.res.status).toBe(429);
  });

  it('answers a form posted without script that fills it with the success page, and stores nothing', async () => {
    const before = (await stored(TRAP, 'form-contact')).total;
    const res = await nativePost(TRAP, contactPost('Buy now', [[ENVELOPE_NAMES.honeypot, 'https://spam.example']]));
    const html = await followBack(TRAP, res);
    expect(html).toMatch(/<p class="form-submission-text">Thank you — your message is on its way/);
    expect((await stored(TRAP, 'form-contact')).total).toBe(before);
    // and with it empty, as a visitor's browser posts it, the message is stored
    const real = await nativePost(TRAP, contactPost('From a visitor', [[ENVELOPE_NAMES.honeypot, '']]));
    expect(real.status).toBe(303);
    expect((await stored(TRAP, 'form-contact')).total).toBe(before + 1);
  });

  it('drops a newsletter block signup posted without script that fills it', async () => {
    const host = KETTLE_TS;
    const res = await nativePost(host, [
      ...envelope('form-kettle-letter', 'contact-b2', '/contact'),
      [partName('k-name', 'First'), 'Bot'],
      [partName('k-name', 'Last'), 'Bot'],
      ['k-email', 'bot@example.com'],
      [ENVELOPE_NAMES.honeypot, 'filled'],
    ]);
    const html = await followBack(host, res);
    expect(html).toContain('Thank you! Your first letter arrives on the first Friday of next month.');
    expect((await stored(host, 'form-kettle-letter')).total).toBe(0);
    expect((await verifiedTimes('')).count).toBe(0);
  });

  it('is in every visitor form: out of sight, out of the tab order, hidden from assistive technology, labelled', async () => {
    const pages: [string, string, number][] = [
      [TRAP, '/contact', 2], // the form block and the popup overlay
      [TRAP, '/workshops', 2],
      [KETTLE_TS, '/contact', 1], // the newsletter block
      [TRAP, '/popup-overlay', 1],
    ];
    for (const [host, path, count] of pages) {
      const html = await (await visit(host, path)).text();
      const body = html.slice(0, html.indexOf('id="site-islands"'));
      const traps = [...body.matchAll(/<div class="form-hp" aria-hidden="true"><label for="([^"]+)">([^<]+)<\/label><input ([^>]+)\/?>/g)];
      expect(traps.length, `${host}${path}`).toBe(count);
      expect(body.match(/<form /g)!.filter(Boolean).length).toBeGreaterThanOrEqual(count);
      for (const [, id, label, attrs] of traps) {
        expect(label).toBe(HONEYPOT_LABEL);
        expect(attrs).toContain(`id="${id}"`);
        expect(attrs).toContain(`name="${ENVELOPE_NAMES.honeypot}"`);
        expect(attrs).toContain('tabindex="-1"');
        expect(attrs.toLowerCase()).toContain('autocomplete="off"');
        expect(attrs).toContain('data-1p-ignore=""');
        expect(attrs).toContain('data-lpignore="true"');
        expect(attrs).toContain('value=""');
      }
    }
    const css = await (
      await visit(TRAP, (await (await visit(TRAP, '/contact')).text()).match(/href="(\/_runtime\/styles[^"]+)"/)![1]!)
    ).text();
    expect(css).toMatch(/\.form-hp\{position:absolute!important;width:1px;height:1px;overflow:hidden;clip-path:inset\(50%\)/);
  });

  it('is dropped at the edge in proxy mode too: nothing reaches the origin', async () => {
    await setOrigin(ORIGIN, { reset: true });
    const req = proxyRequest(TRAP, '/api/form/SaveFormSubmission', {
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: new URLSearchParams({
        key: 'origin-key-77',
        formId: 'form-contact',
        form: JSON.stringify(CONTACT),
        [ENVELOPE_NAMES.honeypot]: 'x',
      }).toString(),
    });
    const { res } = await viaProxy(req, ORIGIN);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    expect(await originReceived(ORIGIN)).toEqual([]);
  });
});

describe('Cloudflare Turnstile', () => {
  it('loads the widget and its script, and allows exactly its origin, only on the form pages of a site that uses it', async () => {
    // a page of the strict policy: the script by its nonce, and Turnstile's origin named
    const strict = await visit(TS, '/popup-overlay');
    const csp = strict.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic' https:\/\/challenges\.cloudflare\.com;/);
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    expect(await strict.text()).toContain(`<script src="${TURNSTILE_SCRIPT_URL}" nonce="${nonce}" async="" defer="">`);
    // the contact page (owner markdown: the owner-code policy, whose https: covers it): the form block and the popup
    const res = await visit(TS, '/contact');
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval' https:;");
    expect(html).toContain(`<script src="${TURNSTILE_SCRIPT_URL}"`);
    expect(html.match(new RegExp(`class="cf-turnstile form-turnstile[^"]*" data-sitekey="${TEST_TURNSTILE_SITE_KEY}"`, 'g'))!.length).toBe(
      2,
    );
    expect(html).toContain(TURNSTILE_NOSCRIPT_TEXT);
    // the newsletter block
    const kettle = await (await visit(KETTLE_TS, '/contact')).text();
    expect(kettle).toContain(`data-sitekey="${TEST_TURNSTILE_SITE_KEY}"`);
    expect(kettle).toContain(TURNSTILE_SCRIPT_URL);

    // a page without a form (the popup left out by §4's sqsscreenshot rule), and a site without Turnstile
    for (const [host, path] of [
      [TS, '/journal?sqsscreenshot=true'],
      [TRAP, '/contact'],
    ] as const) {
      const other = await visit(host, path);
      expect(other.status).toBe(200);
      expect(other.headers.get('content-security-policy')).not.toContain('challenges.cloudflare.com');
      const text = await other.text();
      expect(text).not.toContain('challenges.cloudflare.com');
      expect(text).not.toContain('cf-turnstile');
    }
  });

  it('refuses an API submission without a token with a clear message, and stores nothing', async () => {
    const { res } = await save({ host: TS });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: TURNSTILE_MESSAGES.missing });
    expect((await stored(TS, 'form-contact')).total).toBe(0);
  });

  it('stores a submission whose token siteverify accepts, asking with the secret, the address and an idempotency key', async () => {
    const token = passToken(TS);
    const { res } = await save({ host: TS, address: '198.51.100.77', extra: { [TURNSTILE_RESPONSE_NAME]: token } });
    expect(res.status).toBe(200);
    const seen = await verifiedTimes(token);
    expect(seen.count).toBe(1);
    expect(seen.fields).toMatchObject({ secret: TURNSTILE_TEST_SECRET, response: token, remoteip: '198.51.100.77' });
    expect(seen.fields.idempotency_key).toMatch(UUID);
    expect((await stored(TS, 'form-contact')).total).toBe(1);
  });

  it('answers a reused submission key as the first time, without spending another check', async () => {
    const token = passToken(TS);
    const first = await save({ host: TS, extra: { [TURNSTILE_RESPONSE_NAME]: token } });
    const id = ((await first.res.json()) as { submissionId: string }).submissionId;
    const again = await save({ host: TS, key: first.key, extra: { [TURNSTILE_RESPONSE_NAME]: token } });
    expect(again.res.status).toBe(200);
    expect(again.res.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.res.json()) as { submissionId: string }).submissionId).toBe(id);
    expect((await verifiedTimes(token)).count).toBe(1);
  });

  it('refuses a token that is made up, used before, solved on another host or too long', async () => {
    const before = (await stored(TS, 'form-contact')).total;
    const used = passToken(TS);
    expect((await save({ host: TS, extra: { [TURNSTILE_RESPONSE_NAME]: used } })).res.status).toBe(200);
    const long = `pass:${TS}:${'x'.repeat(2100)}`;
    for (const token of ['made-up', used, passToken('elsewhere.example'), long]) {
      const { res } = await save({ host: TS, extra: { [TURNSTILE_RESPONSE_NAME]: token } });
      expect(res.status, token.slice(0, 40)).toBe(400);
      expect(await res.json()).toEqual({ error: TURNSTILE_MESSAGES.failed });
    }
    expect((await verifiedTimes(long)).count).toBe(0);
    expect((await stored(TS, 'form-contact')).total).toBe(before + 1);
  });

  it('answers 503 and stores nothing when siteverify cannot be reached (asked twice) or the secret is wrong or missing', async () => {
    const before = (await stored(TS, 'form-contact')).total;
    const down = `pass:${TS}:down`;
    const unreachable = await save({ host: TS, extra: { [TURNSTILE_RESPONSE_NAME]: down } });
    expect(unreachable.res.status).toBe(503);
    expect(await unreachable.res.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    expect((await verifiedTimes(down)).count).toBe(2);
    expect((await stored(TS, 'form-contact')).total).toBe(before);

    for (const host of [WRONG, UNKNOWN]) {
      const { res } = await save({ host, extra: { [TURNSTILE_RESPONSE_NAME]: passToken(host) } });
      expect(res.status, host).toBe(503);
      expect(await res.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
      expect((await stored(host, 'form-contact')).total).toBe(0);
    }
  });

  it('takes TURNSTILE_SECRET_KEY as one secret for every site, and refuses every submission without it', async () => {
    const send = async (secret: string | undefined, token: string) => {
      const req = proxyRequest(TS, '/api/form/SaveFormSubmission', {
        method: 'POST',
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({
          key: await keyFor(TS),
          formId: 'form-letters',
          form: JSON.stringify(LETTER),
          [TURNSTILE_RESPONSE_NAME]: token,
        }).toString(),
      });
      const ctx = createExecutionContext();
      const res = await app.fetch(req, { ...env, TURNSTILE_SECRET_KEY: secret }, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    expect((await send(TURNSTILE_TEST_SECRET, passToken(TS))).status).toBe(200);
    const missing = await send(undefined, passToken(TS));
    expect(missing.status).toBe(503);
    expect((await stored(TS, 'form-letters')).total).toBe(1);
  });

  it('lets the honeypot answer first: no check is spent on a bot', async () => {
    const token = passToken(TS);
    const { res } = await save({ host: TS, extra: { [ENVELOPE_NAMES.honeypot]: 'x', [TURNSTILE_RESPONSE_NAME]: token } });
    expect(res.status).toBe(200);
    expect((await verifiedTimes(token)).count).toBe(0);
  });

  it('checks a newsletter block signup and a popup overlay signup on the API', async () => {
    const refused = await save({ host: KETTLE_TS, formId: 'form-kettle-letter', objectName: 'contact-b2', values: KETTLE_LETTER });
    expect(refused.res.status).toBe(400);
    const ok = await save({
      host: KETTLE_TS,
      formId: 'form-kettle-letter',
      objectName: 'contact-b2',
      values: KETTLE_LETTER,
      extra: { [TURNSTILE_RESPONSE_NAME]: passToken(KETTLE_TS) },
    });
    expect(ok.res.status).toBe(200);
    expect((await stored(KETTLE_TS, 'form-kettle-letter')).total).toBe(1);

    const before = (await stored(TS, 'form-letters')).total;
    const popup = { formId: 'form-letters', objectName: 'popup-overlay', isOverlayForm: true, values: LETTER, host: TS };
    expect((await save(popup)).res.status).toBe(400);
    expect((await save({ ...popup, extra: { [TURNSTILE_RESPONSE_NAME]: passToken(TS) } })).res.status).toBe(200);
    expect((await stored(TS, 'form-letters')).total).toBe(before + 1);
  });

  it('checks forms posted without script: no script says so, values kept; a token from the widget is verified', async () => {
    const before = (await stored(TS, 'form-contact')).total;
    // JavaScript off: the widget never ran, its control is not in the post
    const noScript = await followBack(TS, await nativePost(TS, contactPost('Without script')));
    expect(noScript).toContain(TURNSTILE_MESSAGES.missingNoScript);
    expect(noScript).toContain('Without script</textarea>');
    // script on but the check unfinished: the widget's control is there, empty
    const unfinished = await followBack(TS, await nativePost(TS, contactPost('Too quick', [[TURNSTILE_RESPONSE_NAME, '']])));
    expect(unfinished).toContain(TURNSTILE_MESSAGES.missing);
    const refused = await followBack(TS, await nativePost(TS, contactPost('Made up', [[TURNSTILE_RESPONSE_NAME, 'made-up']])));
    expect(refused).toContain(TURNSTILE_MESSAGES.failed);
    expect(refused).not.toContain('made-up');
    expect((await stored(TS, 'form-contact')).total).toBe(before);

    const ok = await followBack(TS, await nativePost(TS, contactPost('Solved', [[TURNSTILE_RESPONSE_NAME, passToken(TS)]])));
    expect(ok).toMatch(/<p class="form-submission-text">Thank you — your message is on its way/);
    expect((await stored(TS, 'form-contact')).total).toBe(before + 1);

    // the popup overlay's signup posted before its island woke
    const letters = (await stored(TS, 'form-letters')).total;
    const popup = await nativePost(TS, [
      ...envelope('form-letters', 'popup-overlay', '/journal', true),
      ['l-email', 'early@example.com'],
      [TURNSTILE_RESPONSE_NAME, passToken(TS)],
    ]);
    expect(popup.status).toBe(303);
    expect((await stored(TS, 'form-letters')).total).toBe(letters + 1);
  });
});

describe('the per-form budget across every client address', () => {
  it('stops a flood spread over many addresses at the budget, with 429 and Retry-After, and gives the address its count back', async () => {
    const siteId = siteIdOf(FLOOD);
    // the flood so far: all but two of the window's submissions, from addresses each far under its own budget
    const total = throttleOf(env, 'form-total', siteId, 'form-contact');
    for (let i = 0; i < FORM_FLOOD_BUDGET.submissions - 2; i++) await total.take(FORM_FLOOD_BUDGET.submissions, FORM_FLOOD_BUDGET.windowMs);
    for (const address of ['192.0.2.101', '192.0.2.102']) {
      expect((await save({ host: FLOOD, address })).res.status).toBe(200);
    }
    const refused = await save({ host: FLOOD, address: '192.0.2.103' });
    expect(refused.res.status).toBe(429);
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.res.json()).toEqual({ error: FORM_MESSAGES.rateLimited });
    expect((await stored(FLOOD, 'form-contact')).total).toBe(2);
    // the refused address's own budget was not spent
    const own = await throttleOf(env, 'form-address', siteId, '192.0.2.103').take(1000, FORM_SUBMISSION_BUDGET.windowMs);
    expect(own.count).toBe(1);
    // another form of the site has a budget of its own
    expect(
      (await save({ host: FLOOD, formId: 'form-letters', objectName: 'popup-overlay', values: LETTER, address: '192.0.2.104' })).res.status,
    ).toBe(200);
    // without script the visitor reads §8's message
    const html = await followBack(FLOOD, await nativePost(FLOOD, contactPost('Late'), '192.0.2.105'));
    expect(html).toContain(FORM_MESSAGES.rateLimited);
  });
});

describe('rules', () => {
  // TURNSTILE_SECRET_KEY as the configuration reads it (worker/http/config.ts; what it refuses: test/ops-config.test.ts)
  it.each([
    ['one secret for every site key', 'sekrit', TEST_TURNSTILE_SITE_KEY, 'sekrit'],
    ['one secret, trimmed', '  sekrit\n', UNKNOWN_SITE_KEY, 'sekrit'],
    ['a map: the key named', '{"0xA":"one","0xB":"two"}', '0xB', 'two'],
    ['a map: a key not named', '{"0xA":"one"}', '0xB', null],
    ['a map: a key named like an Object property', '{"0xA":"one"}', 'constructor', null],
    ['unset', undefined, '0xA', null],
    ['blank', '  ', '0xA', null],
  ])('turnstileSecretFor: %s', (_name, configured, siteKey, expected) => {
    const parsed = parseSettings({ ...env, TURNSTILE_SECRET_KEY: configured });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(turnstileSecretFor(parsed.settings.turnstile, siteKey)).toBe(expected);
  });

  it.each([
    [['invalid-input-response'], 'token'],
    [['timeout-or-duplicate'], 'token'],
    [['missing-input-response'], 'token'],
    [['bad-request'], 'token'],
    [[], 'token'],
    [['invalid-input-secret'], 'configuration'],
    [['missing-input-secret'], 'configuration'],
    [['internal-error'], 'unavailable'],
  ] as const)('siteverify %j is the fault of the %s', (codes, fault) => {
    expect(siteverifyRefusal(codes)).toBe(fault);
  });

  it.each([
    ['0x4AAAAAAABkMYinukE8nzY', true],
    ['1x00000000000000000000AA', true],
    ['3x00000000000000000000FF', true],
    ['4AAAAAAABkMYinukE8nzY', false],
    ['0x<script>', false],
    ['0xshort', false],
    ['', false],
  ])('a Turnstile site key %j is valid: %s', (siteKey, valid) => {
    const site = structuredClone(fixture('fernwood'));
    (site.settings as { turnstile?: unknown }).turnstile = { siteKey };
    expect(validateSnapshot(site).ok).toBe(valid);
  });
});
