// Forms posted without JavaScript (issue 10 §3): POST /_forms/submit submits through the API's own code and answers
// 303 back to the page, which shows the outcome to that visitor alone (values kept, never in a URL, never cached); the
// crumb and cross-site rules of the API; the unsubscribe page; the owner reads what was posted.
import { describe, expect, it, beforeAll } from 'vitest';
import { ENVELOPE_NAMES, formAnchorId, likertName, NATIVE_SUBMIT_PATH, partName } from '../shared/form-post.ts';
import { FIELD_MESSAGES, FORM_MESSAGES } from '../shared/form-values.ts';
import { BODY_LIMITS, FORM_SUBMISSION_BUDGET } from '../worker/http/limits.ts';
import { SESSION_EXPIRED_MESSAGE, UNSUBSCRIBE_ORIGIN_PATH } from '../worker/routes/forms.ts';
import { call, originReceived, proxyRequest, publishCopy, setCookies, setOrigin, viaProxy } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';
import { visit } from './support/sites.ts';

let HOST = '';
let OTHER = '';
let LOCKED = '';
let OWNER = '';
const ORIGIN = 'native.origin.example.test';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'nativeposts'));
  ({ host: OTHER } = await publishCopy('fernwood', 'nativepostsother', (s) => {
    s.forms.push({ ...s.forms.find((f) => f.id === 'form-contact')!, id: 'form-elsewhere' });
  }));
  ({ host: LOCKED } = await publishCopy('hollow', 'nativelocked', (s) => {
    s.forms.push({
      id: 'form-letters',
      name: 'Letters',
      submitButtonText: 'Sign Up',
      postSubmitHtml: '',
      postSubmitText: '',
      fields: [{ id: 'l-email', type: 'email', rawTitle: 'Email', title: 'Email', required: true }],
    });
    s.settings.popupOverlaySettings = {
      style: 'CARD',
      enableMobile: true,
      version: 1,
      showUntilSignup: false,
      displayFrequency: 7,
      title: 'Letters',
      buttonText: 'Sign Up',
      postSubmitText: 'Thanks',
      formId: 'form-letters',
    };
  }));
  OWNER = await login(HOST, 'owner@fernwood.example');
});

interface PostOptions {
  cookies?: string;
  headers?: Record<string, string>;
  address?: string;
  host?: string;
  path?: string;
  type?: string;
}

