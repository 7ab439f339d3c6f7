// Durable Object data across deploys (issue 30 §4; docs/operations.md): every object's SQLite tables have a version and
// ordered migrations that run as the object starts. Each test gives an object the tables and rows the release before
// versions made (the CREATE statements of 11cdd86, verbatim), lets it start again with this code, and reads every row
// back through its RPC methods; the schema helper's own rules (one transaction per step, a failing step refused, newer
// storage left alone) are tested on a real object's storage.
import { abortAllDurableObjects, env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FORM_INBOX_SCHEMA } from '../worker/durable/form-inbox.ts';
import { FORM_OUTBOX_SCHEMA } from '../worker/durable/form-outbox.ts';
import { migrate, schemaVersion, type Schema } from '../worker/durable/schema.ts';
import { SHOPPING_CART_SCHEMA } from '../worker/durable/shopping-cart.ts';
import { SITE_ANALYTICS_SCHEMA } from '../worker/durable/site-analytics.ts';
import { SITE_ORDERS_SCHEMA } from '../worker/durable/site-orders.ts';
import { THROTTLE_SCHEMA, throttleOf } from '../worker/durable/sliding-window-throttle.ts';

/** A fresh stub each time: a stub from before abortAllDurableObjects() is broken for good. */
type Stub = () => DurableObjectStub<Rpc.DurableObjectBranded>;
type Statement = [string, ...SqlStorageValue[]];

/** The tables of storage, the platform's own apart. */
function tablesOf(sql: SqlStorage): string[] {
  return sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name")
    .toArray()
    .map((r) => r.name);
}

/**
 * Gives an object the storage the release before versions left: whatever this code made is dropped (the version table
 * with it), the old tables are made and filled, then every object restarts, so the next call meets this code's
 * constructor and its migrations.
 */
async function asReleaseBefore(stub: Stub, statements: Statement[]): Promise<void> {
  await runInDurableObject(stub(), (_instance, state) => {
    const sql = state.storage.sql;
    for (const table of tablesOf(sql)) sql.exec(`DROP TABLE "${table}"`);
    for (const [query, ...args] of statements) sql.exec(query, ...args);
  });
  await abortAllDurableObjects();
}

/** The version an object's storage is at, and its tables, read from inside it. */
function storageOf(stub: Stub): Promise<{ version: number; tables: string[] }> {
  return runInDurableObject(stub(), (_instance, state) => ({
    version: schemaVersion(state.storage.sql),
    tables: tablesOf(state.storage.sql),
  }));
}

const latest = (schema: Schema) => schema.migrations.length;
const NOW = Date.now();

