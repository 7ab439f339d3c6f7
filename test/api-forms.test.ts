// The form endpoints served by Durable Objects (no API_ORIGIN): submission keys, submissions checked against the
// form's fields, key reuse, the submission budget, storage that survives a restart, and the owner's list.
import { abortAllDurableObjects, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressRules } from '../shared/address-rules.ts';
import { FIELD_MESSAGES, FORM_MESSAGES } from '../shared/form-values.ts';
import { KEY_EXPIRED_MESSAGE, KEY_INVALID_MESSAGE } from '../worker/api/forms.ts';
import { issueFormKey } from '../worker/forms/keys.ts';
import { BODY_LIMITS, FORM_KEY_TTL_MS, FORM_SUBMISSION_BUDGET } from '../worker/http/limits.ts';
import { call, postForm, postJson, publishCopy } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';

let HOST = '';
let OTHER_HOST = '';
let OWNER = '';
let READER = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'apiforms'));
  ({ host: OTHER_HOST } = await publishCopy('fernwood', 'apiformsother'));
  OWNER = await login(HOST, 'owner@fernwood.example');
  READER = await login(HOST, 'reader@fernwood.example');
});

async function newKey(host = HOST): Promise<string> {
  const res = await call(host, '/api/form/FormSubmissionKey', { method: 'POST' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { key: string }).key;
}

/** A workshop application with a value for every field type. */
const APPLICATION = {
  'w-name': { First: 'Ada', Last: 'Lovelace' },
  'w-email': 'ada@example.com',
  'w-phone': ['555', '123', '4567'],
  'w-website': 'https://ada.example.com',
  'w-address': ['12 Lake Road', '', 'Staveley', 'Cumbria', 'LA8 9NH', 'United Kingdom'],
  'w-years': '3',
  'w-level': 'Confident with the basics',
  'w-kit': ['Tripod', 'Filters'],
  'w-agree': [2, 0, -1],
  'w-hopes': 'Learn to <see> fog & "still" water',
  'w-heard': '',
  'w-workshop': 'Dawn on the Fells — Ill Bell, 16 May 2027',
  'w-alt-date': ['5', '16', '2027'],
  'w-arrival': { Hour: '7', Minute: '', Second: '', Ampm: 'AM' },
  'w-code': 'hunter2',
  source: 'workshops-page',
};

function save(key: string, values: Record<string, unknown>, opts: { formId?: string; address?: string; host?: string } = {}) {
  return postForm(
    opts.host ?? HOST,
    '/api/form/SaveFormSubmission',
    {
      key,
      formId: opts.formId ?? 'form-workshop',
      collectionId: 'workshops',
      objectName: 'block-apply',
      isOverlayForm: 'false',
      form: JSON.stringify(values),
    },
    { address: opts.address ?? '198.51.100.1' },
  );
}

async function submissions(formId = 'form-workshop', cookie = OWNER, query = '') {
  return call(HOST, `/api/form/Submissions?formId=${formId}${query}`, {}, { cookies: cookie, crumb: false });
}

describe('POST /api/form/FormSubmissionKey', () => {
  it('answers a fresh key as JSON, never cached', async () => {
    const res = await call(HOST, '/api/form/FormSubmissionKey', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { key } = (await res.json()) as { key: string };
    expect(key).toMatch(/^[0-9a-z]+\.[\w-]{22}\.[\w-]{43}$/);
    expect(await newKey()).not.toBe(key);
  });

  it('answers 403 crumbFail with a fresh crumb when the token is missing', async () => {
    const res = await call(HOST, '/api/form/FormSubmissionKey', { method: 'POST' }, { crumb: false, cookies: `crumb=${CRUMB}` });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { crumbFail: boolean; crumb: string };
    expect(body.crumbFail).toBe(true);
    expect(body.crumb).toMatch(/^[\w-]{22,}$/);
  });

  it('answers 405 with Allow for another method', async () => {
    const res = await call(HOST, '/api/form/FormSubmissionKey');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toEqual({ error: 'Method Not Allowed' });
  });

  it('answers 413 for a body over its limit', async () => {
    const res = await call(HOST, '/api/form/FormSubmissionKey', {
      method: 'POST',
      type: 'text/plain',
      body: 'x'.repeat(BODY_LIMITS.empty + 1),
    });
    expect(res.status).toBe(413);
  });

  it('answers 404 JSON on a host with no site', async () => {
    const res = await call('nobody-here.localhost', '/api/form/FormSubmissionKey', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe('POST /api/form/SaveFormSubmission', () => {
  it('stores a submission of every field type with its §3 summary, the password masked', async () => {
    const res = await save(await newKey(), APPLICATION);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; submissionId: string };
    expect(body.success).toBe(true);
    const list = (await (await submissions()).json()) as {
      submissions: { id: string; summary: string; values: Record<string, unknown>; objectName: string; isOverlayForm: boolean }[];
    };
    const stored = list.submissions.find((s) => s.id === body.submissionId)!;
    expect(stored.summary.split('\n')).toEqual([
      'Name: Ada Lovelace',
      'Email: ada@example.com',
      'Phone: 555-123-4567',
      'Website: https://ada.example.com',
      'Address: 12 Lake Road, Staveley, Cumbria, LA8 9NH, United Kingdom',
      'Years photographing: 3',
      'Experience: Confident with the basics',
      'Kit: Tripod, Filters',
      'About the day: I am comfortable walking 8 km over rough, wet ground.: Strongly Agree; I enjoy working slowly, with long stretches of quiet.: Neutral; I would like feedback on my photographs during the day.: Disagree',
      'Hopes: Learn to &lt;see&gt; fog &amp; &quot;still&quot; water',
      'Heard about: N/A',
      'Workshop: Dawn on the Fells — Ill Bell, 16 May 2027',
      'Alternative date: 5/16/2027',
      'Earliest arrival: 07:00:00 AM',
      'Returning participant code: __MASKED_FIELD__',
      'Source: workshops-page',
    ]);
    expect(stored.values['w-code']).toBe('__MASKED_FIELD__');
    expect(JSON.stringify(stored)).not.toContain('hunter2');
    expect(stored.values['w-phone']).toEqual({ Country: '', Areacode: '555', Prefix: '123', Line: '4567' });
    expect(stored.objectName).toBe('block-apply');
    expect(stored.isOverlayForm).toBe(false);
  });

  it('answers 400 with a message for each field in error', async () => {
    const res = await save(await newKey(), {
      ...APPLICATION,
      'w-name': { First: '', Last: '' },
      'w-email': 'not-an-address',
      'w-phone': ['55x', '123', '4567'],
      'w-address': ['12 Lake Road', '', '', '', '', ''],
      'w-level': 'Expert',
      'w-agree': [3, 0, 0],
      'w-alt-date': ['2', '30', '2027'],
      'w-arrival': { Hour: '13', Minute: '', Second: '', Ampm: 'AM' },
      'w-workshop': '',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: {
        'w-name': FIELD_MESSAGES.required('Your name'),
        'w-email': FIELD_MESSAGES.email('Email address'),
        'w-phone': FIELD_MESSAGES.phone('Phone number'),
        // fernwood is a UK site: a county (optional) and a postcode (shared/address-rules.ts)
        'w-address': FIELD_MESSAGES.addressOf('Postal address', addressRules('GB')),
        'w-level': FIELD_MESSAGES.choice('How would you describe your experience?'),
        'w-agree': FIELD_MESSAGES.likert('How much do you agree with these statements?'),
        'w-alt-date': FIELD_MESSAGES.date('If that workshop is full, another date that suits you'),
        'w-arrival': FIELD_MESSAGES.time('Earliest time you could arrive'),
        'w-workshop': FIELD_MESSAGES.required('Which workshop would you like to join?'),
      },
    });
  });

  it('answers 400 with the §5 messages for missing required fields, and a failed check does not use the key', async () => {
    const key = await newKey();
    const bad = await save(key, { 'c-subject': 'Buying a print' }, { formId: 'form-contact' });
    expect(await bad.json()).toEqual({
      errors: {
        'c-name': 'Your name is required.',
        'c-email': 'Email address is required.',
        'c-message': 'Message is required.',
      },
    });
    const good = await save(
      key,
      { 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'Hello' },
      { formId: 'form-contact' },
    );
    expect(good.status).toBe(200);
  });

  it("answers 404 with 'This form has not been configured yet.' for an unknown form", async () => {
    const res = await save(await newKey(), {}, { formId: 'form-nowhere' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: FORM_MESSAGES.notConfigured });
  });

  it.each([
    ['no key', { formId: 'form-contact', form: '{}' }, 'key is required'],
    ['no formId', { key: 'k', form: '{}' }, 'formId is required'],
    ['no form', { key: 'k', formId: 'form-contact' }, 'form is required'],
    ['form that is not JSON', { key: 'k', formId: 'form-contact', form: '{nope' }, 'form must be JSON'],
    ['form that is a list', { key: 'k', formId: 'form-contact', form: '[1]' }, 'form must be a JSON object of field ids to values'],
    [
      'isOverlayForm that is not a boolean',
      { key: 'k', formId: 'form-contact', form: '{}', isOverlayForm: 'maybe' },
      'isOverlayForm must be true or false',
    ],
  ])('answers 400 with the reason for %s', async (_, fields, reason) => {
    const res = await postForm(HOST, '/api/form/SaveFormSubmission', fields);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: reason });
  });

  it('refuses a made-up key, a key of another site and an expired key', async () => {
    const values = { 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'Hello' };
    const madeUp = await save('0.aaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', values, { formId: 'form-contact' });
    expect(madeUp.status).toBe(400);
    expect(await madeUp.json()).toEqual({ error: KEY_INVALID_MESSAGE });
    const foreign = await save(await newKey(OTHER_HOST), values, { formId: 'form-contact' });
    expect(await foreign.json()).toEqual({ error: KEY_INVALID_MESSAGE });
    const expired = await save(await issueFormKey(env, 'site-apiforms', Date.now() - FORM_KEY_TTL_MS - 1000), values, {
      formId: 'form-contact',
    });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: KEY_EXPIRED_MESSAGE });
  });

  it.each([
    ['a body that is not JSON', '{"key":', 'The body is not valid JSON.'],
    ['a body that is not an object', '["k"]', 'The body must be a JSON object.'],
  ])('answers 400 for %s', async (_, body, reason) => {
    const res = await call(HOST, '/api/form/SaveFormSubmission', { method: 'POST', type: 'application/json', body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: reason });
  });

  it('takes the same fields as JSON', async () => {
    const res = await postJson(HOST, '/api/form/SaveFormSubmission', {
      key: await newKey(),
      formId: 'form-contact',
      isOverlayForm: true,
      form: { 'c-name': ['Grace', 'Hopper'], 'c-email': 'grace@example.com', 'c-message': 'From JSON' },
    });
    expect(res.status).toBe(200);
  });

  it('answers a reused key with the first result and stores nothing twice', async () => {
    const before = ((await (await submissions('form-contact')).json()) as { total: number }).total;
    const key = await newKey();
    const values = { 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'Only once' };
    const first = await save(key, values, { formId: 'form-contact' });
    const firstBody = await first.json();
    const again = await save(key, { ...values, 'c-message': 'A different message' }, { formId: 'form-contact' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    const list = (await (await submissions('form-contact')).json()) as { total: number; submissions: { summary: string }[] };
    expect(list.total).toBe(before + 1);
    expect(list.submissions.filter((s) => s.summary.includes('A different message'))).toHaveLength(0);
  });

  it("returns 429 once the site's submission budget for an address is spent, and not for another address", async () => {
    const values = { 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'Budget' };
    const address = '203.0.113.99';
    for (let i = 0; i < FORM_SUBMISSION_BUDGET.submissions; i++) {
      expect((await save(await newKey(), values, { formId: 'form-contact', address })).status).toBe(200);
    }
    const over = await save(await newKey(), values, { formId: 'form-contact', address });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: FORM_MESSAGES.rateLimited });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // the budget is per site: the same address on another site is not limited
    const elsewhere = await save(await newKey(OTHER_HOST), values, { formId: 'form-contact', address, host: OTHER_HOST });
    expect(elsewhere.status).toBe(200);
    expect((await save(await newKey(), values, { formId: 'form-contact', address: '203.0.113.100' })).status).toBe(200);
  });

  it('answers 403 crumbFail without the crumb', async () => {
    const res = await postForm(HOST, '/api/form/SaveFormSubmission', { key: 'k', formId: 'form-contact', form: '{}' }, { crumb: false });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { crumbFail: boolean }).crumbFail).toBe(true);
  });

  it('answers 405, 413 and 415 for the wrong method, an oversized body and the wrong content type', async () => {
    expect((await call(HOST, '/api/form/SaveFormSubmission')).status).toBe(405);
    const big = await postForm(HOST, '/api/form/SaveFormSubmission', {
      key: 'k',
      formId: 'form-contact',
      form: JSON.stringify({ 'c-message': 'x'.repeat(BODY_LIMITS.saveFormSubmission) }),
    });
    expect(big.status).toBe(413);
    const text = await call(HOST, '/api/form/SaveFormSubmission', { method: 'POST', type: 'text/plain', body: 'hello' });
    expect(text.status).toBe(415);
  });

  it('keeps stored submissions when the Durable Objects restart', async () => {
    const res = await save(
      await newKey(),
      { 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'Survives a restart' },
      { formId: 'form-contact' },
    );
    const { submissionId } = (await res.json()) as { submissionId: string };
    await abortAllDurableObjects();
    const list = (await (await submissions('form-contact')).json()) as { submissions: { id: string; summary: string }[] };
    expect(list.submissions.find((s) => s.id === submissionId)?.summary).toContain('Message: Survives a restart');
    // and through a new stub of the same object
    const fresh = env.FORM_INBOX.getByName('site-apiforms:form-contact');
    const listed = await fresh.list(1000);
    expect(listed.submissions.some((s) => s.id === submissionId)).toBe(true);
  });
});

