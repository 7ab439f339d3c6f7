// The form outbox through an origin outage (issue 26 §2): with API_ORIGIN set, when the origin cannot issue a
// submission key in time (500s, connection refused, a stall past the time-out) the edge issues its own (signed, single
// use, bound to the site and form), keeps the submission in the outbox and answers the visitor's success, with and
// without JavaScript; once the origin is back every accepted submission reaches it once, under one Idempotency-Key.
// An entry the origin never takes ends as a dead letter, kept, counted and listed for operations, then erased.
//
// The time-out is API_TIMEOUT_MS, set to 300 ms here (viaProxy), so the stall phase stalls 1.5 s rather than the
// issue's 10 s: what matters is a stall longer than the time-out. A refused connection is what Cloudflare answers a
// Worker for an origin that refuses it, 521 (the fake origin's 'down'); the Worker's fetch failing outright is what
// the stall produces when the edge gives up waiting (a TimeoutError).
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENVELOPE_NAMES, NATIVE_SUBMIT_PATH, partName } from '../shared/form-post.ts';
import { EDGE_KEY_PREFIX, issueEdgeFormKey } from '../worker/forms/keys.ts';
import { KEY_EXPIRED_MESSAGE, KEY_INVALID_MESSAGE } from '../worker/api/forms.ts';
import { OUTBOX_GIVE_UP, OUTBOX_RETENTION_MS } from '../worker/http/limits.ts';
import { UNAVAILABLE_MESSAGE } from '../worker/http/request.ts';
import type { FormOutbox } from '../worker/durable/form-outbox.ts';
import { originReceived, originStored, proxyRequest, publishCopy, setCookies, setOrigin, viaProxy } from './support/api.ts';
import { CRUMB } from './support/auth.ts';
import type { OriginMode } from './support/outbound.ts';
import { visit } from './support/sites.ts';

/** API_TIMEOUT_MS in these tests, and a stall well past it. */
const TIMEOUT_MS = 300;
const STALL_MS = 1500;

let visitors = 0;
/** Each visitor its own client address, so no address's submission budget is what a test meets. */
const nextAddress = () => `198.51.100.${++visitors}`;

interface Site {
  id: string;
  host: string;
  origin: string;
}

async function site(identifier: string): Promise<Site> {
  const { host } = await publishCopy('fernwood', identifier);
  return { id: `site-${identifier}`, host, origin: `${identifier}.origin.example.test` };
}

const outboxOf = (s: Site) => env.FORM_OUTBOX.getByName(s.id);

async function setMode(s: Site, mode: OriginMode, extra: { status?: number; body?: string; delayMs?: number } = {}): Promise<void> {
  await setOrigin(s.origin, { mode, ...extra });
}

/** POST /api/form/FormSubmissionKey as the browser sends it (naming its form), or naming none. */
function keyCall(s: Site, formId: string | null, address: string) {
  const query = formId === null ? '' : `?formId=${encodeURIComponent(formId)}`;
  const req = proxyRequest(s.host, `/api/form/FormSubmissionKey${query}`, { method: 'POST', type: 'text/plain', body: '' }, { address });
  return viaProxy(req, s.origin, TIMEOUT_MS).then((r) => r.res);
}