describe('FormInbox from before versions', () => {
  it('keeps every submission, unsubscribe and draft, and stores no second submission under a used key', async () => {
    const inbox = () => env.FORM_INBOX.getByName('site-upgrade:form-contact');
    await asReleaseBefore(inbox, [
      [
        `CREATE TABLE IF NOT EXISTS submissions (id TEXT PRIMARY KEY, submission_key TEXT NOT NULL UNIQUE, submitted_at INTEGER NOT NULL,
          values_json TEXT NOT NULL, summary TEXT NOT NULL, collection_id TEXT NOT NULL, object_name TEXT NOT NULL, is_overlay INTEGER NOT NULL)`,
      ],
      ['CREATE INDEX IF NOT EXISTS submissions_by_time ON submissions (submitted_at)'],
      ['CREATE TABLE IF NOT EXISTS unsubscribes (email TEXT PRIMARY KEY, unsubscribed_at INTEGER NOT NULL)'],
      ['CREATE TABLE IF NOT EXISTS drafts (token TEXT PRIMARY KEY, body TEXT NOT NULL, expires_at INTEGER NOT NULL)'],
      [
        'INSERT INTO submissions VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        's-1',
        'key-1',
        NOW - 2000,
        JSON.stringify({ 'c-email': 'ada@example.com' }),
        '<p>Ada</p>',
        'contact',
        'contact-b3',
        0,
      ],
      [
        'INSERT INTO submissions VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        's-2',
        'key-2',
        NOW - 1000,
        '{"c-email":"bo@example.com"}',
        '<p>Bo</p>',
        'contact',
        'popup',
        1,
      ],
      ['INSERT INTO unsubscribes VALUES (?, ?)', 'cy@example.com', NOW - 500],
      ['INSERT INTO drafts VALUES (?, ?, ?)', 'draft-token', '{"values":{"c-email":["x"]}}', NOW + 600_000],
    ]);

    const { total, submissions } = await inbox().list(10);
    expect(total).toBe(2);
    expect(submissions).toEqual([
      {
        id: 's-2',
        submittedAt: NOW - 1000,
        values: { 'c-email': 'bo@example.com' },
        summary: '<p>Bo</p>',
        collectionId: 'contact',
        objectName: 'popup',
        isOverlayForm: true,
      },
      {
        id: 's-1',
        submittedAt: NOW - 2000,
        values: { 'c-email': 'ada@example.com' },
        summary: '<p>Ada</p>',
        collectionId: 'contact',
        objectName: 'contact-b3',
        isOverlayForm: false,
      },
    ]);
    expect(await inbox().find('key-1')).toEqual({ created: false, submissionId: 's-1', submittedAt: NOW - 2000 });
    expect(await inbox().unsubscribed()).toEqual(new Map([['cy@example.com', NOW - 500]]));
    expect(await inbox().takeDraft('draft-token')).toBe('{"values":{"c-email":["x"]}}');
    const again = await inbox().save({
      key: 'key-2',
      submittedAt: NOW,
      values: {},
      summary: '',
      collectionId: 'contact',
      objectName: 'x',
      isOverlayForm: false,
    });
    expect(again).toEqual({ created: false, submissionId: 's-2', submittedAt: NOW - 1000 });
    expect(await storageOf(inbox)).toMatchObject({ version: latest(FORM_INBOX_SCHEMA) });
  });
});

const OUTBOX_FIRST_SCHEMA = `CREATE TABLE entries (submission_key TEXT PRIMARY KEY, form_id TEXT NOT NULL, url TEXT NOT NULL,
  method TEXT NOT NULL, headers_json TEXT NOT NULL, body TEXT NOT NULL, timeout_ms INTEGER NOT NULL, state TEXT NOT NULL,
  attempts INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, status INTEGER, answer_body TEXT,
  answer_type TEXT)`;
const SAVE_URL = 'https://origin.example/api/form/SaveFormSubmission';

