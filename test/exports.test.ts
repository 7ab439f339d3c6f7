// The owner's exports (issue 30 §4): every order, contribution and form submission of a site, as JSON or CSV, from an
// owner-only endpoint, streamed a page at a time (a site with more rows than a page gets them all, in order, in more
// than one piece), with CSV injection defused; forwarded to the origin with API_ORIGIN set.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORE_API, type OrderView, type PlacedAnswer } from '../shared/store-api.ts';
import { CONTRIBUTION_EXPORT_COLUMNS, ORDER_EXPORT_COLUMNS } from '../worker/api/commerce.ts';
import { EXPORT_PAGE } from '../worker/api/export.ts';
import type { ContributionDraft, OrderDraft } from '../worker/durable/site-orders.ts';
import { call, originReceived, postForm, postJson, proxyRequest, publishCopy, setOrigin, viaProxy } from './support/api.ts';
import { login } from './support/auth.ts';
import { Jar } from './support/store.ts';

const SHOP_ID = 'site-exportshop';
const FERN_ID = 'site-exportforms';
let SHOP = '';
let FERN = '';
let SHOP_OWNER = '';
let FERN_OWNER = '';

let addresses = 0;
const nextAddress = () => `203.0.113.${++addresses}`;

beforeAll(async () => {
  ({ host: SHOP } = await publishCopy('trailhead', 'exportshop'));
  ({ host: FERN } = await publishCopy('fernwood', 'exportforms'));
  SHOP_OWNER = await login(SHOP, 'owner@trailhead.example');
  FERN_OWNER = await login(FERN, 'owner@fernwood.example');
});

/** An export as the owner (or `cookies`) asks for it. */
const get = (host: string, path: string, cookies: string) => call(host, path, {}, { cookies, crumb: false });

/** The body of a response read piece by piece, and how many pieces it came in. */
async function pieces(res: Response): Promise<{ text: string; count: number }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let count = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { text: text + decoder.decode(), count };
    count++;
    text += decoder.decode(value, { stream: true });
  }
}