describe('GET /api/form/Submissions', () => {
  it('answers 401 to visitors and to accounts without permissions', async () => {
    for (const cookie of ['', READER]) {
      const res = await submissions('form-contact', cookie);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Unauthorized request' });
    }
  });

  it('lists the newest first as JSON for the owner, never cached', async () => {
    const res = await submissions('form-contact');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as { form: { id: string; name: string }; total: number; submissions: { submittedAt: string }[] };
    expect(body.form).toEqual({ id: 'form-contact', name: 'Contact' });
    expect(body.total).toBeGreaterThan(0);
    const times = body.submissions.map((s) => Date.parse(s.submittedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers CSV with format=csv: a header of raw titles, displayed values, quoted and defused cells', async () => {
    const values = { ...APPLICATION, 'w-hopes': 'Commas, "quotes"\nand lines', 'w-heard': '=HYPERLINK("https://evil.example")' };
    expect((await save(await newKey(), values, { address: '198.51.100.77' })).status).toBe(200);
    const res = await submissions('form-workshop', OWNER, '&format=csv&limit=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Workshop-application-submissions.csv"');
    const csv = await res.text();
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'Submitted,Name,Email,Phone,Website,Address,Years photographing,Experience,Kit,About the day,Hopes,Heard about,Workshop,Alternative date,Earliest arrival,Returning participant code,Source',
    );
    expect(row).toContain(',Ada Lovelace,ada@example.com,555-123-4567,');
    expect(csv).toContain('"Commas, ""quotes""\nand lines"');
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(csv).toContain(',__MASKED_FIELD__,');
  });

  it.each([
    ['a format other than json or csv', '&format=xml', 'format must be json or csv'],
    ['a limit that is not a whole number', '&limit=ten', 'limit must be a whole number up to 1000'],
    ['a limit over the page size', '&limit=1001', 'limit must be a whole number up to 1000'],
    ['a negative offset', '&offset=-1', 'offset must be a whole number up to 1000000'],
  ])('answers 400 with the reason for %s', async (_, query, reason) => {
    const res = await submissions('form-contact', OWNER, query);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: reason });
  });

  it('takes an empty limit and offset as their defaults', async () => {
    expect((await submissions('form-contact', OWNER, '&limit=&offset=')).status).toBe(200);
  });

  it('answers 400 without formId, 404 for an unknown form and 405 for POST', async () => {
    expect((await call(HOST, '/api/form/Submissions', {}, { cookies: OWNER, crumb: false })).status).toBe(400);
    expect((await submissions('form-nowhere')).status).toBe(404);
    expect((await call(HOST, '/api/form/Submissions?formId=form-contact', { method: 'POST' }, { cookies: OWNER })).status).toBe(405);
  });
});

describe('GET /api/census/Summary: form submissions', () => {
  it("counts the site's stored submissions of every form, in total and on their day", async () => {
    const { host } = await publishCopy('fernwood', 'apiformsummary');
    const owner = await login(host, 'owner@fernwood.example');
    const figures = async () =>
      (await (await call(host, '/api/census/Summary', {}, { cookies: owner, crumb: false })).json()) as {
        formSubmissions: number;
        days: { day: string; formSubmissions: number }[];
      };
    expect((await figures()).formSubmissions).toBe(0);
    for (const address of ['198.51.100.21', '198.51.100.22']) {
      expect((await save(await newKey(host), APPLICATION, { host, address })).status).toBe(200);
    }
    // a refused submission stores nothing and counts nothing
    expect((await save(await newKey(host), { ...APPLICATION, 'w-email': 'not an address' }, { host })).status).toBe(400);
    const after = await figures();
    expect(after.formSubmissions).toBe(2);
    expect(after.days.at(-1)!.formSubmissions).toBe(2);
    expect(after.days.reduce((n, d) => n + d.formSubmissions, 0)).toBe(2);
  });
});