describe('FormOutbox from before versions', () => {
  it('keeps what waits, what was delivered and the dead letters of the schema of 067706c, and its erasure count', async () => {
    const outbox = () => env.FORM_OUTBOX.getByName('site-upgrade-outbox');
    await asReleaseBefore(outbox, [
      [
        `CREATE TABLE IF NOT EXISTS entries (submission_key TEXT PRIMARY KEY, form_id TEXT NOT NULL, url TEXT NOT NULL, method TEXT NOT NULL,
          headers_json TEXT NOT NULL, body TEXT NOT NULL, timeout_ms INTEGER NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL,
          created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, status INTEGER, answer_body TEXT, answer_type TEXT,
          issuer TEXT NOT NULL DEFAULT 'origin', submission_id TEXT, last_error TEXT)`,
      ],
      ['CREATE INDEX IF NOT EXISTS entries_by_state ON entries (state, updated_at)'],
      ['CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)'],
      [
        `INSERT INTO entries VALUES ('e1.waiting', 'form-contact', ?, 'POST', '[]', 'form=%7B%7D', 400, 'pending', 3, ?, ?, NULL, NULL, NULL,
          'edge', 'sub-waiting', 'status 503')`,
        SAVE_URL,
        NOW - 60_000,
        NOW - 30_000,
      ],
      [
        `INSERT INTO entries VALUES ('k-delivered', 'form-contact', ?, 'POST', '[]', '', 400, 'delivered', 1, ?, ?, 200, '{"success":true}',
          'application/json', 'origin', NULL, NULL)`,
        SAVE_URL,
        NOW - 50_000,
        NOW - 50_000,
      ],
      [
        `INSERT INTO entries VALUES ('k-dead', 'form-contact', ?, 'POST', '[]', 'form=%7B%7D', 400, 'dead', 1, ?, ?, 422, '{}', 'application/json',
          'origin', NULL, 'refused with 422')`,
        SAVE_URL,
        NOW - 40_000,
        NOW - 40_000,
      ],
      ["INSERT INTO counters VALUES ('dead_erased', 2)"],
    ]);

    expect(await outbox().counts()).toEqual({ pending: 1, delivered: 1, dead: 1 });
    expect(await outbox().backlog()).toMatchObject({
      pending: 1,
      oldestPendingAt: NOW - 60_000,
      oldestPending: {
        key: 'e1.waiting',
        formId: 'form-contact',
        path: '/api/form/SaveFormSubmission',
        issuer: 'edge',
        createdAt: NOW - 60_000,
        attempts: 3,
        lastAttemptAt: NOW - 30_000,
        lastError: 'status 503',
      },
      delivered: 1,
      dead: 1,
      deadErased: 2,
    });
    expect(await outbox().find('e1.waiting')).toEqual({
      formId: 'form-contact',
      issuer: 'edge',
      submissionId: 'sub-waiting',
      answer: { kind: 'queued' },
    });
    expect(await outbox().find('k-delivered')).toMatchObject({ answer: { kind: 'answered', status: 200, body: '{"success":true}' } });
    expect(await outbox().deadLetters()).toEqual([
      expect.objectContaining({ key: 'k-dead', reason: 'refused with 422', status: 422, bodyBytes: 11 }),
    ]);
    expect(await storageOf(outbox)).toMatchObject({ version: latest(FORM_OUTBOX_SCHEMA) });
  });

  it('takes the first schema through both migrations: refused entries become dead letters, delivered ones lose their data', async () => {
    const outbox = () => env.FORM_OUTBOX.getByName('site-upgrade-outbox-first');
    const row = (key: string, state: string, status: number | null): Statement => [
      `INSERT INTO entries VALUES (?, 'form-contact', ?, 'POST', '[["cookie","crumb=c"]]', 'form=%7B%7D', 400, ?, 1, ?, ?, ?, '{}', 'application/json')`,
      key,
      SAVE_URL,
      state,
      NOW,
      NOW,
      status,
    ];
    await asReleaseBefore(outbox, [
      [OUTBOX_FIRST_SCHEMA],
      row('k-refused', 'refused', 400),
      row('k-delivered', 'delivered', 200),
      row('k-pending', 'pending', null),
    ]);
    expect(await outbox().counts()).toEqual({ pending: 1, delivered: 1, dead: 1 });
    expect((await outbox().deadLetters())[0]).toMatchObject({
      key: 'k-refused',
      issuer: 'origin',
      reason: 'refused with 400',
      status: 400,
    });
    const delivered = await runInDurableObject(outbox(), (_instance, state) =>
      state.storage.sql.exec("SELECT body, headers_json FROM entries WHERE submission_key = 'k-delivered'").toArray(),
    );
    expect(delivered).toEqual([{ body: '', headers_json: '[]' }]);
    expect(await storageOf(outbox)).toMatchObject({ version: latest(FORM_OUTBOX_SCHEMA) });
  });
});