const contactValues = (message: string) => ({ 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': message });

/** POST /api/form/SaveFormSubmission as the browser sends it: form-encoded, `form` as a JSON string. */
function saveCall(s: Site, key: string, address: string, formId = 'form-contact', values: Record<string, unknown> = contactValues('x')) {
  const body = new URLSearchParams({
    key,
    formId,
    collectionId: 'contact',
    objectName: 'contact-b3',
    isOverlayForm: 'false',
    form: JSON.stringify(values),
  }).toString();
  const req = proxyRequest(
    s.host,
    '/api/form/SaveFormSubmission',
    { method: 'POST', type: 'application/x-www-form-urlencoded', body },
    { address },
  );
  return viaProxy(req, s.origin, TIMEOUT_MS).then((r) => r.res);
}

/** A visitor with JavaScript: the key, then the submission. */
async function jsVisitor(s: Site, message: string): Promise<{ key: string; save: Response }> {
  const address = nextAddress();
  const keyRes = await keyCall(s, 'form-contact', address);
  expect(keyRes.status).toBe(200);
  const { key } = (await keyRes.json()) as { key: string };
  return { key, save: await saveCall(s, key, address, 'form-contact', contactValues(message)) };
}

/** The contact form as a browser posts it without script. */
function noScriptPost(s: Site, message: string, address: string) {
  const fields: [string, string][] = [
    [ENVELOPE_NAMES.formId, 'form-contact'],
    [ENVELOPE_NAMES.objectName, 'contact-b3'],
    [ENVELOPE_NAMES.collectionId, 'contact'],
    [ENVELOPE_NAMES.isOverlayForm, 'false'],
    [ENVELOPE_NAMES.returnTo, '/contact'],
    [partName('c-name', 'First'), 'Ada'],
    [partName('c-name', 'Last'), 'Lovelace'],
    ['c-email', 'ada@example.com'],
    ['c-subject', ''],
    ['c-message', message],
  ];
  const req = proxyRequest(
    s.host,
    NATIVE_SUBMIT_PATH,
    {
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(fields).toString(),
      headers: { Origin: `http://${s.host}` },
    },
    { address },
  );
  return viaProxy(req, s.origin, TIMEOUT_MS).then((r) => r.res);
}

/** The contact form's success message, as the page it returns to draws it. */
const SUCCESS = /<p class="form-submission-text">Thank you — your message is on its way/;

/** Whether the page a post without script returned to shows the success text. */
async function sawSuccess(s: Site, res: Response): Promise<boolean> {
  expect(res.status).toBe(303);
  const flash = setCookies(res).find((c) => c.startsWith('form_flash='))!;
  const page = await visit(s.host, res.headers.get('location')!.replace(/#.*$/, ''), {
    headers: { Cookie: `crumb=${CRUMB}; ${flash.split(';')[0]}` },
  });
  return SUCCESS.test(await page.text());
}

/**
 * Runs the outbox's alarm until nothing waits (each run is one round; a failed round waits for the next). An attempt
 * that began during the stall may still be running (until API_TIMEOUT_MS): a round skips it, so rounds are paced.
 */
async function deliverAll(s: Site, rounds = 40): Promise<void> {
  for (let i = 0; i < rounds && (await outboxOf(s).backlog()).pending > 0; i++) {
    await runDurableObjectAlarm(outboxOf(s));
    await new Promise((r) => setTimeout(r, TIMEOUT_MS / 4));
  }
  expect((await outboxOf(s).backlog()).pending).toBe(0);
}

const messageOf = (body: string) => (JSON.parse(new URLSearchParams(body).get('form')!) as { 'c-message': string })['c-message'];

describe('an origin outage: 500s, connection refused, a stall, recovery', () => {
  let S: Site;
  beforeAll(async () => {
    S = await site('outboxoutage');
    await setOrigin(S.origin, { reset: true });
  });

  it('accepts every submission, with and without JavaScript, and the origin stores each once under one key', async () => {
    /** every submission a visitor was told was received, by its message */
    const accepted: string[] = [];
    const js = async (message: string, expectEdgeKey: boolean) => {
      const { key, save } = await jsVisitor(S, message);
      expect(key.startsWith(EDGE_KEY_PREFIX)).toBe(expectEdgeKey);
      expect(save.status).toBe(200);
      expect(await save.json()).toMatchObject({ success: true });
      accepted.push(message);
    };
    const noScript = async (message: string) => {
      expect(await sawSuccess(S, await noScriptPost(S, message, nextAddress()))).toBe(true);
      accepted.push(message);
    };

    // before the outage: one visitor has the origin's key but has not sent the form yet
    const early = nextAddress();
    const earlyKey = ((await (await keyCall(S, 'form-contact', early)).json()) as { key: string }).key;
    expect(earlyKey).toBe('origin-key-1');
    await js('before the outage', false);

    // the origin answers 500
    await setMode(S, 'status', { status: 500 });
    await js('during the 500s', true);
    await noScript('during the 500s, without script');
    const late = await saveCall(S, earlyKey, early, 'form-contact', contactValues('key fetched before the outage'));
    expect(late.status).toBe(202);
    accepted.push('key fetched before the outage');

    // connections refused: Cloudflare's 521
    await setMode(S, 'down');
    await js('while connections are refused', true);
    await noScript('while connections are refused, without script');
    // the same post twice (a double click, a reload) is one submission: the edge derives its key from the post
    const address = nextAddress();
    expect(await sawSuccess(S, await noScriptPost(S, 'posted twice during the outage', address))).toBe(true);
    expect(await sawSuccess(S, await noScriptPost(S, 'posted twice during the outage', address))).toBe(true);
    accepted.push('posted twice during the outage');

    // a stall longer than the time-out: the edge stops waiting at API_TIMEOUT_MS
    await setMode(S, 'slow', { delayMs: STALL_MS });
    const started = Date.now();
    await js('during the stall', true);
    expect(Date.now() - started).toBeLessThan(STALL_MS);
    await noScript('during the stall, without script');

    // nothing accepted during the outage was lost, and the outbox holds it
    const during = await outboxOf(S).backlog();
    expect(during.pending).toBeGreaterThan(0);
    expect(during.dead).toBe(0);

    // recovery: new visitors get the origin's keys again, and the outbox delivers what waits
    await setMode(S, 'up');
    await js('after recovery', false);
    await deliverAll(S);
    expect(await outboxOf(S).backlog()).toMatchObject({ pending: 0, oldestPendingAt: null, dead: 0 });

    // every accepted submission reached the origin exactly once
    const stored = await originStored(S.origin);
    expect(stored.map((s) => messageOf(s.body)).sort()).toEqual([...accepted].sort());
    for (const s of stored) {
      expect(s.headers['x-sitebuilder-key-issuer'] === 'edge').toBe(s.key.startsWith(EDGE_KEY_PREFIX));
      expect(s.headers['x-sitebuilder-submitted-at']).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    // and none twice with different keys: every delivery of a message (retries after the stall included) had one key
    const keysByMessage = new Map<string, Set<string>>();
    for (const r of await originReceived(S.origin)) {
      if (!r.path.startsWith('/api/form/SaveFormSubmission')) continue;
      const message = messageOf(r.body);
      keysByMessage.set(message, (keysByMessage.get(message) ?? new Set()).add(r.headers['idempotency-key']!));
    }
    for (const [message, keys] of keysByMessage) expect([message, keys.size]).toEqual([message, 1]);
    expect(keysByMessage.size).toBe(accepted.length);
  });
});

describe('POST /api/form/FormSubmissionKey while the origin cannot issue keys', () => {
  let S: Site;
  beforeAll(async () => {
    S = await site('outboxkeys');
    await setOrigin(S.origin, { reset: true });
  });

  it("answers an edge key in the origin's shape for a 500, a 503, a refused connection and a stall, never for its refusals", async () => {
    for (const [mode, extra] of [
      ['status', { status: 500 }],
      ['status', { status: 503 }],
      ['down', {}],
      ['slow', { delayMs: STALL_MS }],
    ] as const) {
      await setMode(S, mode, extra);
      const res = await keyCall(S, 'form-contact', nextAddress());
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['key']);
      expect(String(body.key)).toMatch(/^e1\.[0-9a-z]+\.[\w-]{22}\.[\w-]{43}$/);
    }
    // the origin's own refusals are its word and pass through; a form the site lacks gets no key from the edge
    for (const status of [429, 401]) {
      await setMode(S, 'status', { status, body: `origin says ${status}` });
      const res = await keyCall(S, 'form-contact', nextAddress());
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error: `origin says ${status}` });
    }
    await setMode(S, 'down');
    const unknown = await keyCall(S, 'form-nowhere', nextAddress());
    expect(unknown.status).toBe(503);
    expect(await unknown.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
  });
});

describe('POST /api/form/SaveFormSubmission with an edge key', () => {
  let S: Site;
  let OTHER: Site;
  beforeAll(async () => {
    S = await site('outboxbinding');
    OTHER = await site('outboxbindingother');
    await setOrigin(S.origin, { reset: true });
    await setOrigin(OTHER.origin, { reset: true });
  });

  const edgeKey = async (s: Site, formId: string | null) => {
    await setMode(s, 'down');
    return ((await (await keyCall(s, formId, nextAddress())).json()) as { key: string }).key;
  };

  it('is single use: the same key again answers the first result and stores and delivers nothing more', async () => {
    const key = await edgeKey(S, 'form-contact');
    const address = nextAddress();
    const first = await saveCall(S, key, address, 'form-contact', contactValues('the first use'));
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { success: boolean; submissionId: string };
    expect(answer).toEqual({ success: true, submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const again = await saveCall(S, key, address, 'form-contact', contactValues('a second use'));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(answer);
    expect((await outboxOf(S).backlog()).pending).toBe(1);

    await setMode(S, 'up');
    await deliverAll(S);
    // after delivery the key still answers the same, and nothing goes to the origin again
    const after = await saveCall(S, key, address, 'form-contact', contactValues('a third use'));
    expect(await after.json()).toEqual(answer);
    const received = (await originReceived(S.origin)).filter((r) => r.path.startsWith('/api/form/SaveFormSubmission'));
    expect(received.map((r) => [r.headers['idempotency-key'], messageOf(r.body)])).toEqual([[key, 'the first use']]);
    expect(received[0]!.headers['x-sitebuilder-key-issuer']).toBe('edge');
  });

  it('is bound to its site and form: another form, another site, a forged or expired key is refused', async () => {
    const key = await edgeKey(S, 'form-contact');
    const letters = await saveCall(S, key, nextAddress(), 'form-letters', { 'l-email': 'reader@example.com' });
    expect(letters.status).toBe(400);
    expect(await letters.json()).toEqual({ error: KEY_INVALID_MESSAGE });
    // the same form id on another site
    const elsewhere = await saveCall(OTHER, key, nextAddress(), 'form-contact', contactValues('on another site'));
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({ error: KEY_INVALID_MESSAGE });
    // one character of the signature changed (not the last: its two low bits are base64 padding, ignored on decoding)
    const at = key.length - 10;
    const forged = key.slice(0, at) + (key[at] === 'A' ? 'B' : 'A') + key.slice(at + 1);
    expect((await saveCall(S, forged, nextAddress())).status).toBe(400);
    const expired = await issueEdgeFormKey(env, S.id, 'form-contact', { now: Date.now() - 2 * 60 * 60 * 1000 });
    const old = await saveCall(S, expired, nextAddress());
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({ error: KEY_EXPIRED_MESSAGE });
    // the key itself still works for its own form
    expect((await saveCall(S, key, nextAddress(), 'form-contact', contactValues('bound to its form'))).status).toBe(200);
  });

  it('binds a key asked for without a form to the form of its first submission', async () => {
    const key = await edgeKey(S, null);
    expect((await saveCall(S, key, nextAddress(), 'form-contact', contactValues('unnamed form'))).status).toBe(200);
    const other = await saveCall(S, key, nextAddress(), 'form-letters', { 'l-email': 'reader@example.com' });
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ error: KEY_INVALID_MESSAGE });
  });
});

describe('the outbox: dead letters and erasure', () => {
  let S: Site;
  beforeAll(async () => {
    S = await site('outboxdead');
    await setOrigin(S.origin, { reset: true });
  });

  /** A submission accepted with an edge key while the origin fails; answers its key. */
  async function acceptedAtEdge(message: string): Promise<string> {
    await setMode(S, 'down');
    const { key, save } = await jsVisitor(S, message);
    expect(save.status).toBe(200);
    return key;
  }

  const sql = <T extends Record<string, SqlStorageValue>>(query: string, ...args: SqlStorageValue[]) =>
    runInDurableObject(outboxOf(S), (_: FormOutbox, state: DurableObjectState) => state.storage.sql.exec<T>(query, ...args).toArray());

  it(`gives an entry up after ${OUTBOX_GIVE_UP.attempts} failed attempts: a dead letter, counted and listed without the visitor's data`, async () => {
    const key = await acceptedAtEdge('never delivered: attempts');
    await setMode(S, 'status', { status: 500 });
    for (let i = 0; i < OUTBOX_GIVE_UP.attempts + 5 && (await outboxOf(S).backlog()).pending > 0; i++)
      await runDurableObjectAlarm(outboxOf(S));
    expect(await outboxOf(S).backlog()).toMatchObject({ pending: 0, oldestPendingAt: null, dead: 1 });
    const letters = await outboxOf(S).deadLetters(10);
    expect(letters).toEqual([
      {
        key,
        formId: 'form-contact',
        path: '/api/form/SaveFormSubmission',
        issuer: 'edge',
        createdAt: expect.any(Number),
        deadAt: expect.any(Number),
        attempts: OUTBOX_GIVE_UP.attempts,
        reason: expect.stringContaining('last: status 500'),
        status: null,
        bodyBytes: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(letters)).not.toMatch(/never delivered|ada@example\.com|Lovelace|crumb/);
    // a dead letter is never tried again, and its key still answers the visitor's success
    await setMode(S, 'up');
    await runDurableObjectAlarm(outboxOf(S));
    expect((await originReceived(S.origin)).filter((r) => r.headers['idempotency-key'] === key && r.path.includes('Save'))).toHaveLength(
      OUTBOX_GIVE_UP.attempts,
    );
    expect((await outboxOf(S).backlog()).dead).toBe(1);
  });

  it(`gives an entry up ${OUTBOX_GIVE_UP.afterMs / 86_400_000} days after it was stored, however few its attempts`, async () => {
    const key = await acceptedAtEdge('never delivered: age');
    await runDurableObjectAlarm(outboxOf(S));
    // three days pass
    await sql('UPDATE entries SET created_at = created_at - ? WHERE submission_key = ?', OUTBOX_GIVE_UP.afterMs, key);
    await runDurableObjectAlarm(outboxOf(S));
    const letter = (await outboxOf(S).deadLetters(10)).find((l) => l.key === key)!;
    expect(letter.reason).toMatch(/^not delivered within 72 hours/);
    expect(letter.attempts).toBeLessThan(OUTBOX_GIVE_UP.attempts);
    expect((await outboxOf(S).backlog()).pending).toBe(0);
  });

  it('makes a submission the origin refuses after its visitor was answered a dead letter, with its status', async () => {
    const key = await acceptedAtEdge('refused by the origin later');
    await setMode(S, 'status', { status: 422 });
    await runDurableObjectAlarm(outboxOf(S));
    const letter = (await outboxOf(S).deadLetters(10)).find((l) => l.key === key)!;
    // the outbox's own alarm may have tried it once already while the origin was still out (a busy machine)
    expect(letter).toMatchObject({ reason: 'refused with 422', status: 422 });
  });

  it('erases the visitor data of a delivered entry at once, and a dead letter after the retention, counting it', async () => {
    const delivered = await acceptedAtEdge('delivered, then erased');
    await setMode(S, 'up');
    await deliverAll(S);
    expect(await sql('SELECT state, body, headers_json FROM entries WHERE submission_key = ?', delivered)).toEqual([
      { state: 'delivered', body: '', headers_json: '[]' },
    ]);
    // an alarm stays set while anything is held, so that the retention ends even on a site nobody submits to again
    const alarm = await runInDurableObject(outboxOf(S), (_: FormOutbox, state: DurableObjectState) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();

    const before = await outboxOf(S).backlog();
    expect(before.dead).toBeGreaterThan(0);
    expect(before.deadErased).toBe(0);
    const dead = (await sql<{ n: number }>("SELECT COUNT(*) AS n FROM entries WHERE state = 'dead' AND body != ''"))[0]!.n;
    expect(dead).toBe(before.dead);
    // the retention passes
    await sql("UPDATE entries SET updated_at = updated_at - ? WHERE state != 'pending'", OUTBOX_RETENTION_MS + 1000);
    await runDurableObjectAlarm(outboxOf(S));
    expect(await outboxOf(S).backlog()).toMatchObject({ pending: 0, delivered: 0, dead: 0, deadErased: before.dead });
    expect(await outboxOf(S).deadLetters()).toEqual([]);
    expect(await sql('SELECT submission_key FROM entries')).toEqual([]);
  });
});
