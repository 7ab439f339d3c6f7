// The outside world as the Worker sees it in tests (miniflare's outboundService, run in Node): feed servers, for the
// API proxy a fake product origin, and Cloudflare Turnstile's siteverify.

/** A feed server standing in for the outside world: /slow.xml answers after 300 ms, /broken.xml with a 500, /latin1.xml in ISO-8859-1. */
export async function outbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === ORIGIN_HOST || url.hostname.endsWith(`.${ORIGIN_HOST}`)) return fakeOrigin(request, url);
  if (url.hostname === TURNSTILE_HOST) return fakeTurnstile(request, url);
  if (url.hostname !== 'feeds.example.test') return new Response('no network in tests', { status: 502 });
  if (url.pathname === '/broken.xml') return new Response('upstream failure', { status: 500 });
  if (url.pathname === '/latin1.xml') return new Response(LATIN1_FEED, { headers: { 'Content-Type': 'application/rss+xml' } });
  const delay = Number(url.searchParams.get('delay') ?? (url.pathname === '/slow.xml' ? 300 : 0));
  await new Promise((r) => setTimeout(r, delay));
  const items = ['First light on the ridge', 'Notes from the marsh', 'A week without maps']
    .map(
      (t, i) =>
        `<item><title>${t}</title><link>https://feeds.example.test/posts/${i + 1}</link><pubDate>Mon, 0${i + 1} Sep 2026 08:00:00 GMT</pubDate><description>${t}.</description></item>`,
    )
    .join('');
  return new Response(`<?xml version="1.0"?><rss version="2.0"><channel><title>Field notes</title>${items}</channel></rss>`, {
    headers: { 'Content-Type': 'application/rss+xml' },
  });
}

/** A feed in ISO-8859-1, as its declaration says (and its Content-Type does not): one byte a character. */
const LATIN1_FEED = Uint8Array.from(
  '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Café</title>' +
    '<item><title>Crêpes für Señor Muñoz, £5</title><link>https://feeds.example.test/posts/crepes</link></item></channel></rss>',
  (c) => c.charCodeAt(0),
);

// ----- the fake product origin -----

/**
 * The fake origin answers on origin.example.test and any subdomain of it; each host keeps its own state, so test
 * files running at once (each with its own host) do not see each other. Its state lives here, in the Node process
 * that runs the outbound service; tests, inside workerd, drive it with plain fetch():
 *   POST https://{host}/__control {"mode": "up"|"down"|"slow"|"status", "status"?, "body"?, "delayMs"?, "reset"?}
 *   GET  https://{host}/__control  →  {"mode", "received": [{method, path, headers, body}], "stored": [{key, body, headers}]}
 * 'up' answers every API call (a key for FormSubmissionKey, {success} for SaveFormSubmission, ORIGIN_CART for the store's
 * GET /api/commerce/cart and JSON with a CART cookie of its own for its other calls, 204 for census calls, an echo of
 * the method and path for the /api/rest/ root);
 * 'down' answers 521 as Cloudflare does for an origin that is down or refuses connections, recording nothing; 'slow'
 * answers as 'up' after delayMs (default 2000), having received (and stored) the call at once, as an origin does that
 * is slow to answer; 'status' answers every call with `status` and {"error": body}, recording it and storing nothing.
 * (A fetch that fails outright cannot be made here: miniflare answers 500 for an outbound service that throws. The
 * Worker's fetch does fail outright when it gives up at its time-out, which 'slow' past API_TIMEOUT_MS exercises.)
 * SaveFormSubmission is stored once per Idempotency-Key, as the product origin does: a call with a key it holds
 * answers the same again (Idempotent-Replayed) and stores nothing new; `stored` lists what it holds, oldest first.
 */
export const ORIGIN_HOST = 'origin.example.test';

export type OriginMode = 'up' | 'down' | 'slow' | 'status';