describe('ShoppingCart from before versions', () => {
  it('keeps the cart and its entries, and goes on changing them', async () => {
    const cart = () => env.CARTS.getByName('cart-upgrade');
    await asReleaseBefore(cart, [
      [
        `CREATE TABLE IF NOT EXISTS cart (key INTEGER PRIMARY KEY CHECK (key = 1), id TEXT NOT NULL, website_id TEXT NOT NULL, created INTEGER NOT NULL,
          updated INTEGER NOT NULL, is_purchased INTEGER NOT NULL DEFAULT 0, order_id TEXT, coupons_json TEXT NOT NULL DEFAULT '[]',
          shipping_option_id TEXT, shipping_location_json TEXT)`,
      ],
      [
        `CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, product_id TEXT NOT NULL, sku TEXT NOT NULL, quantity INTEGER NOT NULL,
          seen_price_cents INTEGER NOT NULL, added_at INTEGER NOT NULL)`,
      ],
      [
        "INSERT INTO cart VALUES (1, 'cart-upgrade', 'site-shop', ?, ?, 0, NULL, '[\"SPRING\"]', 'standard', '{\"country\":\"GB\"}')",
        NOW - 10_000,
        NOW - 5_000,
      ],
      ["INSERT INTO entries VALUES ('entry-1', 'p-mug', 'MUG-CRM', 2, 1200, ?)", NOW - 10_000],
      ["INSERT INTO entries VALUES ('entry-2', 'p-jacket', 'JKT-S', 1, 15000, ?)", NOW - 9_000],
    ]);

    const record = await cart().read('site-shop', NOW);
    expect(record).toMatchObject({
      id: 'cart-upgrade',
      websiteId: 'site-shop',
      isPurchased: false,
      coupons: ['SPRING'],
      shippingOptionId: 'standard',
      shippingLocation: { country: 'GB' },
      entries: [
        { id: 'entry-1', productId: 'p-mug', sku: 'MUG-CRM', quantity: 2, seenPriceCents: 1200 },
        { id: 'entry-2', productId: 'p-jacket', sku: 'JKT-S', quantity: 1, seenPriceCents: 15000 },
      ],
    });
    const changed = await cart().setQuantity('site-shop', 'entry-1', 3, 1200, 999, NOW);
    expect(changed).toMatchObject({ ok: true, record: { entries: [{ id: 'entry-1', quantity: 3 }, { id: 'entry-2' }] } });
    expect(await storageOf(cart)).toMatchObject({ version: latest(SHOPPING_CART_SCHEMA) });
  });
});

describe('SiteOrders from before versions', () => {
  it('keeps orders, contributions, sold stock and the counters, and numbers the next order after the last', async () => {
    const orders = () => env.ORDERS.getByName('site-upgrade-orders');
    const draft = {
      kind: 'cart',
      currencyCode: 'GBP',
      lines: [],
      customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'L', acceptsMarketing: false },
    };
    const payment = { provider: 'test', testMode: true, reference: 'ref-1' };
    await asReleaseBefore(orders, [
      ['CREATE TABLE IF NOT EXISTS stock (key TEXT PRIMARY KEY, baseline INTEGER NOT NULL, sold INTEGER NOT NULL)'],
      ['CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)'],
      [
        `CREATE TABLE IF NOT EXISTS orders (id TEXT PRIMARY KEY, number INTEGER NOT NULL UNIQUE, idempotency_key TEXT NOT NULL UNIQUE, cart_id TEXT,
          state TEXT NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL, draft_json TEXT NOT NULL, reservations_json TEXT NOT NULL,
          payment_json TEXT NOT NULL, gift_card_code TEXT)`,
      ],
      [
        `CREATE TABLE IF NOT EXISTS contributions (id TEXT PRIMARY KEY, number INTEGER NOT NULL UNIQUE, idempotency_key TEXT NOT NULL UNIQUE,
          state TEXT NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL, draft_json TEXT NOT NULL, payment_json TEXT NOT NULL)`,
      ],
      ["INSERT INTO stock VALUES ('p-mug:MUG-CRM', 10, 3)"],
      ["INSERT INTO counters VALUES ('order', 7), ('contribution', 2), ('stock-epoch', 5)"],
      [
        "INSERT INTO orders VALUES ('order-7', 7, 'cart:c:1', 'c', 'paid', ?, ?, ?, '[]', ?, 'GIFT-CODE')",
        NOW - 3000,
        NOW - 2000,
        JSON.stringify(draft),
        JSON.stringify(payment),
      ],
      [
        "INSERT INTO contributions VALUES ('contribution-2', 2, 'donate:1', 'paid', ?, ?, ?, ?)",
        NOW - 1000,
        NOW - 1000,
        JSON.stringify({
          donatePageId: 'donate',
          title: 'Trail fund',
          currencyCode: 'GBP',
          amountCents: 500,
          display: { amount: '£5.00' },
          donor: draft.customer,
        }),
        JSON.stringify(payment),
      ],
    ]);

    expect(await orders().order('order-7')).toMatchObject({
      view: { id: 'order-7', number: '00007', state: 'paid', created: NOW - 3000, customer: { email: 'ada@example.com' }, payment },
      cartId: 'c',
      giftCardCode: 'GIFT-CODE',
    });
    expect((await orders().recentOrders(10)).map((o) => o.id)).toEqual(['order-7']);
    expect(await orders().contribution('contribution-2')).toMatchObject({
      number: '00002',
      state: 'paid',
      amountCents: 500,
      title: 'Trail fund',
    });
    expect(await orders().availability([{ key: 'p-mug:MUG-CRM', qtyInStock: 10 }])).toEqual({ epoch: 5, left: [7] });
    const placed = await orders().place({
      idempotencyKey: 'cart:d:1',
      cartId: 'd',
      reservations: [{ key: 'p-mug:MUG-CRM', qtyInStock: 10, quantity: 1, name: 'Mug' }],
      order: draft as never,
      payment,
    });
    expect(placed).toMatchObject({ ok: true, order: { number: '00008' }, stockEpoch: 6 });
    expect(await storageOf(orders)).toMatchObject({ version: latest(SITE_ORDERS_SCHEMA) });
  });
});

