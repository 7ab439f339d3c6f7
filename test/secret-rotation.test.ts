// Rotating SESSION_SECRET (issue 30 §3; docs/operations.md, "Rotating SESSION_SECRET"): sessions, unlock cookies, the
// outcome of a form posted without script, receipts and submission keys made under secret A keep working through the
// real Worker once B is the secret and A the previous one, and stop once A is dropped; what is made during the rotation
// is signed with B. What the release before derived keys signed with the raw secret is still accepted for one release.
// Each purpose has its own key: a signature made for one is worth nothing for another.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { serializeSigned } from 'hono/utils/cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { toBase64Url } from '../shared/base64url.ts';
import { encodeSession, FORM_FLASH_COOKIE, SESSION_COOKIE } from '../shared/cookies.ts';
import { ENVELOPE_NAMES, NATIVE_SUBMIT_PATH, partName } from '../shared/form-post.ts';
import { RECEIPT_COOKIE, STORE_API, type PlacedAnswer } from '../shared/store-api.ts';
import { checkEdgeFormKey, issueEdgeFormKey } from '../worker/forms/keys.ts';
import { decoySubmissionId } from '../worker/forms/spam.ts';
import { app } from '../worker/index.ts';
import { ACCEPTS_RAW_SECRET_SIGNATURES, signedCookie, verifyingKeys, type SecretEnv } from '../worker/security/keys.ts';
import { publishCopy } from './support/api.ts';
import { CRUMB, OWNER_PASSWORD } from './support/auth.ts';
import { contextOf, fixture } from './support/fixtures.ts';

const A = env.SESSION_SECRET!;
const B = 'rotated-session-secret-0123456789abcdefghij';
/** Before the rotation, during it (B signs, A still verifies), and after it (A dropped). */
const BEFORE: SecretEnv = { SESSION_SECRET: A };
const DURING: SecretEnv = { SESSION_SECRET: B, SESSION_SECRET_PREVIOUS: A };
const AFTER: SecretEnv = { SESSION_SECRET: B };

const FERN_ID = 'site-rotation';
const FERN = 'rotation.localhost';
const SHOP = 'rotationshop.localhost';
/** the locked page of fernwood and the first 16 characters of its password's salt (what its unlock cookie binds) */
const LOCK_SALT = fixture('fernwood')
  .pages.find((p) => p.urlId === 'participants')!
  .password!.salt.slice(0, 16);

let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  await publishCopy('fernwood', 'rotation');
  await publishCopy('trailhead', 'rotationshop');
});

