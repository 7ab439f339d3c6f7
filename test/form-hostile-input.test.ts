// Hostile input to the form endpoints (issue 10 §6): bodies far over the limit, malformed JSON, wrong content types, a
// key reused at once, a form of another site, and script in every field. Each gets a clear status; nothing is stored
// twice and nothing is lost; script is kept as text, HTML-escaped in the summary and inert in the owner's CSV.
import { describe, expect, it, beforeAll } from 'vitest';
import { FORM_MESSAGES } from '../shared/form-values.ts';
import { KEY_INVALID_MESSAGE } from '../worker/api/forms.ts';
import { call, postForm, postJson, publishCopy } from './support/api.ts';
import { login } from './support/auth.ts';

let HOST = '';
let OTHER = '';
let OWNER = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'hostileforms'));
  ({ host: OTHER } = await publishCopy('trailhead', 'hostileformsother'));
  OWNER = await login(HOST, 'owner@fernwood.example');
});

async function newKey(host = HOST): Promise<string> {
  const res = await call(host, '/api/form/FormSubmissionKey', { method: 'POST' });
  return ((await res.json()) as { key: string }).key;
}

const envelope = (key: string, formId = 'form-contact') => ({
  key,
  formId,
  collectionId: 'contact',
  objectName: 'b3',
  isOverlayForm: 'false',
});

async function total(formId = 'form-contact'): Promise<number> {
  const res = await call(HOST, `/api/form/Submissions?formId=${formId}`, {}, { cookies: OWNER, crumb: false });
  return ((await res.json()) as { total: number }).total;
}

describe('hostile input to POST /api/form/SaveFormSubmission', () => {
  it('answers 413 to a 2 MB body, form-encoded or JSON, and stores nothing', async () => {
    const before = await total();
    const huge = 'x'.repeat(2 * 1024 * 1024);
    const form = await postForm(HOST, '/api/form/SaveFormSubmission', {
      ...envelope(await newKey()),
      form: JSON.stringify({ 'c-message': huge }),
    });
    expect(form.status).toBe(413);
    expect(((await form.json()) as { error: string }).error).toMatch(/^Payload Too Large/);
    const json = await postJson(HOST, '/api/form/SaveFormSubmission', { ...envelope(await newKey()), form: { 'c-message': huge } });
    expect(json.status).toBe(413);
    expect(await total()).toBe(before);
  });

  it('answers 400 with the reason to malformed JSON, in the body or in the form field', async () => {
    const body = await call(HOST, '/api/form/SaveFormSubmission', {
      method: 'POST',
      type: 'application/json',
      body: '{"key": "k", "formId": ',
    });
    expect(body.status).toBe(400);
    expect(await body.json()).toEqual({ error: 'The body is not valid JSON.' });
    const field = await postForm(HOST, '/api/form/SaveFormSubmission', {
      ...envelope(await newKey()),
      form: '{"c-message": "unterminated',
    });
    expect(field.status).toBe(400);
    expect(await field.json()).toEqual({ error: 'form must be JSON' });
    const notObject = await postJson(HOST, '/api/form/SaveFormSubmission', ['a', 'list']);
    expect(notObject.status).toBe(400);
  });

  it.each([
    ['text/plain', 'key=k&formId=form-contact&form={}'],
    ['application/xml', '<form/>'],
    ['text/html', '<form></form>'],
    ['', 'key=k'],
  ])('answers 415 to a body of type %j', async (type, body) => {
    const res = await call(HOST, '/api/form/SaveFormSubmission', { method: 'POST', type: type || undefined, body });
    expect(res.status).toBe(415);
  });

  it('takes multipart/form-data as a form body', async () => {
    const data = new FormData();
    for (const [k, v] of Object.entries(envelope(await newKey()))) data.set(k, v);
    data.set('form', JSON.stringify({ 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'Multipart' }));
    const res = await call(HOST, '/api/form/SaveFormSubmission', { method: 'POST', body: data });
    expect(res.status).toBe(200);
  });

  it('stores a submission once when the same key is sent twice at the same moment', async () => {
    const before = await total();
    const key = await newKey();
    const values = JSON.stringify({ 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'Twice at once' });
    const [a, b] = await Promise.all([
      postForm(HOST, '/api/form/SaveFormSubmission', { ...envelope(key), form: values }),
      postForm(HOST, '/api/form/SaveFormSubmission', { ...envelope(key), form: values }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(((await a.json()) as { submissionId: string }).submissionId).toBe(((await b.json()) as { submissionId: string }).submissionId);
    expect(await total()).toBe(before + 1);
  });

  it('answers 404 for a form id of another site, and 400 for a key of another site', async () => {
    const elsewhere = await postForm(HOST, '/api/form/SaveFormSubmission', { ...envelope(await newKey(), 'form-groups'), form: '{}' });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ error: FORM_MESSAGES.notConfigured });
    const foreignKey = await postForm(HOST, '/api/form/SaveFormSubmission', { ...envelope(await newKey(OTHER)), form: '{}' });
    expect(foreignKey.status).toBe(400);
    expect(await foreignKey.json()).toEqual({ error: KEY_INVALID_MESSAGE });
  });

  it('keeps script in every field as text: escaped in the summary, inert in the CSV', async () => {
    const script = '<script>alert("x")</script>';
    const values = {
      'w-name': [script, `${script}2`],
      'w-email': 'ada@example.com',
      'w-phone': ['', '555', '123', '4567'],
      'w-website': 'example.com/<script>',
      'w-address': [script, script, script, script, script, script],
      'w-years': '3',
      'w-level': 'Just starting out',
      'w-hopes': `=HYPERLINK("http://evil.example")${script}`,
      'w-heard': `"${script}", with, commas`,
      'w-workshop': 'Dawn on the Fells — Ill Bell, 16 May 2027',
      'w-code': script,
      source: script,
    };
    const res = await postForm(HOST, '/api/form/SaveFormSubmission', {
      ...envelope(await newKey(), 'form-workshop'),
      form: JSON.stringify(values),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { submissionId } = (await res.json()) as { submissionId: string };
    const list = (await (await call(HOST, '/api/form/Submissions?formId=form-workshop', {}, { cookies: OWNER, crumb: false })).json()) as {
      submissions: { id: string; summary: string; values: Record<string, unknown> }[];
    };
    const stored = list.submissions.find((s) => s.id === submissionId)!;
    // stored as text, exactly as sent (the password masked)
    expect(stored.values['w-hopes']).toBe(values['w-hopes']);
    expect(stored.values['w-name']).toEqual({ First: script, Last: `${script}2` });
    expect(stored.values['w-code']).toBe('__MASKED_FIELD__');
    expect(stored.values.source).toBe(script);
    // the summary is HTML: not one tag survives
    expect(stored.summary).not.toMatch(/<|>/);
    expect(stored.summary).toContain('Name: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(stored.summary).toContain('Source: &lt;script&gt;');
    // the CSV keeps the text; a formula is defused, quotes and commas are quoted
    const csv = await (
      await call(HOST, '/api/form/Submissions?formId=form-workshop&format=csv', {}, { cookies: OWNER, crumb: false })
    ).text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")<script>alert(""x"")</script>"`);
    expect(csv).toContain(`"""<script>alert(""x"")</script>"", with, commas"`);
    expect(csv).toContain('__MASKED_FIELD__');
  });
});