describe('SiteAnalytics from before versions', () => {
  it('keeps the day’s totals, pages, visitors, buttons and counters, and goes on counting', async () => {
    const day = () => env.SITE_ANALYTICS.getByName('site-upgrade:2026-04-01');
    await asReleaseBefore(day, [
      ['CREATE TABLE IF NOT EXISTS totals (name TEXT PRIMARY KEY, value INTEGER NOT NULL)'],
      ['CREATE TABLE IF NOT EXISTS pages (path TEXT PRIMARY KEY, title TEXT NOT NULL, views INTEGER NOT NULL, active_ms INTEGER NOT NULL)'],
      ['CREATE TABLE IF NOT EXISTS visitors (id TEXT PRIMARY KEY, hits INTEGER NOT NULL)'],
      [
        'CREATE TABLE IF NOT EXISTS buttons (id TEXT PRIMARY KEY, page_path TEXT NOT NULL, button_text TEXT NOT NULL, clickthrough_url TEXT NOT NULL, views INTEGER NOT NULL, clicks INTEGER NOT NULL)',
      ],
      ['CREATE TABLE IF NOT EXISTS counters (kind TEXT NOT NULL, name TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (kind, name))'],
      ["INSERT INTO totals VALUES ('pageViews', 12), ('visits', 4), ('activeMillis', 90000)"],
      ["INSERT INTO pages VALUES ('/', 'Home', 9, 60000), ('/about', 'About', 3, 30000)"],
      ["INSERT INTO visitors VALUES ('v-1', 8), ('v-2', 4)"],
      ["INSERT INTO buttons VALUES ('b-1', '/', 'Shop now', '/shop', 5, 2)"],
      ["INSERT INTO counters VALUES ('referrers', 'example.org', 3), ('events', 'Cart Add', 1)"],
    ]);

    await day().record({
      kind: 'pageview',
      path: '/',
      title: 'Home',
      visitorId: 'v-3',
      newSession: true,
      referrerHost: null,
      search: false,
    });
    const figures = await day().figures('2026-04-01');
    expect(figures).toMatchObject({ pageViews: 13, visits: 5, activeMillis: 90000 });
    expect(figures.visitorIds.sort()).toEqual(['v-1', 'v-2', 'v-3']);
    expect(figures.pages).toEqual(
      expect.arrayContaining([
        { path: '/', title: 'Home', views: 10, activeMillis: 60000 },
        { path: '/about', title: 'About', views: 3, activeMillis: 30000 },
      ]),
    );
    expect(figures.buttons).toEqual([{ id: 'b-1', pagePath: '/', buttonText: 'Shop now', clickthroughUrl: '/shop', views: 5, clicks: 2 }]);
    expect(figures.counters.referrers).toEqual({ 'example.org': 3 });
    expect(figures.counters.events).toEqual({ 'Cart Add': 1 });
    expect(await storageOf(day)).toMatchObject({ version: latest(SITE_ANALYTICS_SCHEMA) });
  });
});