/** RFC 4180 records of a CSV text (quoted cells may hold commas, quotes and line breaks). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return records;
}

async function buy(body: Record<string, unknown>): Promise<string> {
  const jar = new Jar();
  const address = nextAddress();
  expect(
    jar.take(
      await postJson(
        SHOP,
        STORE_API.entries,
        { productId: 'p-enamel-mug', sku: 'TH-MUG-CRM', quantity: 2 },
        { cookies: jar.header, address },
      ),
    ).status,
  ).toBe(200);
  const res = jar.take(await postJson(SHOP, STORE_API.orders, body, { cookies: jar.header, address }));
  expect(res.status).toBe(200);
  return ((await res.json()) as PlacedAnswer).id;
}

const BUYER = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '14 Main Road',
  city: 'Hathersage',
  zip: 'S32 1BB',
  country: 'GB',
};

describe('GET /api/commerce/export/orders', () => {
  let placed: string[] = [];

  beforeAll(async () => {
    placed = [
      await buy(BUYER),
      await buy({ ...BUYER, firstName: '=HYPERLINK("http://evil.example","Ada")', address2: 'Flat 2, "The Old Mill"' }),
    ];
  });

  it('answers 401 to anyone but the site’s owners, and 400 for another format', async () => {
    expect((await get(SHOP, '/api/commerce/export/orders', '')).status).toBe(401);
    expect((await get(SHOP, '/api/commerce/export/contributions', '')).status).toBe(401);
    const xml = await get(SHOP, '/api/commerce/export/orders?format=xml', SHOP_OWNER);
    expect(xml.status).toBe(400);
    expect(await xml.json()).toEqual({ error: 'format must be json or csv' });
  });

  it('gives every order as JSON, oldest first, as its buyer sees it plus its last change and gift card code', async () => {
    const res = await get(SHOP, '/api/commerce/export/orders', SHOP_OWNER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="exportshop-orders.json"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { orders } = (await res.json()) as { orders: (OrderView & { updated: number; giftCardCode: string | null })[] };
    expect(orders.map((o) => o.id)).toEqual(placed);
    expect(orders[0]).toMatchObject({ number: '00001', state: 'paid', customer: { email: 'ada@example.com' }, giftCardCode: null });
    expect(orders[0]!.updated).toBeGreaterThanOrEqual(orders[0]!.created);
    expect(orders[0]!.lines[0]).toMatchObject({ sku: 'TH-MUG-CRM', quantity: 2 });
  });

  it('gives every order as CSV, one line each, with amounts as numbers and formulas defused', async () => {
    const res = await get(SHOP, '/api/commerce/export/orders?format=csv', SHOP_OWNER);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="exportshop-orders.csv"');
    const [header, ...rows] = csvRecords(await res.text());
    expect(header).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(rows.map((r) => r[1])).toEqual(placed);
    const cell = (row: string[], column: (typeof ORDER_EXPORT_COLUMNS)[number]) => row[ORDER_EXPORT_COLUMNS.indexOf(column)];
    const json = ((await (await get(SHOP, '/api/commerce/export/orders', SHOP_OWNER)).json()) as { orders: OrderView[] }).orders[0]!;
    expect(cell(rows[0]!, 'Total')).toBe(String(json.grandTotalCents / 100));
    expect(cell(rows[0]!, 'Currency')).toBe('GBP');
    expect(cell(rows[0]!, 'Items')).toMatch(/^2 × .+ \[TH-MUG-CRM\]$/);
    expect(cell(rows[0]!, 'Test mode')).toBe('true');
    // a first name that a spreadsheet would run is written as text; a comma and quotes stay inside their cell
    expect(cell(rows[1]!, 'First name')).toBe(`'=HYPERLINK("http://evil.example","Ada")`);
    expect(cell(rows[1]!, 'Ship to')).toBe('14 Main Road, Flat 2, "The Old Mill", Hathersage, S32 1BB, GB');
  });

  it('streams a shop with more orders than a page in more than one piece, every order once, in order', async () => {
    const orders = env.ORDERS.getByName(SHOP_ID);
    const first = (await orders.order(placed[0]!))!.view;
    const { id: _id, number: _number, state: _state, created: _created, payment, ...draft } = first;
    const many = 2 * EXPORT_PAGE + 17;
    for (let i = 0; i < many; i++)
      await orders.place({ idempotencyKey: `bulk:${i}`, cartId: null, reservations: [], order: draft as OrderDraft, payment });
    const res = await get(SHOP, '/api/commerce/export/orders', SHOP_OWNER);
    const { text, count } = await pieces(res);
    expect(count).toBeGreaterThan(2);
    const numbers = (JSON.parse(text) as { orders: OrderView[] }).orders.map((o) => Number(o.number));
    expect(numbers).toEqual(Array.from({ length: many + 2 }, (_, i) => i + 1));
    const csv = csvRecords((await pieces(await get(SHOP, '/api/commerce/export/orders?format=csv', SHOP_OWNER))).text);
    expect(csv.length).toBe(many + 3);
  });

  it('cuts the export into parts with ?limit=, each pointing at the next (Link: rel="next"), the parts making the whole', async () => {
    const whole = ((await (await get(SHOP, '/api/commerce/export/orders', SHOP_OWNER)).json()) as { orders: OrderView[] }).orders;
    expect(whole.length).toBeGreaterThan(2 * EXPORT_PAGE);
    const parts: string[][] = [];
    let path: string | null = `/api/commerce/export/orders?format=csv&limit=${EXPORT_PAGE + 50}`;
    while (path) {
      const res = await get(SHOP, path, SHOP_OWNER);
      expect(res.status).toBe(200);
      const [header, ...rows] = csvRecords(await res.text());
      expect(header).toEqual([...ORDER_EXPORT_COLUMNS]);
      parts.push(rows.map((r) => r[1]!));
      path = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
    }
    const size = EXPORT_PAGE + 50;
    expect(parts.map((p) => p.length)).toEqual(
      Array.from({ length: Math.ceil(whole.length / size) }, (_, i) => Math.min(size, whole.length - i * size)),
    );
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(whole.map((o) => o.id));
    // a part that ends exactly at the last order has no next part
    const exact = await get(SHOP, `/api/commerce/export/orders?limit=${whole.length}`, SHOP_OWNER);
    expect(exact.headers.get('link')).toBeNull();
    expect(((await exact.json()) as { orders: OrderView[] }).orders.length).toBe(whole.length);
    for (const bad of ['limit=0', 'limit=10001', 'limit=ten', 'after=-1'])
      expect((await get(SHOP, `/api/commerce/export/orders?${bad}`, SHOP_OWNER)).status).toBe(400);
  });

  it('gives every contribution, as JSON and CSV', async () => {
    const orders = env.ORDERS.getByName(SHOP_ID);
    const payment = { provider: 'test', testMode: true, reference: 'ref-c' };
    const draft: ContributionDraft = {
      donatePageId: 'donate',
      title: 'Path repairs',
      currencyCode: 'GBP',
      amountCents: 1250,
      display: { amount: '£12.50' },
      donor: { email: 'bo@example.com', firstName: 'Bo', lastName: '+Smith' },
    };
    const made = await orders.contribute('give:1', draft, payment);
    await orders.settleContribution(made.id, true, payment);
    const { contributions } = (await (await get(SHOP, '/api/commerce/export/contributions', SHOP_OWNER)).json()) as {
      contributions: { id: string; state: string; amountCents: number }[];
    };
    expect(contributions).toEqual([expect.objectContaining({ id: made.id, state: 'paid', amountCents: 1250 })]);
    const [header, row] = csvRecords(await (await get(SHOP, '/api/commerce/export/contributions?format=csv', SHOP_OWNER)).text());
    expect(header).toEqual([...CONTRIBUTION_EXPORT_COLUMNS]);
    expect(row).toEqual([
      made.number,
      made.id,
      new Date(made.created).toISOString(),
      'paid',
      'donate',
      'Path repairs',
      'GBP',
      '12.5',
      'bo@example.com',
      'Bo',
      "'+Smith",
      'test',
      'ref-c',
      'true',
    ]);
  });

  it('forwards the export to the origin when API_ORIGIN is set, after the owner check', async () => {
    const origin = 'exports.origin.example.test';
    await setOrigin(origin, { mode: 'up', reset: true });
    const anonymous = await viaProxy(proxyRequest(SHOP, '/api/commerce/export/orders', {}, { crumb: false }), origin);
    expect(anonymous.res.status).toBe(401);
    const req = proxyRequest(SHOP, '/api/commerce/export/orders?format=csv', {}, { cookies: SHOP_OWNER, crumb: false });
    expect((await viaProxy(req, origin)).res.status).toBe(200);
    const received = (await originReceived(origin)).filter((r) => r.path.startsWith('/api/commerce/export/orders'));
    expect(received).toEqual([
      expect.objectContaining({ method: 'GET', headers: expect.objectContaining({ 'x-sitebuilder-account-id': 'acct-owner' }) }),
    ]);
  });
});

describe('GET /api/form/Submissions/export', () => {
  const contact = (message: string) => ({ 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': message });

  async function submit(formId: string, objectName: string, values: Record<string, unknown>): Promise<void> {
    const address = nextAddress();
    const keyRes = await call(FERN, '/api/form/FormSubmissionKey', { method: 'POST', type: 'text/plain', body: '' }, { address });
    const { key } = (await keyRes.json()) as { key: string };
    const fields = { key, formId, collectionId: 'c', objectName, isOverlayForm: 'false', form: JSON.stringify(values) };
    expect((await postForm(FERN, '/api/form/SaveFormSubmission', fields, { address })).status).toBe(200);
  }

  beforeAll(async () => {
    await submit('form-contact', 'contact-b3', contact('First, "quoted"'));
    await submit('form-contact', 'contact-b3', contact('@SUM(A1:A9)'));
    await submit('form-letters', 'letters', { 'l-email': 'reader@example.com' });
    await submit('form-letters', 'letters', { 'l-email': 'leaver@example.com' });
    await env.FORM_INBOX.getByName(`${FERN_ID}:form-letters`).unsubscribe('leaver@example.com', Date.UTC(2026, 3, 1));
  });

  it('answers 401 to anyone but the site’s owners, 404 for a form the site does not have, 400 for another format', async () => {
    expect((await get(FERN, '/api/form/Submissions/export', '')).status).toBe(401);
    expect((await get(FERN, '/api/form/Submissions/export?formId=form-nope', FERN_OWNER)).status).toBe(404);
    expect((await get(FERN, '/api/form/Submissions/export?format=xlsx', FERN_OWNER)).status).toBe(400);
  });

  it('gives every form with every submission as JSON, oldest first, newsletters with when an address left', async () => {
    const res = await get(FERN, '/api/form/Submissions/export', FERN_OWNER);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="exportforms-forms-submissions.json"');
    const { forms } = (await res.json()) as {
      forms: {
        id: string;
        name: string;
        submissions: { values: Record<string, unknown>; submittedAt: string; unsubscribedAt?: string | null }[];
      }[];
    };
    expect(forms.map((f) => [f.id, f.submissions.length])).toEqual([
      ['form-letters', 2],
      ['form-contact', 2],
      ['form-workshop', 0],
    ]);
    expect(forms[1]!.submissions.map((s) => s.values['c-message'])).toEqual(['First, "quoted"', '@SUM(A1:A9)']);
    expect(forms[1]!.submissions[0]).not.toHaveProperty('unsubscribedAt');
    expect(forms[0]!.submissions.map((s) => s.unsubscribedAt)).toEqual([null, '2026-04-01T00:00:00.000Z']);
    expect(forms[0]!.submissions[0]!.submittedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('gives every form in one CSV, a column per form and field, formulas defused', async () => {
    const [header, ...rows] = csvRecords(await (await get(FERN, '/api/form/Submissions/export?format=csv', FERN_OWNER)).text());
    expect(header!.slice(0, 6)).toEqual([
      'Form',
      'Submission ID',
      'Submitted',
      'Unsubscribed',
      'Letters from Fernwood: Email Address',
      'Contact: Name',
    ]);
    expect(header).toContain('Workshop application: Years photographing');
    expect(header).not.toContain('Workshop application: About you');
    expect(rows.map((r) => r[0])).toEqual(['Letters from Fernwood', 'Letters from Fernwood', 'Contact', 'Contact']);
    expect(rows[1]![3]).toBe('2026-04-01T00:00:00.000Z');
    const message = header!.indexOf('Contact: Message');
    expect(rows.map((r) => r[message])).toEqual(['', '', 'First, "quoted"', "'@SUM(A1:A9)"]);
  });

  it('gives one form (?formId=) with its own fields as columns', async () => {
    const res = await get(FERN, '/api/form/Submissions/export?formId=form-contact&format=csv', FERN_OWNER);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="exportforms-Contact-submissions.csv"');
    const [header, ...rows] = csvRecords(await res.text());
    expect(header).toEqual(['Form', 'Submission ID', 'Submitted', 'Unsubscribed', 'Name', 'Email', 'Subject', 'Message']);
    expect(rows.length).toBe(2);
  });

  it('streams a form with more submissions than a page in more than one piece, each once, in order', async () => {
    const inbox = env.FORM_INBOX.getByName(`${FERN_ID}:form-workshop`);
    const many = 2 * EXPORT_PAGE + 5;
    const at = Date.UTC(2026, 0, 1);
    for (let i = 0; i < many; i++)
      // half of them at the same moment: the export's cursor must still give each once
      await inbox.save({
        key: `bulk-${i}`,
        submittedAt: at + Math.floor(i / 2),
        values: { 'w-hopes': `hope ${i}` },
        summary: '',
        collectionId: 'c',
        objectName: 'w',
        isOverlayForm: false,
      });
    const { text, count } = await pieces(await get(FERN, '/api/form/Submissions/export?formId=form-workshop', FERN_OWNER));
    expect(count).toBeGreaterThan(2);
    const { forms } = JSON.parse(text) as { forms: { submissions: { values: { 'w-hopes': string } }[] }[] };
    expect(forms[0]!.submissions.map((s) => s.values['w-hopes'])).toEqual(Array.from({ length: many }, (_, i) => `hope ${i}`));
  });
  it('cuts the export of one form into parts with ?limit=, and of all forms only whole', async () => {
    const hopes = async (path: string) => {
      const res = await get(FERN, path, FERN_OWNER);
      const { forms } = (await res.json()) as { forms: { submissions: { values: { 'w-hopes': string } }[] }[] };
      return {
        hopes: forms[0]!.submissions.map((s) => s.values['w-hopes']),
        next: /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null,
      };
    };
    const seen: string[] = [];
    let path: string | null = '/api/form/Submissions/export?formId=form-workshop&limit=150';
    let parts = 0;
    while (path) {
      const part = await hopes(path);
      seen.push(...part.hopes);
      path = part.next;
      parts++;
    }
    expect(parts).toBe(3);
    expect(seen).toEqual(Array.from({ length: 2 * EXPORT_PAGE + 5 }, (_, i) => `hope ${i}`));
    expect((await get(FERN, '/api/form/Submissions/export?limit=10', FERN_OWNER)).status).toBe(400);
    expect((await get(FERN, '/api/form/Submissions/export?formId=form-workshop&after=x', FERN_OWNER)).status).toBe(400);
  });
});