/** A form as a browser posts it without script: the page's crumb cookie, its Origin, form-encoded. */
function nativePost(fields: [string, string][] | Record<string, string>, opts: PostOptions = {}): Promise<Response> {
  const host = opts.host ?? HOST;
  return visit(host, opts.path ?? NATIVE_SUBMIT_PATH, {
    method: 'POST',
    headers: {
      'Content-Type': opts.type ?? 'application/x-www-form-urlencoded',
      Origin: `http://${host}`,
      'Sec-Fetch-Site': 'same-origin',
      Cookie: opts.cookies ?? `crumb=${CRUMB}`,
      'CF-Connecting-IP': opts.address ?? '198.51.100.40',
      ...opts.headers,
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

const contact = (message: string, email = 'ada@example.com'): [string, string][] => [
  ...envelope('form-contact', 'contact-b3', '/contact'),
  [partName('c-name', 'First'), 'Ada'],
  [partName('c-name', 'Last'), 'Lovelace'],
  ['c-email', email],
  ['c-subject', ''],
  ['c-message', message],
];

/** The contact form's success message, as drawn (its text is also in the island props, so look for the element). */
const SUCCESS = /<p class="form-submission-text">Thank you — your message is on its way/;

/** The cookie pair ("form_flash=…") a response leaves, and its attributes. */
function flashCookie(res: Response): { pair: string; attributes: string } {
  const cookie = setCookies(res).find((c) => c.startsWith('form_flash='));
  if (!cookie) throw new Error(`no flash cookie in ${JSON.stringify(setCookies(res))}`);
  return { pair: cookie.split(';')[0]!, attributes: cookie };
}

async function followBack(res: Response, host = HOST, extraCookies = `crumb=${CRUMB}`): Promise<{ page: Response; html: string }> {
  const { pair } = flashCookie(res);
  const location = res.headers.get('location')!;
  const page = await visit(host, location.replace(/#.*$/, ''), { headers: { Cookie: `${extraCookies}; ${pair}` } });
  return { page, html: await page.text() };
}

async function submissions(formId: string, host = HOST, cookie = OWNER) {
  const res = await call(host, `/api/form/Submissions?formId=${formId}`, {}, { cookies: cookie, crumb: false });
  return (await res.json()) as {
    total: number;
    submissions: {
      values: Record<string, unknown>;
      summary: string;
      objectName: string;
      isOverlayForm: boolean;
      unsubscribedAt?: string | null;
    }[];
  };
}

describe('POST /_forms/submit', () => {
  it('stores the submission and answers 303 to the page at the form, with no value in the URL', async () => {
    const before = (await submissions('form-contact')).total;
    const res = await nativePost(contact('Posted without script'));
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toBe(`/contact#${formAnchorId('contact-b3')}`);
    expect(location).not.toMatch(/Ada|example|Posted/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { attributes } = flashCookie(res);
    expect(attributes).toMatch(/HttpOnly/i);
    expect(attributes).toMatch(/Path=\/contact/);
    expect(attributes).toMatch(/SameSite=Lax/i);
    expect(attributes).not.toMatch(/Posted|Ada/);
    const list = await submissions('form-contact');
    expect(list.total).toBe(before + 1);
    expect(list.submissions[0]!.values['c-message']).toBe('Posted without script');
    expect(list.submissions[0]!.objectName).toBe('contact-b3');
  });

  it('shows the success text on the page it returns to, for that visitor alone, and clears it', async () => {
    const res = await nativePost(contact('Success shown'));
    const { page, html } = await followBack(res);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-page-cache')).not.toBe('hit');
    expect(html).toMatch(SUCCESS);
    expect(setCookies(page).some((c) => /^form_flash=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    // the cookie is cleared: the next request of this browser (a reload) shows the form as it is, from the cache
    const again = await visit(HOST, '/contact', { headers: { Cookie: `crumb=${CRUMB}` } });
    expect(await again.text()).not.toMatch(SUCCESS);
  });

  it('shows the §8 messages next to the fields with the values kept, never a password', async () => {
    const res = await nativePost([
      ...envelope('form-workshop', 'workshops-b4', '/workshops?source=letter'),
      [partName('w-name', 'First'), 'Ada'],
      [partName('w-name', 'Last'), ''],
      ['w-email', 'not-an-address'],
      ['w-level', 'Just starting out'],
      ['w-kit', 'Tripod'],
      ['w-kit', 'Filters'],
      [likertName('w-agree', 1), '2'],
      ['w-hopes', 'Fog <b>&</b> "still" water'],
      ['w-code', 'hunter2-secret'],
      ['w-workshop', ''],
    ]);
    expect(res.status).toBe(303);
    // no fragment: the first field in error takes the focus (autofocus), which a fragment would cancel
    expect(res.headers.get('location')).toBe('/workshops?source=letter');
    const { html } = await followBack(res);
    expect(html).toContain(FORM_MESSAGES.problemTop);
    expect(html).toContain(FORM_MESSAGES.problemBottom);
    expect(html).toContain(FIELD_MESSAGES.name('Your name'));
    expect(html).toContain(FIELD_MESSAGES.email('Email address'));
    expect(html).toContain(FIELD_MESSAGES.required('Which workshop would you like to join?'));
    // the message stands above the field's title, and the field is marked in error
    expect(html).toMatch(
      /<p class="form-field-error" id="[^"]+-w-email-error">Email address must be a valid email address\.<\/p><div class="form-field form-field-email"><label/,
    );
    expect(html).toMatch(/id="form-workshops-b4-w-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="form-workshops-b4-w-email"/);
    expect(html).toContain('value="not-an-address"');
    expect(html).toContain('Fog &lt;b&gt;&amp;&lt;/b&gt; &quot;still&quot; water');
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*value="Tripod"/);
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*value="Filters"/);
    expect(html).toMatch(/name="w-agree\.1" checked="" value="2"/);
    expect(html).not.toContain('hunter2-secret');
    // the first field in error takes the focus as the page loads
    expect(html).toMatch(/autofocus=""[^>]*id="form-workshops-b4-w-name-First"|id="form-workshops-b4-w-name-First"[^>]*autofocus=""/);
  });

  it('answers the same post twice (a double click, a reload) with one stored submission', async () => {
    const before = (await submissions('form-contact')).total;
    const first = await nativePost(contact('Only stored once'));
    const second = await nativePost(contact('Only stored once'));
    expect([first.status, second.status]).toEqual([303, 303]);
    expect((await followBack(second)).html).toMatch(SUCCESS);
    expect((await submissions('form-contact')).total).toBe(before + 1);
  });

  it("says 'This form has not been configured yet.' for a form the site does not have, a form of another site included", async () => {
    for (const formId of ['form-nowhere', 'form-elsewhere']) {
      const res = await nativePost([[ENVELOPE_NAMES.formId, formId], ...contact('Elsewhere').filter(([n]) => n !== ENVELOPE_NAMES.formId)]);
      expect(res.status).toBe(303);
      const { html } = await followBack(res);
      expect(html).toContain(FORM_MESSAGES.notConfigured);
    }
    // the other site takes it
    expect((await nativePost([[ENVELOPE_NAMES.formId, 'form-elsewhere'], ...contact('Here').slice(1)], { host: OTHER })).status).toBe(303);
  });

  it('asks the visitor to send again, values kept and a fresh crumb set, without a valid crumb', async () => {
    const res = await nativePost(contact('No crumb yet'), { cookies: '' });
    expect(res.status).toBe(303);
    const crumb = setCookies(res).find((c) => c.startsWith('crumb='))!;
    expect(crumb).toMatch(/^crumb=[\w-]{22,}/);
    const { html } = await followBack(res, HOST, crumb.split(';')[0]!);
    expect(html).toContain(SESSION_EXPIRED_MESSAGE);
    expect(html).toContain('No crumb yet');
    // a crumb field that differs from the cookie is refused the same way
    const forged = await nativePost([...contact('Forged'), ['crumb', 'another-crumb-value-123456']]);
    expect((await followBack(forged)).html).toContain(SESSION_EXPIRED_MESSAGE);
  });

  it('refuses a cross-site post (403) and stores nothing', async () => {
    const before = (await submissions('form-contact')).total;
    const res = await nativePost(contact('From another site'), {
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(setCookies(res).some((c) => c.startsWith('form_flash='))).toBe(false);
    expect((await submissions('form-contact')).total).toBe(before);
  });

  it('sends a visitor back only within the site', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '']) {
      const res = await nativePost([
        ...contact('Where to?').filter(([n]) => n !== ENVELOPE_NAMES.returnTo),
        [ENVELOPE_NAMES.returnTo, returnTo],
      ]);
      expect(res.headers.get('location'), returnTo).toBe(`/#${formAnchorId('contact-b3')}`);
    }
  });

  it('answers 413 for a body over the submission limit, 415 for another type and 405 for GET', async () => {
    const big = await nativePost(contact('x'.repeat(BODY_LIMITS.saveFormSubmission + 1)));
    expect(big.status).toBe(413);
    const twoMegabytes = await visit(HOST, NATIVE_SUBMIT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${CRUMB}` },
      body: `c-message=${'x'.repeat(2 * 1024 * 1024)}`,
    });
    expect(twoMegabytes.status).toBe(413);
    const json = await nativePost(contact('json'), { type: 'application/json' });
    expect(json.status).toBe(415);
    expect((await visit(HOST, NATIVE_SUBMIT_PATH)).status).toBe(405);
  });

  it("shows §8's rate-limit message once the address's budget is spent", async () => {
    const address = '198.51.100.77';
    for (let i = 0; i < FORM_SUBMISSION_BUDGET.submissions; i++) {
      expect((await nativePost(contact(`Budget ${i}`), { address })).status).toBe(303);
    }
    const over = await nativePost(contact('One too many'), { address });
    const { html } = await followBack(over);
    expect(html).toContain(FORM_MESSAGES.rateLimited);
    expect(html).toContain('One too many');
  });

  it('submits the popup overlay with isOverlayForm, back to the POPUP_OVERLAY page', async () => {
    const res = await nativePost([...envelope('form-letters', 'popup-overlay', '/popup-overlay', true), ['l-email', 'reader@example.com']]);
    expect(res.headers.get('location')).toBe(`/popup-overlay#${formAnchorId('popup-overlay')}`);
    const { html } = await followBack(res);
    expect(html).toContain('Thank you! The next letter goes out');
    const stored = (await submissions('form-letters')).submissions[0]!;
    expect(stored.isOverlayForm).toBe(true);
    expect(stored.values['l-email']).toBe('reader@example.com');
  });

  it('goes to the origin with §7 fields when API_ORIGIN is set: a key from it, then the submission', async () => {
    await setOrigin(ORIGIN, { reset: true });
    const req = proxyRequest(HOST, NATIVE_SUBMIT_PATH, {
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(contact('Via the origin')).toString(),
      headers: { Origin: `http://${HOST}` },
    });
    const { res } = await viaProxy(req, ORIGIN);
    expect(res.status).toBe(303);
    const received = await originReceived(ORIGIN);
    expect(received.map((r) => r.path)).toEqual(['/api/form/FormSubmissionKey', '/api/form/SaveFormSubmission']);
    const body = new URLSearchParams(received[1]!.body);
    expect(body.get('key')).toBe('origin-key-1');
    expect(body.get('formId')).toBe('form-contact');
    expect(body.get('objectName')).toBe('contact-b3');
    expect(body.get('isOverlayForm')).toBe('false');
    expect(JSON.parse(body.get('form')!)['c-message']).toBe('Via the origin');
    expect(received[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received[1]!.headers['idempotency-key']).toBe('origin-key-1');
  });
});

describe('POST /newsletter/unsubscribe', () => {
  it('records the address for every newsletter form, answers 303 and says so; the owner sees it', async () => {
    await nativePost([...envelope('form-letters', 'popup-overlay', '/popup-overlay', true), ['l-email', 'Leaving@Example.com']]);
    const res = await nativePost({ email: ' leaving@example.com ' }, { path: '/newsletter/unsubscribe' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/newsletter/unsubscribe');
    const { page, html } = await followBack(res);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('You will no longer receive the Fernwood Journal newsletter.');
    expect(html).not.toContain('leaving@example.com');
    const stored = (await submissions('form-letters')).submissions.find((s) => s.values['l-email'] === 'Leaving@Example.com')!;
    expect(stored.unsubscribedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const csv = await (
      await call(HOST, '/api/form/Submissions?formId=form-letters&format=csv', {}, { cookies: OWNER, crumb: false })
    ).text();
    expect(csv.split('\r\n')[0]).toBe('Submitted,Email Address,Unsubscribed');
    // signing up again undoes it
    await nativePost([...envelope('form-letters', 'popup-overlay', '/popup-overlay', true), ['l-email', 'leaving@example.com']], {
      address: '198.51.100.41',
    });
    const after = (await submissions('form-letters')).submissions.find((s) => s.values['l-email'] === 'Leaving@Example.com')!;
    expect(after.unsubscribedAt).toBeNull();
  });

  it('keeps what was typed and says what is wrong with an address that is not one', async () => {
    const res = await nativePost({ email: 'not-an-address' }, { path: '/newsletter/unsubscribe' });
    const { html } = await followBack(res);
    expect(html).toContain(FIELD_MESSAGES.email('Email address'));
    expect(html).toContain('value="not-an-address"');
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it('works on a site behind a password, whose newsletter readers hold no password', async () => {
    expect(await (await visit(LOCKED, '/newsletter/unsubscribe?email=a%40b.co')).text()).toContain('Unsubscribe');
    const res = await nativePost({ email: 'a@b.co' }, { path: '/newsletter/unsubscribe', host: LOCKED });
    expect(res.status).toBe(303);
    expect((await followBack(res, LOCKED)).html).toContain('You will no longer receive');
  });

  it('refuses a cross-site post and a post without a crumb asks again', async () => {
    const cross = await nativePost({ email: 'a@b.co' }, { path: '/newsletter/unsubscribe', headers: { Origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    const stale = await nativePost({ email: 'a@b.co' }, { path: '/newsletter/unsubscribe', cookies: '' });
    const crumb = setCookies(stale)
      .find((c) => c.startsWith('crumb='))!
      .split(';')[0]!;
    expect((await followBack(stale, HOST, crumb)).html).toContain(SESSION_EXPIRED_MESSAGE);
  });

  it('sends the unsubscribe to the origin when API_ORIGIN is set', async () => {
    await setOrigin(ORIGIN, { reset: true });
    const req = proxyRequest(HOST, '/newsletter/unsubscribe', {
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: 'email=gone%40example.com',
      headers: { Origin: `http://${HOST}` },
    });
    const { res } = await viaProxy(req, ORIGIN);
    expect(res.status).toBe(303);
    const received = await originReceived(ORIGIN);
    expect(received.map((r) => [r.path, r.body])).toEqual([[UNSUBSCRIBE_ORIGIN_PATH, 'email=gone%40example.com']]);
  });
});

describe('a page that shows the outcome of a post', () => {
  it('is neither served from the page cache nor stored in it', async () => {
    // warm the cache for anonymous visitors
    await visit(HOST, '/contact');
    expect((await visit(HOST, '/contact')).headers.get('x-page-cache')).toBe('hit');
    const res = await nativePost(contact('Not from the cache'));
    const { page, html } = await followBack(res);
    expect(page.headers.get('x-page-cache')).toBeNull();
    expect(html).toMatch(SUCCESS);
    const next = await visit(HOST, '/contact');
    expect(next.headers.get('x-page-cache')).toBe('hit');
    expect(await next.text()).not.toMatch(SUCCESS);
  });

  it('ignores a forged flash cookie', async () => {
    const page = await visit(HOST, '/contact', { headers: { Cookie: 'form_flash=eyJvIjoiY29udGFjdC1iMyJ9.forged' } });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toMatch(SUCCESS);
  });
});