describe('SlidingWindowThrottle from before versions', () => {
  it('keeps counting the events in its window', async () => {
    const throttle = () => throttleOf(env, 'login-account', 'site-upgrade', 'ada@example.com');
    await asReleaseBefore(throttle, [
      ['CREATE TABLE IF NOT EXISTS events (at INTEGER NOT NULL)'],
      ['INSERT INTO events VALUES (?), (?), (?)', NOW - 3000, NOW - 2000, NOW - 1000],
    ]);
    expect(await throttle().peek(5, 60_000, NOW)).toMatchObject({ allowed: true, count: 3 });
    expect(await throttle().take(4, 60_000, NOW)).toMatchObject({ allowed: true, count: 4 });
    expect(await throttle().take(4, 60_000, NOW)).toMatchObject({ allowed: false, count: 4 });
    expect(await storageOf(throttle)).toEqual({ version: latest(THROTTLE_SCHEMA), tables: ['_schema', 'events', 'settings'] });
  });
});

describe('migrate (worker/durable/schema.ts) on a real object’s storage', () => {
  const step = (table: string) => (sql: SqlStorage) => void sql.exec(`CREATE TABLE ${table} (x INTEGER)`);

  it('runs each step once, in order, and answers the version reached', async () => {
    await runInDurableObject(throttleOf(env, 'form-address', 'site-schema-rules', 'order'), (_instance, state) => {
      const schema: Schema = { name: 'Test', migrations: [step('t_one'), step('t_two')] };
      expect(migrate(state.storage, schema)).toBe(2);
      expect(migrate(state.storage, schema)).toBe(2);
      expect(tablesOf(state.storage.sql)).toEqual(['_schema', 't_one', 't_two']);
      // a third step added by a later release runs alone
      expect(migrate(state.storage, { ...schema, migrations: [...schema.migrations, step('t_three')] })).toBe(3);
    });
  });

  it('rolls a failing step back alone and throws, leaving storage at the last version that completed', async () => {
    await runInDurableObject(throttleOf(env, 'form-address', 'site-schema-rules', 'failure'), (_instance, state) => {
      const failing: Schema = {
        name: 'Test',
        migrations: [
          step('t_kept'),
          (sql) => {
            sql.exec('CREATE TABLE t_half_made (x INTEGER)');
            throw new Error('a migration failed halfway');
          },
        ],
      };
      expect(() => migrate(state.storage, failing)).toThrow('a migration failed halfway');
      expect(schemaVersion(state.storage.sql)).toBe(1);
      expect(tablesOf(state.storage.sql)).toContain('t_kept');
      expect(tablesOf(state.storage.sql)).not.toContain('t_half_made');
    });
  });

  it('leaves storage of a newer version alone (the release before, after a rollback), and makes nothing in empty storage when asked not to', async () => {
    await runInDurableObject(env.FORM_INBOX.getByName('schema-rules-newer'), (_instance, state) => {
      const version = schemaVersion(state.storage.sql);
      expect(version).toBe(latest(FORM_INBOX_SCHEMA));
      expect(migrate(state.storage, { name: 'Older', migrations: [step('t_never')] })).toBe(version);
      expect(tablesOf(state.storage.sql)).not.toContain('t_never');
    });
    // a throttle never written to has no tables at all
    await runInDurableObject(throttleOf(env, 'form-address', 'site-schema-rules', 'never-written'), (_instance, state) => {
      expect(migrate(state.storage, THROTTLE_SCHEMA, { create: false })).toBe(0);
      expect(tablesOf(state.storage.sql)).toEqual([]);
    });
  });
});
