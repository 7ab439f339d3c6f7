// RPC across a gradual deployment (issue 30 §4; docs/operations.md, "Durable Object data across deploys"): while two
// versions serve, a Worker of one release calls objects that run the other. Every RPC method is called here as the
// release before this one called it (11cdd86: its arguments, trailing defaults left out as it left them out; older
// shapes from history where a field was added since), and the fields that release read from the answer must still be
// there. And a method an object does not have yet (a Worker of this release calling an object of the last) is told
// apart from any other failure, so the exports can answer "try again" instead of failing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { isMissingMethod } from '../worker/api/export.ts';
import type { OrderDraft } from '../worker/durable/site-orders.ts';
import { throttleOf } from '../worker/durable/sliding-window-throttle.ts';
import { originStored, setOrigin } from './support/api.ts';

const NOW = Date.now();

describe('the RPC methods, called as the release before called them', () => {
  it('FormInbox: save (with and without emails), find, list, unsubscribe, unsubscribed, keepDraft, takeDraft, submissionTimes', async () => {
    const inbox = env.FORM_INBOX.getByName('site-rpc:form-contact');
    // worker/forms/submit.ts at 11cdd86
    const saved = await inbox.save({
      key: 'k-1',
      submittedAt: NOW - 1000,
      values: { 'c-email': 'ada@example.com' },
      summary: '<p>Ada</p>',
      collectionId: 'contact',
      objectName: 'contact-b3',
      isOverlayForm: false,
      emails: ['ada@example.com'],
    });
    expect(saved).toEqual({ created: true, submissionId: expect.any(String), submittedAt: NOW - 1000 });
    // before abb1e13 a submission named no e-mail addresses
    const older = await inbox.save({
      key: 'k-2',
      submittedAt: NOW,
      values: {},
      summary: '',
      collectionId: 'contact',
      objectName: 'x',
      isOverlayForm: true,
    });
    expect(older.created).toBe(true);
    expect(await inbox.find('k-1')).toEqual({ created: false, submissionId: saved.submissionId, submittedAt: NOW - 1000 });
    expect(await inbox.find('never')).toBeNull();
    const page = await inbox.list(100, 0);
    expect(page.total).toBe(2);
    expect(page.submissions[1]).toEqual({
      id: saved.submissionId,
      submittedAt: NOW - 1000,
      values: { 'c-email': 'ada@example.com' },
      summary: '<p>Ada</p>',
      collectionId: 'contact',
      objectName: 'contact-b3',
      isOverlayForm: false,
    });
    expect((await inbox.list(1)).submissions.length).toBe(1);
    await inbox.unsubscribe('ada@example.com', NOW);
    expect((await inbox.unsubscribed()).get('ada@example.com')).toBe(NOW);
    await inbox.keepDraft('t', '{"values":{}}', NOW + 60_000);
    expect(await inbox.takeDraft('t')).toBe('{"values":{}}');
    expect(await inbox.submissionTimes(NOW - 5000, NOW + 1)).toEqual([NOW - 1000, NOW]);
  });

  it('FormOutbox: enqueue, submit, find, counts, backlog, deadLetters', async () => {
    const origin = 'rpc.origin.example.test';
    await setOrigin(origin, { mode: 'up', reset: true });
    const outbox = env.FORM_OUTBOX.getByName('site-rpc');
    const submission = (key: string) => ({
      key,
      formId: 'form-contact',
      url: `https://${origin}/api/form/SaveFormSubmission`,
      method: 'POST',
      headers: [
        ['content-type', 'application/x-www-form-urlencoded'],
        ['idempotency-key', key],
      ] as [string, string][],
      body: 'form=%7B%7D',
      timeoutMs: 2000,
    });
    expect(await outbox.enqueue(submission('e1.rpc'))).toEqual({ created: true, formId: 'form-contact', submissionId: expect.any(String) });
    expect(await outbox.submit(submission('k-rpc'))).toMatchObject({ kind: 'answered', status: 200 });
    expect(await outbox.find('k-rpc')).toMatchObject({
      formId: 'form-contact',
      issuer: 'origin',
      submissionId: null,
      answer: { kind: 'answered', status: 200 },
    });
    expect(await outbox.find('never')).toBeNull();
    expect(Object.keys(await outbox.counts()).sort()).toEqual(['dead', 'delivered', 'pending']);
    const backlog = await outbox.backlog();
    for (const field of ['pending', 'oldestPendingAt', 'delivered', 'dead', 'deadErased']) expect(backlog).toHaveProperty(field);
    expect(await outbox.deadLetters()).toEqual([]);
    expect((await originStored(origin)).map((s) => s.key)).toContain('k-rpc');
  });

  it('SlidingWindowThrottle: take, peek, forget, reset, with their verdict’s fields', async () => {
    const throttle = throttleOf(env, 'login-address', 'site-rpc', '192.0.2.200');
    const taken = await throttle.take(2, 60_000);
    expect(Object.keys(taken).sort()).toEqual(['allowed', 'at', 'count', 'retryAfterSeconds']);
    expect(await throttle.peek(2, 60_000)).toMatchObject({ allowed: true, count: 1 });
    await throttle.forget(taken.at);
    expect(await throttle.peek(2, 60_000)).toMatchObject({ count: 0 });
    await throttle.take(1, 60_000);
    expect(await throttle.take(1, 60_000)).toMatchObject({ allowed: false, retryAfterSeconds: expect.any(Number) });
    await throttle.reset();
    expect(await throttle.take(1, 60_000)).toMatchObject({ allowed: true });
  });

  it('ShoppingCart: add, read, setQuantity, remove, setShipping, setCoupons, markPurchased', async () => {
    const cart = env.CARTS.getByName('cart-rpc');
    // lines are listed in the order they were added
    const add = (sku: string, at: number) =>
      cart.add('cart-rpc', 'site-rpc', { productId: 'p', sku, quantity: 1, unitPriceCents: 500, limit: 999 }, at);
    const added = await add('A', NOW);
    expect(added).toMatchObject({ ok: true, entryId: expect.any(String), record: { id: 'cart-rpc', websiteId: 'site-rpc' } });
    const entryId = added.ok ? added.entryId! : '';
    await add('B', NOW + 1);
    expect(await cart.read('site-rpc', NOW)).toMatchObject({ entries: [{ sku: 'A' }, { sku: 'B' }], isPurchased: false });
    expect(await cart.setQuantity('site-rpc', entryId, 3, 500, 999, NOW)).toMatchObject({ ok: true });
    expect(await cart.setShipping('site-rpc', { country: 'GB' }, null, NOW)).toMatchObject({
      ok: true,
      record: { shippingLocation: { country: 'GB' } },
    });
    expect(await cart.setCoupons('site-rpc', ['SPRING'], NOW)).toMatchObject({ ok: true, record: { coupons: ['SPRING'] } });
    expect(await cart.remove('site-rpc', entryId, NOW)).toMatchObject({ ok: true });
    expect(await cart.add('cart-rpc', 'site-other', { productId: 'p', sku: 'A', quantity: 1, unitPriceCents: 5, limit: 9 }, NOW)).toEqual({
      ok: false,
      reason: 'other-site',
    });
    expect(await cart.markPurchased('site-rpc', 'order-1', NOW)).toMatchObject({
      ok: true,
      record: { isPurchased: true, orderId: 'order-1' },
    });
  });

  it('SiteOrders: availability, place, settle, order, recentOrders, contribute, settleContribution, contribution, counts', async () => {
    const orders = env.ORDERS.getByName('site-rpc');
    const payment = { provider: 'test', testMode: true, reference: null };
    expect(await orders.availability([{ key: 'p:A', qtyInStock: 5 }])).toEqual({ epoch: 0, left: [5] });
    // before 3a39a5e's stock epoch, the answer had no stockEpoch; its callers read ok, order and created
    const placed = await orders.place({
      idempotencyKey: 'cart:rpc:1',
      cartId: 'rpc',
      reservations: [{ key: 'p:A', qtyInStock: 5, quantity: 2, name: 'A' }],
      order: {
        kind: 'cart',
        currencyCode: 'GBP',
        lines: [],
        customer: { email: 'ada@example.com', firstName: 'A', lastName: 'L', acceptsMarketing: false },
      } as unknown as OrderDraft,
      payment,
    });
    expect(placed).toMatchObject({ ok: true, created: true, order: { id: expect.any(String), number: '00001', state: 'pending' } });
    const id = placed.ok ? placed.order.id : '';
    expect(await orders.settle(id, true, { ...payment, reference: 'r' }, NOW)).toMatchObject({ id, state: 'paid' });
    expect(await orders.order(id)).toMatchObject({ view: { id }, cartId: 'rpc', giftCardCode: null });
    expect((await orders.recentOrders(50)).map((o) => o.id)).toEqual([id]);
    const draft = {
      donatePageId: 'd',
      title: 'T',
      currencyCode: 'GBP',
      amountCents: 100,
      display: { amount: '£1.00' },
      donor: { email: 'a@b.c', firstName: 'A', lastName: 'B' },
    };
    const given = await orders.contribute('give:rpc', draft, payment);
    expect(given).toMatchObject({ number: '00001', state: 'pending' });
    expect(await orders.settleContribution(given.id, true, payment, NOW)).toMatchObject({ state: 'paid' });
    expect(await orders.contribution(given.id)).toMatchObject({ id: given.id, state: 'paid' });
    expect(await orders.counts()).toEqual({ orders: { paid: 1 }, sold: { 'p:A': 2 } });
  });

  it('SiteAnalytics: record (every kind of hit), figures', async () => {
    const day = env.SITE_ANALYTICS.getByName('site-rpc:2026-04-02');
    await day.record({
      kind: 'pageview',
      path: '/',
      title: 'Home',
      visitorId: 'v',
      newSession: true,
      referrerHost: 'example.org',
      search: false,
    });
    await day.record({ kind: 'heartbeat', path: '/', activeMillis: 1000, visitorId: 'v' });
    await day.record({ kind: 'media', media: 'video' });
    await day.record({ kind: 'button', action: 'click', id: 'b', pagePath: '/', buttonText: 'Go', clickthroughUrl: '/go' });
    await day.record({ kind: 'event', name: 'Cart Add' });
    await day.record({ kind: 'quickview', productId: 'p' });
    await day.record({ kind: 'overlay', name: 'show' });
    await day.record({ kind: 'landing', source: 'newsletter', campaign: null });
    await day.record({ kind: 'script-error', app: 'site', count: 2 });
    const figures = await day.figures('2026-04-02');
    expect(figures).toMatchObject({
      day: '2026-04-02',
      pageViews: 1,
      visits: 1,
      heartbeats: 1,
      activeMillis: 1000,
      landings: 1,
      visitorIds: ['v'],
    });
    expect(figures.counters).toMatchObject({
      media: { video: 1 },
      events: { 'Cart Add': 1 },
      quickViews: { p: 1 },
      overlays: { show: 1 },
      sources: { newsletter: 1 },
      scriptErrors: { site: 2 },
      referrers: { 'example.org': 1 },
    });
    expect(figures.buttons).toEqual([{ id: 'b', pagePath: '/', buttonText: 'Go', clickthroughUrl: '/go', views: 0, clicks: 1 }]);
  });
});

describe('a method the object does not have yet', () => {
  it('fails in a way the caller can tell from any other failure', async () => {
    const lastRelease = env.ORDERS.getByName('site-rpc-missing') as unknown as { exportOrdersOfANextRelease(): Promise<unknown> };
    const error = await lastRelease.exportOrdersOfANextRelease().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isMissingMethod(error, 'exportOrdersOfANextRelease')).toBe(true);
    expect(isMissingMethod(error, 'exportOrders')).toBe(false);
    expect(isMissingMethod(new TypeError('Cannot read properties of undefined'), 'exportOrders')).toBe(false);
  });
});
