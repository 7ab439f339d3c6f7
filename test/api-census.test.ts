// The census endpoints served by Durable Objects (no API_ORIGIN): hits checked at the edge, the visitor cookies of
// §3/§4/§9, the §6 recording rules and no-cookie mode, and the owner's summary matching the hits sent.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_HEARTBEAT_ACTIVE_MS } from '../shared/census.ts';
import { BODY_LIMITS, SUMMARY_MAX_DAYS } from '../worker/http/limits.ts';
import type { Summary } from '../worker/analytics/record.ts';
import { call, heartbeat, pageView, postForm, postJson, publishCopy, setCookies } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';
import { visit } from './support/sites.ts';

let HOST = '';
let SUMMARY_HOST = '';
let NO_COOKIE_HOST = '';
let SHOP_HOST = '';
let OWNER = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'apicensus'));
  ({ host: SUMMARY_HOST } = await publishCopy('fernwood', 'apisummary'));
  ({ host: NO_COOKIE_HOST } = await publishCopy('fernwood', 'apinocookie', (s) => {
    s.settings.cookieSettings.isRestrictiveCookiePolicyEnabled = true;
  }));
  ({ host: SHOP_HOST } = await publishCopy('trailhead', 'apishop'));
  OWNER = await login(SUMMARY_HOST, 'owner@fernwood.example');
});

const hit = (host: string, event: string, data: unknown, opts: { cookies?: string; ss_cvr?: string } = {}) =>
  postForm(host, '/api/census/RecordHit', { event, ss_cvr: opts.ss_cvr ?? '', data: JSON.stringify(data) }, { cookies: opts.cookies });

const view = (path: string, opts: { cookies?: string; ss_cvr?: string; host?: string; id?: string } = {}) =>
  hit(opts.host ?? HOST, '1', pageView(opts.id ?? 'site-apicensus', path), opts);

const cookieNamed = (res: Response, name: string) => setCookies(res).find((c) => c.startsWith(`${name}=`));
const cookieValue = (cookie: string | undefined) => cookie?.split(';')[0]?.split('=').slice(1).join('=');

async function summary(host = SUMMARY_HOST, query = '', cookie = OWNER): Promise<Response> {
  return call(host, `/api/census/Summary${query}`, {}, { cookies: cookie, crumb: false });
}