/** A request through the real Worker with these secrets (every other binding as the tests have it). */
async function send(secrets: SecretEnv, host: string, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const workerEnv = { ...env, SESSION_SECRET_PREVIOUS: undefined, ...secrets } as typeof env;
  const res = await app.fetch(new Request(`http://${host}${path}`, { redirect: 'manual', ...init }), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The `name=value` pair of the cookie a response sets. */
function cookieOf(res: Response, name: string): string {
  const cookie = res.headers.getAll('set-cookie').find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie (status ${res.status}): ${JSON.stringify(res.headers.getAll('set-cookie'))}`);
  return cookie.split(';')[0]!;
}

const withCrumb = (type: string | null, cookies = '') => ({
  ...(type ? { 'Content-Type': type } : {}),
  Cookie: [`crumb=${CRUMB}`, cookies].filter(Boolean).join('; '),
  'X-CSRF-Token': CRUMB,
  'CF-Connecting-IP': nextAddress(),
});

/** Everything SESSION_SECRET signs, made by a browser through the Worker. */
interface Made {
  session: string;
  unlock: string;
  flash: string;
  receipt: string;
  orderId: string;
  /** one per check: a submission key is good for one submission */
  formKeys: string[];
}

async function make(secrets: SecretEnv): Promise<Made> {
  const login = await send(secrets, FERN, '/api/auth/Login', {
    method: 'POST',
    headers: { ...withCrumb('application/x-www-form-urlencoded'), Accept: 'application/json' },
    body: new URLSearchParams({ email: 'owner@fernwood.example', password: OWNER_PASSWORD }).toString(),
  });
  expect(login.status).toBe(200);
  const unlocked = await send(secrets, FERN, '/participants', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', 'CF-Connecting-IP': nextAddress() },
    body: new URLSearchParams({ password: 'trailmix' }).toString(),
  });
  expect(unlocked.status).toBe(303);
  const posted = await send(secrets, FERN, NATIVE_SUBMIT_PATH, {
    method: 'POST',
    headers: { ...withCrumb('application/x-www-form-urlencoded'), Origin: `http://${FERN}`, 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams([
      [ENVELOPE_NAMES.formId, 'form-contact'],
      [ENVELOPE_NAMES.objectName, 'contact-b3'],
      [ENVELOPE_NAMES.collectionId, 'contact'],
      [ENVELOPE_NAMES.isOverlayForm, 'false'],
      [ENVELOPE_NAMES.returnTo, '/contact'],
      [partName('c-name', 'First'), 'Ada'],
      [partName('c-name', 'Last'), 'Lovelace'],
      ['c-email', 'ada@example.com'],
      ['c-subject', ''],
      ['c-message', 'Posted during a rotation test'],
    ]).toString(),
  });
  expect(posted.status).toBe(303);
  const added = await send(secrets, SHOP, STORE_API.entries, {
    method: 'POST',
    headers: withCrumb('application/json'),
    body: JSON.stringify({ productId: 'p-enamel-mug', sku: 'TH-MUG-CRM', quantity: 1 }),
  });
  expect(added.status).toBe(200);
  const ordered = await send(secrets, SHOP, STORE_API.orders, {
    method: 'POST',
    headers: withCrumb('application/json', cookieOf(added, 'CART')),
    body: JSON.stringify({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '14 Main Road',
      city: 'Hathersage',
      zip: 'S32 1BB',
      country: 'GB',
    }),
  });
  expect(ordered.status).toBe(200);
  const formKeys: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await send(secrets, FERN, '/api/form/FormSubmissionKey', { method: 'POST', headers: withCrumb('text/plain'), body: '' });
    expect(res.status).toBe(200);
    formKeys.push(((await res.json()) as { key: string }).key);
  }
  return {
    session: cookieOf(login, SESSION_COOKIE),
    unlock: cookieOf(unlocked, 'unlock_page_participants'),
    flash: cookieOf(posted, FORM_FLASH_COOKIE),
    receipt: cookieOf(ordered, RECEIPT_COOKIE),
    orderId: ((await ordered.json()) as PlacedAnswer).id,
    formKeys,
  };
}

/** What the Worker with these secrets accepts of what was made (each submission key used at most once). */
async function accepted(
  secrets: SecretEnv,
  made: Made,
  keyIndex: number,
): Promise<Record<keyof Omit<Made, 'orderId' | 'formKeys'> | 'formKey', boolean>> {
  const owner = await send(secrets, FERN, '/api/form/Submissions?formId=form-contact', { headers: { Cookie: made.session } });
  const page = await send(secrets, FERN, '/participants', { headers: { Cookie: made.unlock } });
  const contact = await send(secrets, FERN, '/contact', { headers: { Cookie: `crumb=${CRUMB}; ${made.flash}` } });
  const order = await send(secrets, SHOP, STORE_API.order(made.orderId), { headers: { Cookie: made.receipt } });
  const saved = await send(secrets, FERN, '/api/form/SaveFormSubmission', {
    method: 'POST',
    headers: withCrumb('application/x-www-form-urlencoded'),
    body: new URLSearchParams({
      key: made.formKeys[keyIndex]!,
      formId: 'form-contact',
      collectionId: 'contact',
      objectName: 'contact-b3',
      isOverlayForm: 'false',
      form: JSON.stringify({ 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'rotation' }),
    }).toString(),
  });
  return {
    session: owner.status === 200,
    unlock: contextOf(await page.text()).pageTypeName !== 'LOCK_SCREEN',
    flash: /<p class="form-submission-text">Thank you/.test(await contact.text()),
    receipt: order.status === 200,
    formKey: saved.status === 200,
  };
}

const ALL = { session: true, unlock: true, flash: true, receipt: true, formKey: true };
const NONE = { session: false, unlock: false, flash: false, receipt: false, formKey: false };