/** The cart the fake origin holds for every visitor: one mug, priced by the origin. */
export const ORIGIN_CART = {
  id: 'origincartorigincart00',
  websiteId: 'origin',
  orderId: null,
  created: 1,
  isPurchased: false,
  currencyCode: 'GBP',
  entries: [
    {
      id: 'e1',
      productId: 'p-origin',
      sku: 'O-1',
      title: 'Origin Mug',
      variantLabel: 'Blue',
      productType: 1,
      url: '/shop/origin-mug',
      image: null,
      requestedQuantity: 2,
      quantity: 2,
      maxQuantity: null,
      available: true,
      unitPriceCents: 700,
      originalUnitPriceCents: null,
      lineTotalCents: 1400,
      display: { unitPrice: '£7.00', originalUnitPrice: null, lineTotal: '£14.00' },
    },
  ],
  shippingOptions: [],
  selectedShippingOption: null,
  shippingLocation: null,
  applicableTaxRules: [],
  coupons: [],
  validCoupons: [],
  invalidCoupons: [],
  subtotalCents: 1400,
  taxCents: 0,
  shippingCostCents: 0,
  discountCents: 0,
  grandTotalCents: 1400,
  totalQuantity: 2,
  hasDigital: false,
  purelyDigital: false,
  requiresShipping: true,
  notices: [],
  display: { subtotal: '£14.00', tax: '£0.00', shippingCost: '£0.00', discount: '£0.00', grandTotal: '£14.00' },
  canCheckout: true,
};

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A submission the fake origin holds, under its Idempotency-Key. */
export interface StoredSubmission {
  key: string;
  body: string;
  headers: Record<string, string>;
}

interface OriginState {
  mode: OriginMode;
  status: number;
  body: string;
  delayMs: number;
  received: ReceivedRequest[];
  stored: StoredSubmission[];
  keys: number;
}

const origins = new Map<string, OriginState>();

function stateOf(host: string): OriginState {
  let s = origins.get(host);
  if (!s) {
    s = { mode: 'up', status: 500, body: 'origin failure', delayMs: 2000, received: [], stored: [], keys: 0 };
    origins.set(host, s);
  }
  return s;
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

async function fakeOrigin(request: Request, url: URL): Promise<Response> {
  const state = stateOf(url.hostname);
  if (url.pathname === '/__control') {
    if (request.method === 'GET') return json({ mode: state.mode, received: state.received, stored: state.stored });
    const change = (await request.json()) as Partial<Pick<OriginState, 'mode' | 'status' | 'body' | 'delayMs'>> & { reset?: boolean };
    if (change.reset) {
      origins.delete(url.hostname);
      return json({ ok: true });
    }
    Object.assign(state, change);
    return json({ ok: true, mode: state.mode });
  }
  if (state.mode === 'down')
    return new Response('<html><body>Web server is down</body></html>', { status: 521, headers: { 'Content-Type': 'text/html' } });
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = await request.text();
  state.received.push({ method: request.method, path: url.pathname + url.search, headers, body });
  let replayed = false;
  if (url.pathname === '/api/form/SaveFormSubmission' && state.mode !== 'status') {
    const key = headers['idempotency-key'] ?? '';
    replayed = state.stored.some((s) => s.key === key);
    if (!replayed) state.stored.push({ key, body, headers });
  }
  if (state.mode === 'slow') await new Promise((r) => setTimeout(r, state.delayMs));
  if (state.mode === 'status') return json({ error: state.body }, state.status);
  if (url.pathname === '/api/form/FormSubmissionKey') return json({ key: `origin-key-${++state.keys}` });
  if (url.pathname === '/api/form/SaveFormSubmission')
    return new Response(JSON.stringify({ success: true, origin: true }), {
      headers: { 'Content-Type': 'application/json', ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) },
    });
  if (url.pathname.startsWith('/api/rest/')) {
    // the product's REST root: an echo, with caching headers the edge must not pass on as they are
    const body = JSON.stringify({ rest: true, method: request.method, path: url.pathname + url.search });
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=600', 'X-Sitebuilder-Node': 'origin-7' },
    });
  }
  if (url.pathname.startsWith('/api/form/') || url.pathname === '/api/census/Summary') {
    // what a real origin would add and the edge must not pass on
    return new Response(JSON.stringify({ origin: true, path: url.pathname }), {
      headers: {
        'Content-Type': 'application/json',
        'X-Sitebuilder-Node': 'origin-7',
        'CF-Cache-Status': 'DYNAMIC',
        'X-Origin-Visible': 'yes',
      },
    });
  }
  if (url.pathname === '/api/commerce/cart' && request.method === 'GET') return json(ORIGIN_CART);
  if (url.pathname.startsWith('/api/commerce/')) {
    // the origin's store keeps its own cart cookie
    return new Response(JSON.stringify({ origin: true, path: url.pathname }), {
      headers: { 'Content-Type': 'application/json', 'Set-Cookie': 'CART=origincartorigincart00; Path=/; HttpOnly; SameSite=Lax' },
    });
  }
  return new Response(null, { status: 204 });
}