describe('POST /api/census/RecordHit', () => {
  it('records a page view (204) and starts a visitor record (2 years) and a session (30 minutes)', async () => {
    const before = Date.now();
    const res = await view('/');
    expect(res.status).toBe(204);
    const record = cookieNamed(res, 'ss_cvr')!;
    expect(record).toMatch(/^ss_cvr=[\w-]+\|\d+\|\d+\|\d+\|1; Max-Age=63072000; Path=\/; SameSite=Lax$/);
    const [, first, t2, last] = cookieValue(record)!.split('|').map(Number);
    expect(first).toBeGreaterThanOrEqual(before);
    expect(t2).toBe(first);
    expect(last).toBe(first);
    expect(cookieNamed(res, 'ss_cvt')).toMatch(/^ss_cvt=[1-9]\d*; Max-Age=1800; Path=\/; SameSite=Lax$/);
  });

  it('counts a new session when the record is there but the time cookie has expired', async () => {
    const res = await view('/journal', { cookies: 'ss_cvr=visitor-1|1000|1000|2000|3' });
    const [id, first, t2, last, count] = cookieValue(cookieNamed(res, 'ss_cvr'))!.split('|');
    expect([id, first, t2, count]).toEqual(['visitor-1', '1000', '1000', '4']);
    expect(Number(last)).toBeGreaterThan(2000);
  });

  it('keeps a live session: the record is not rewritten and the time cookie is renewed', async () => {
    const res = await view('/journal', { cookies: `ss_cvr=visitor-1|1000|1000|2000|3; ss_cvt=${Date.now() - 1000}` });
    expect(cookieNamed(res, 'ss_cvr')).toBeUndefined();
    expect(cookieNamed(res, 'ss_cvt')).toBeDefined();
  });

  it.each([
    ['a record with a zero', 'ss_cvr=visitor-2|0|1|1|1'],
    ['a record with three numbers', 'ss_cvr=visitor-2|1|1|1'],
    ['a record with a space in its id', 'ss_cvr=visitor 2|1|1|1|1'],
    ['a record that is not one', 'ss_cvr=hello'],
  ])('treats %s as absent and starts a new record', async (_, cookies) => {
    const res = await view('/', { cookies });
    const value = cookieValue(cookieNamed(res, 'ss_cvr'))!;
    expect(value.endsWith('|1')).toBe(true);
    expect(value.startsWith('visitor-2|')).toBe(false);
  });

  it('treats a time cookie with a leading zero as absent (the session has expired)', async () => {
    const res = await view('/', { cookies: 'ss_cvr=visitor-3|5|5|5|7; ss_cvt=0123' });
    expect(cookieValue(cookieNamed(res, 'ss_cvr'))!.endsWith('|8')).toBe(true);
  });

  it('takes the record from the ss_cvr field when the browser sent no cookie, and seeds a new record from ss_cid', async () => {
    const fromField = await view('/', { ss_cvr: 'visitor-4|9|9|9|2' });
    expect(cookieValue(cookieNamed(fromField, 'ss_cvr'))!.startsWith('visitor-4|9|9|')).toBe(true);
    const seeded = await view('/', { cookies: 'ss_cid=seeded-visitor' });
    expect(cookieValue(cookieNamed(seeded, 'ss_cvr'))!.startsWith('seeded-visitor|')).toBe(true);
  });

  it.each([
    ['no event', { ss_cvr: '', data: '{}' }, 'event is required'],
    [
      'an unknown event',
      { event: 'click', data: '{}' },
      'event must be an analytics event kind: 1 (PAGE_VIEW), 2 (SITE_SEARCH), 10 (HEARTBEAT), 20 (AUDIO), 21 (VIDEO)',
    ],
    ['no data', { event: '1' }, 'data is required'],
    ['data that is not JSON', { event: '1', data: '{' }, 'data must be JSON'],
  ])('answers 400 with the reason for %s', async (_, fields, reason) => {
    const res = await postForm(HOST, '/api/census/RecordHit', fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: reason });
  });

  it('answers 400 naming the field for data missing a §7 field, of the wrong type, or of another site', async () => {
    const missing = pageView('site-apicensus', '/');
    delete missing.url;
    const cases: [unknown, RegExp][] = [
      [missing, /^data\.url: /],
      [{ ...pageView('site-apicensus', '/'), screenWidth: 'wide' }, /^data\.screenWidth: /],
      [{ ...pageView('site-apicensus', '/'), localStorageSupported: undefined }, /^data\.localStorageSupported: /],
      [pageView('site-other', '/'), /^data\.websiteId is not this site$/],
    ];
    for (const [data, reason] of cases) {
      const res = await hit(HOST, 'PAGE_VIEW', data);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(reason);
    }
    const long = await hit(HOST, '10', heartbeat('site-apicensus', '/', MAX_HEARTBEAT_ACTIVE_MS + 1));
    expect(((await long.json()) as { error: string }).error).toMatch(/^data\.activeMillis: /);
  });

  it('answers 405, 413, 415 and 403 crumbFail', async () => {
    const get = await call(HOST, '/api/census/RecordHit');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const big = await postForm(HOST, '/api/census/RecordHit', { event: '1', data: 'x'.repeat(BODY_LIMITS.recordHit) });
    expect(big.status).toBe(413);
    expect((await postJson(HOST, '/api/census/RecordHit', { event: '1' })).status).toBe(415);
    const noCrumb = await postForm(HOST, '/api/census/RecordHit', { event: '1', data: '{}' }, { crumb: false, cookies: `crumb=${CRUMB}` });
    expect(noCrumb.status).toBe(403);
    expect(((await noCrumb.json()) as { crumbFail: boolean }).crumbFail).toBe(true);
  });

  it('answers 404 JSON for an unknown census path', async () => {
    const res = await postForm(HOST, '/api/census/RecordSomething', {});
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not Found' });
  });
});