describe('rotating SESSION_SECRET', () => {
  it('keeps what A signed working while A is the previous secret, and drops it with A', async () => {
    const made = await make(BEFORE);
    expect(await accepted(BEFORE, made, 0)).toEqual(ALL);
    expect(await accepted(DURING, made, 1)).toEqual(ALL);
    expect(await accepted(AFTER, made, 2)).toEqual(NONE);
  });

  it('signs what is made during the rotation with B: kept once A is dropped, never valid under A', async () => {
    const made = await make(DURING);
    expect(await accepted(AFTER, made, 0)).toEqual(ALL);
    expect(await accepted(BEFORE, made, 1)).toEqual(NONE);
  });

  it('never lets the previous secret alone sign or verify', async () => {
    expect(await verifyingKeys({ SESSION_SECRET_PREVIOUS: A }, 'session')).toEqual([]);
    expect(await signedCookie({ SESSION_SECRET_PREVIOUS: A }, 'session', SESSION_COOKIE, 'x', {})).toBeNull();
  });

  it('signs each purpose with its own key: a session signature is not a receipt', async () => {
    const { orderId } = await make(BEFORE);
    const asSession = (await signedCookie(BEFORE, 'session', RECEIPT_COOKIE, orderId, {}))!.split(';')[0]!;
    const asReceipt = (await signedCookie(BEFORE, 'receipt', RECEIPT_COOKIE, orderId, {}))!.split(';')[0]!;
    expect((await send(BEFORE, SHOP, STORE_API.order(orderId), { headers: { Cookie: asReceipt } })).status).toBe(200);
    expect((await send(BEFORE, SHOP, STORE_API.order(orderId), { headers: { Cookie: asSession } })).status).toBe(404);
  });

  it('keeps edge submission keys and the decoy id across the rotation', async () => {
    const key = await issueEdgeFormKey(BEFORE, FERN_ID, 'form-contact');
    expect(await checkEdgeFormKey(DURING, FERN_ID, 'form-contact', key)).toBe('valid');
    expect(await checkEdgeFormKey(AFTER, FERN_ID, 'form-contact', key)).toBe('invalid');
    const fresh = await issueEdgeFormKey(DURING, FERN_ID, 'form-contact');
    expect(await checkEdgeFormKey(AFTER, FERN_ID, 'form-contact', fresh)).toBe('valid');
    expect(await checkEdgeFormKey(BEFORE, FERN_ID, 'form-contact', fresh)).toBe('invalid');
    // the decoy id is the current secret's: the same for a key while the secret stays, another after
    expect(await decoySubmissionId(DURING, 'k')).toBe(await decoySubmissionId(AFTER, 'k'));
    expect(await decoySubmissionId(BEFORE, 'k')).not.toBe(await decoySubmissionId(AFTER, 'k'));
  });
});

// ----- what the release before derived keys signed: the raw secret, one key for every purpose -----

/** A submission key as the release before signed it (worker/forms/keys.ts at 11cdd86). */
async function rawFormKey(secret: string, websiteId: string): Promise<string> {
  const payload = `${(Date.now() + 60 * 60 * 1000).toString(36)}.${toBase64Url(crypto.getRandomValues(new Uint8Array(16)))}`;
  const hmac = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`form-key:${websiteId}:${payload}`));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/** Hono's signed cookie under the raw secret, as the release before set every one of them. */
const rawCookie = async (name: string, value: string, secret: string) => (await serializeSigned(name, value, secret)).split(';')[0]!;

async function madeRaw(secret: string): Promise<Made> {
  const { orderId } = await make(BEFORE);
  const flash = toBase64Url(JSON.stringify({ o: 'contact-b3', f: 'form-contact', k: 'success', p: '/contact' }));
  return {
    session: await rawCookie(SESSION_COOKIE, encodeSession({ a: 'acct-owner', w: FERN_ID, e: Date.now() + 60 * 60 * 1000 }), secret),
    unlock: await rawCookie('unlock_page_participants', `${FERN_ID}~${LOCK_SALT}`, secret),
    flash: await rawCookie(FORM_FLASH_COOKIE, flash, secret),
    receipt: await rawCookie(RECEIPT_COOKIE, orderId, secret),
    orderId,
    formKeys: [await rawFormKey(secret, FERN_ID), await rawFormKey(secret, FERN_ID), await rawFormKey(secret, FERN_ID)],
  };
}

describe('the upgrade to derived keys', () => {
  it('accepts for one release what the raw secret signed, through a rotation, and not once that secret is gone', async () => {
    expect(ACCEPTS_RAW_SECRET_SIGNATURES).toBe(true);
    const made = await madeRaw(A);
    expect(await accepted(BEFORE, made, 0)).toEqual(ALL);
    expect(await accepted(DURING, made, 1)).toEqual(ALL);
    expect(await accepted(AFTER, made, 2)).toEqual(NONE);
  });

  it('signs nothing with the raw secret any more', async () => {
    const made = await make(BEFORE);
    const value = made.receipt.slice(RECEIPT_COOKIE.length + 1);
    expect(value).not.toBe((await rawCookie(RECEIPT_COOKIE, made.orderId, A)).slice(RECEIPT_COOKIE.length + 1));
  });
});