// ----- Cloudflare Turnstile's siteverify -----

/**
 * Siteverify as Cloudflare answers it (developers.cloudflare.com/turnstile/get-started/server-side-validation), for the
 * secret TURNSTILE_TEST_SECRET. A token `pass:{hostname}:{anything}` was solved on that hostname and passes once (the
 * next use is `timeout-or-duplicate`); any other token is `invalid-input-response`; another secret is
 * `invalid-input-secret`. Tokens whose third part is `down` make siteverify answer 500 (Cloudflare unreachable).
 * GET https://challenges.cloudflare.com/__control?token= answers how many times that token was verified, and the last
 * request's fields (to check remoteip and idempotency_key).
 */
export const TURNSTILE_HOST = 'challenges.cloudflare.com';
export const TURNSTILE_TEST_SECRET = 'test-turnstile-secret';

const turnstileSeen = new Map<string, { count: number; fields: Record<string, string> }>();

async function fakeTurnstile(request: Request, url: URL): Promise<Response> {
  if (url.pathname === '/__control') {
    const token = url.searchParams.get('token') ?? '';
    return json(turnstileSeen.get(token) ?? { count: 0, fields: {} });
  }
  if (url.pathname !== '/turnstile/v0/siteverify' || request.method !== 'POST') return new Response('not found', { status: 404 });
  const type = request.headers.get('content-type') ?? '';
  const fields: Record<string, string> = type.includes('application/json')
    ? ((await request.json()) as Record<string, string>)
    : Object.fromEntries(new URLSearchParams(await request.text()));
  const token = fields.response ?? '';
  const seen = turnstileSeen.get(token) ?? { count: 0, fields };
  seen.count += 1;
  seen.fields = fields;
  turnstileSeen.set(token, seen);
  const [kind, hostname, extra] = token.split(':');
  if (extra === 'down') return new Response('upstream error', { status: 500 });
  const refused = (code: string) => json({ success: false, 'error-codes': [code], messages: [] });
  if (!fields.secret) return refused('missing-input-secret');
  if (fields.secret !== TURNSTILE_TEST_SECRET) return refused('invalid-input-secret');
  if (!token) return refused('missing-input-response');
  if (kind !== 'pass' || !hostname) return refused('invalid-input-response');
  if (seen.count > 1) return refused('timeout-or-duplicate');
  return json({ success: true, 'error-codes': [], challenge_ts: new Date().toISOString(), hostname, action: '', cdata: '' });
}

/** The site key the Worker's TURNSTILE_SECRET_KEY (vitest.config.ts) pairs with TURNSTILE_TEST_SECRET. */
export const TEST_TURNSTILE_SITE_KEY = '0x4AAAAAAAtestsitekey01';
/** A site key the Worker holds a secret for that siteverify refuses (a rotated secret). */
export const WRONG_SECRET_SITE_KEY = '0x4AAAAAAAtestsitekey02';
/** A site key the Worker holds no secret for. */
export const UNKNOWN_SITE_KEY = '0x4AAAAAAAtestsitekey03';