describe('no-cookie mode (restrictive cookie policy, no ss_cookieAllowed)', () => {
  it('sets no visitor cookie and removes the §6 cookies the browser holds', async () => {
    const res = await view('/', {
      host: NO_COOKIE_HOST,
      id: 'site-apinocookie',
      cookies: 'ss_cvr=visitor-5|1|1|1|1; SS_MID=abc; user_segment=x; unrelated=1',
    });
    expect(res.status).toBe(204);
    const cookies = setCookies(res);
    expect(cookies.filter((c) => c.startsWith('ss_cvt='))).toEqual([]);
    expect(cookies).toEqual(
      expect.arrayContaining([
        'ss_cvr=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
        'SS_MID=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
        'user_segment=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
      ]),
    );
    expect(cookies.some((c) => c.startsWith('unrelated='))).toBe(false);
  });

  it('sets the visitor cookies once ss_cookieAllowed is there', async () => {
    const res = await view('/', { host: NO_COOKIE_HOST, id: 'site-apinocookie', cookies: 'ss_cookieAllowed=true' });
    expect(cookieNamed(res, 'ss_cvr')).toMatch(/\|1; Max-Age=63072000/);
  });
});

describe('the view sent again at consent (consent=true)', () => {
  it('starts the visitor and the visit without a second page view; without consent it is a view like any other', async () => {
    const { host } = await publishCopy('fernwood', 'apiconsent', (s) => {
      s.settings.cookieSettings.isRestrictiveCookiePolicyEnabled = true;
    });
    const again = (cookies: string) =>
      postForm(
        host,
        '/api/census/RecordHit',
        { event: '1', ss_cvr: '', consent: 'true', data: JSON.stringify(pageView('site-apiconsent', '/about')) },
        { cookies },
      );
    expect((await view('/about', { host, id: 'site-apiconsent' })).status).toBe(204);
    const res = await again('ss_cookieAllowed=true');
    expect(res.status).toBe(204);
    expect(cookieNamed(res, 'ss_cvr')).toMatch(/\|1; Max-Age=63072000/);
    const owner = await login(host, 'owner@fernwood.example');
    const figures = async () => {
      const s = (await (await summary(host, '', owner)).json()) as Summary;
      return [s.pageViews, s.anonymousPageViews, s.visits, s.uniqueVisitors];
    };
    expect(await figures()).toEqual([1, 1, 1, 1]);
    // no consent cookie: the flag means nothing, the hit is an anonymous view
    expect((await again('')).status).toBe(204);
    expect(await figures()).toEqual([2, 2, 1, 1]);
  });
});

describe('POST /api/census/RecordQuickView/{productId}', () => {
  it('records a quick view of a product (204)', async () => {
    expect((await call(SHOP_HOST, '/api/census/RecordQuickView/p-edale-jacket', { method: 'POST' })).status).toBe(204);
  });

  it('answers 404 for an unknown product, 400 for a malformed id and 405 for GET', async () => {
    expect((await call(SHOP_HOST, '/api/census/RecordQuickView/p-nothing', { method: 'POST' })).status).toBe(404);
    expect((await call(SHOP_HOST, '/api/census/RecordQuickView/p%20bad', { method: 'POST' })).status).toBe(400);
    expect((await call(SHOP_HOST, '/api/census/RecordQuickView/p-edale-jacket')).status).toBe(405);
  });
});

const button = (extra: Record<string, unknown> = {}) => ({
  pagePath: '/',
  id: 'btn-subscribe',
  buttonText: 'Subscribe',
  clickthroughUrl: '/newsletter',
  alignment: 'center',
  size: 'medium',
  newWindow: false,
  context: { blockId: 'b7' },
  visitorCookie: 'visitor-6|1|1|1|1',
  ...extra,
});

describe('POST /api/census/button-click and button-render', () => {
  it('records views and clicks (204)', async () => {
    expect((await postJson(HOST, '/api/census/button-render', button())).status).toBe(204);
    expect((await postJson(HOST, '/api/census/button-click', button())).status).toBe(204);
  });

  it('answers 400 naming the field, 415 for a form body and 413 over the limit', async () => {
    const res = await postJson(HOST, '/api/census/button-click', button({ newWindow: 'yes' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^newWindow: /);
    expect((await postForm(HOST, '/api/census/button-click', { id: 'x' })).status).toBe(415);
    expect((await postJson(HOST, '/api/census/button-render', button({ buttonText: 'x'.repeat(BODY_LIMITS.buttonTracking) }))).status).toBe(
      413,
    );
    expect((await postJson(HOST, '/api/census/button-click', [1])).status).toBe(400);
  });
});

describe('POST /api/census/overlay', () => {
  it('records an overlay event (204) and refuses a payload that is not an object (400)', async () => {
    expect((await postJson(HOST, '/api/census/overlay', { event: 'popup-shown', visitorCookie: '' })).status).toBe(204);
    expect((await postJson(HOST, '/api/census/overlay', 'shown')).status).toBe(400);
  });
});

describe('GET /api/census/Summary', () => {
  it('answers 401 to visitors and to accounts without permissions', async () => {
    expect((await summary(SUMMARY_HOST, '', '')).status).toBe(401);
    const reader = await login(SUMMARY_HOST, 'reader@fernwood.example');
    const res = await summary(SUMMARY_HOST, '', reader);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Unauthorized request' });
  });

  it('answers 400 for a malformed date, a reversed range or a range too long', async () => {
    expect((await summary(SUMMARY_HOST, '?from=2026-02-30')).status).toBe(400);
    expect((await summary(SUMMARY_HOST, '?from=2026-03-02&to=2026-03-01')).status).toBe(400);
    const long = await summary(SUMMARY_HOST, '?from=2026-01-01&to=2026-03-01');
    expect(await long.json()).toEqual({ error: `a summary covers at most ${SUMMARY_MAX_DAYS} days` });
  });

  it('adds up the hits sent: views, unique visitors, visits, active time, top pages, buttons and events', async () => {
    const id = 'site-apisummary';
    const send = (event: string, data: unknown, cookies?: string) => hit(SUMMARY_HOST, event, data, { cookies });
    const now = Date.now();
    // visitor A: two views in one session and a heartbeat; visitor B: a view in a new session and a heartbeat; a view
    // and a search from two browsers without cookies, each given a new record
    const a = `ss_cvr=visitor-a|${now}|${now}|${now}|1`;
    expect((await send('1', pageView(id, '/journal'), a)).status).toBe(204);
    expect(
      (await send('1', pageView(id, '/journal', { referrer: 'https://www.search.example/?q=fern' }), `${a}; ss_cvt=${now}`)).status,
    ).toBe(204);
    expect((await send('10', heartbeat(id, '/journal', 45_000), `${a}; ss_cvt=${now}`)).status).toBe(204);
    expect((await send('1', pageView(id, '/about'), `ss_cvr=visitor-b|${now}|${now}|${now}|5`)).status).toBe(204);
    expect((await send('PAGE_VIEW', pageView(id, '/'))).status).toBe(204);
    expect((await send('10', heartbeat(id, '/about', 15_000), `ss_cvr=visitor-b|${now}|${now}|${now}|6; ss_cvt=${now}`)).status).toBe(204);
    expect((await send('2', pageView(id, '/search?q=fog'))).status).toBe(204);
    // not recorded: not-found pages, a lock screen, an owner's own visits
    expect((await send('1', pageView(id, '/no-such-page'))).status).toBe(204);
    expect((await send('1', pageView(id, '/participants'))).status).toBe(204);
    expect((await send('1', pageView(id, '/journal'), OWNER)).status).toBe(204);
    // buttons and engagement events
    await postJson(SUMMARY_HOST, '/api/census/button-render', button());
    await postJson(SUMMARY_HOST, '/api/census/button-render', button());
    await postJson(SUMMARY_HOST, '/api/census/button-click', button());
    await postJson(SUMMARY_HOST, '/api/census/button-click', button({ pagePath: '/no-such-page' }));
    const event = (name: string) =>
      postForm(SUMMARY_HOST, '/api/events/RecordEvent', {
        crumb: CRUMB,
        event: name,
        data: JSON.stringify({ websiteId: id, templateId: 't', variantId: 'v', pagePath: '/journal' }),
      });
    expect((await event('Like')).status).toBe(204);
    expect((await event('Like')).status).toBe(204);
    expect((await event('Share')).status).toBe(204);
    expect(
      (
        await call(
          SUMMARY_HOST,
          '/api/track/Track?landing=https%3A%2F%2Fapisummary.localhost%2F&source=newsletter&campaign=spring&rk=42',
          {},
          { crumb: false },
        )
      ).status,
    ).toBe(200);

    const res = await summary();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const s = (await res.json()) as Summary;
    expect(s.pageViews).toBe(5);
    expect(s.searches).toBe(1);
    expect(s.uniqueVisitors).toBe(4);
    expect(s.visits).toBe(4);
    expect(s.anonymousPageViews).toBe(0);
    expect(s.activeTimeMillis).toBe(60_000);
    expect(s.heartbeats).toBe(2);
    expect(s.topPages.map((p) => [p.path, p.views, p.activeMillis])).toEqual([
      ['/journal', 2, 45_000],
      ['/about', 1, 15_000],
      ['/', 1, 0],
      ['/search', 1, 0],
    ]);
    expect(s.buttons).toEqual([
      { id: 'btn-subscribe', pagePath: '/', buttonText: 'Subscribe', clickthroughUrl: '/newsletter', views: 2, clicks: 1 },
    ]);
    expect(s.engagementEvents).toEqual({ Like: 2, Share: 1 });
    expect(s.referrers).toEqual({ 'www.search.example': 1 });
    expect(s.landings).toEqual({ count: 1, sources: { newsletter: 1 }, campaigns: { spring: 1 } });
    expect(s.days.reduce((n, d) => n + d.pageViews, 0)).toBe(5);
  });

  it('records a locked page once the visitor has unlocked it', async () => {
    const before = ((await (await summary()).json()) as Summary).pageViews;
    const unlock = await visit(SUMMARY_HOST, '/participants', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ password: 'trailmix' }).toString(),
    });
    expect(unlock.status).toBe(303);
    const cookie = setCookies(unlock)
      .find((c) => c.startsWith('unlock_'))!
      .split(';')[0]!;
    expect((await hit(SUMMARY_HOST, '1', pageView('site-apisummary', '/participants'), { cookies: cookie })).status).toBe(204);
    const after = (await (await summary()).json()) as Summary;
    expect(after.pageViews).toBe(before + 1);
    expect(after.topPages.some((p) => p.path === '/participants')).toBe(true);
  });

  it('counts page views in no-cookie mode without a visitor', async () => {
    const owner = await login(NO_COOKIE_HOST, 'owner@fernwood.example');
    const s = (await (await summary(NO_COOKIE_HOST, '', owner)).json()) as Summary;
    expect(s.anonymousPageViews).toBeGreaterThan(0);
    expect(s.uniqueVisitors).toBe(1);
  });
});
