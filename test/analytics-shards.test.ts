// Issue 31 §3: a site's day of analytics is split over shards by visitor (worker/analytics/shards.ts), so a busy site's
// hits do not all queue at one object; the owner's summary reads every shard and adds them up, exactly.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../shared/census.ts';
import { dayFigures, FOLD_AFTER_MS, mergeShards, record, type Summary } from '../worker/analytics/record.ts';
import { ANALYTICS_SHARDS, shardCount, shardName, shardOf } from '../worker/analytics/shards.ts';
import type { AnalyticsHit, DayFigures } from '../worker/durable/site-analytics.ts';
import type { Env } from '../worker/env.ts';
import type { SiteModel } from '../worker/site/model.ts';
import { ANALYTICS_DISTINCT_CAP } from '../worker/http/limits.ts';
import { call, heartbeat, pageView, postForm, publishCopy } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';

const ID = 'site-apishards';
let HOST = '';
let OWNER = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'apishards'));
  OWNER = await login(HOST, 'owner@fernwood.example');
});

const hit = (event: string, data: unknown, cookies?: string) =>
  postForm(HOST, '/api/census/RecordHit', { event, ss_cvr: '', data: JSON.stringify(data) }, { cookies });

const today = () => dayKey(Date.now(), 'Europe/London');

/** Today's summary (one day: every shard of it). */
const summary = async (): Promise<Summary> =>
  (await call(HOST, `/api/census/Summary?from=${today()}&to=${today()}`, {}, { cookies: OWNER, crumb: false })).json() as Promise<Summary>;

async function shards(day: string): Promise<DayFigures[]> {
  return Promise.all(Array.from({ length: ANALYTICS_SHARDS }, (_, k) => env.SITE_ANALYTICS.getByName(shardName(ID, day, k)).figures(day)));
}

describe('where a hit is written', () => {
  it('puts every hit of a visitor on one shard, and spreads visitors over the shards', () => {
    expect(shardCount(env)).toBe(ANALYTICS_SHARDS);
    expect(ANALYTICS_SHARDS).toBeGreaterThan(1);
    for (const v of ['visitor-a', 'b', '0f8e7d6c-5b4a-3210-9876-fedcba987654']) {
      const shard = shardOf(v, ANALYTICS_SHARDS);
      for (let i = 0; i < 5; i++) expect(shardOf(v, ANALYTICS_SHARDS)).toBe(shard);
    }
    const used = new Set(Array.from({ length: 200 }, (_, i) => shardOf(`visitor-${i}`, ANALYTICS_SHARDS)));
    expect(used.size).toBe(ANALYTICS_SHARDS);
    expect(shardOf('anyone', 1)).toBe(0);
    expect(shardOf(null, 1)).toBe(0);
  });

  it('keeps the name of the one object per day of before for shard 0', () => {
    expect(shardName('site-x', '2026-04-01', 0)).toBe('site-x:2026-04-01');
    expect(shardName('site-x', '2026-04-01', 3)).toBe('site-x:2026-04-01:3');
  });
});

describe('during a gradual deployment', () => {
  it('writes to shard 0, as the release before did, when shard 0 runs code without the list of shards', async () => {
    const written: string[] = [];
    const fake = {
      SITE_ANALYTICS: {
        getByName: (name: string) => ({
          addShard: async () => {
            // what workerd throws for a method the object's code does not have
            throw new TypeError('The RPC receiver does not implement "addShard".');
          },
          record: async (_hit: AnalyticsHit) => {
            written.push(name);
          },
          recordBatch: async () => {
            throw new TypeError('The RPC receiver does not implement "recordBatch".');
          },
        }),
      },
    } as unknown as Env;
    const site = { website: { id: 'site-rollout', timeZone: 'Europe/London' } } as unknown as SiteModel;
    const visitor = Array.from({ length: 50 }, (_, i) => `rollout-${i}`).find((v) => shardOf(v, ANALYTICS_SHARDS) !== 0)!;
    const now = Date.now();
    await record(fake, site, { kind: 'heartbeat', path: '/', activeMillis: 1, visitorId: visitor }, now);
    expect(written).toEqual([shardName('site-rollout', dayKey(now, 'Europe/London'), 0)]);
  });
});

describe('the summary across shards', () => {
  it('reads back exactly the views, visits, visitors, heartbeats and events sent, each visitor on its own shard', async () => {
    const before = await summary();
    const now = Date.now();
    const visitors = Array.from({ length: 24 }, (_, i) => `shard-visitor-${i}`);
    // each visitor: a view that starts a session, a second view in it and a heartbeat
    const sent = await Promise.all(
      visitors.map(async (v) => {
        const record = `ss_cvr=${v}|${now}|${now}|${now}|1`;
        return [
          (await hit('1', pageView(ID, '/journal'), record)).status,
          (await hit('1', pageView(ID, '/about'), `${record}; ss_cvt=${now}`)).status,
          (await hit('10', heartbeat(ID, '/journal', 1000), `${record}; ss_cvt=${now}`)).status,
        ];
      }),
    );
    // events name no visitor: any shard
    const events = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await postForm(HOST, '/api/events/RecordEvent', {
          crumb: CRUMB,
          event: 'Like',
          data: JSON.stringify({ websiteId: ID, templateId: 't', variantId: 'v', pagePath: '/journal' }),
        });
        return res.status;
      }),
    );
    expect([...sent.flat(), ...events].every((status) => status === 204)).toBe(true);

    const s = await summary();
    expect(s.pageViews - before.pageViews).toBe(48);
    expect(s.visits - before.visits).toBe(24);
    expect(s.uniqueVisitors - before.uniqueVisitors).toBe(24);
    expect(s.heartbeats - before.heartbeats).toBe(24);
    expect(s.activeTimeMillis - before.activeTimeMillis).toBe(24_000);
    expect((s.engagementEvents.Like ?? 0) - (before.engagementEvents.Like ?? 0)).toBe(10);

    const day = today();
    const parts = await shards(day);
    // the hits were spread: more than one shard holds some, and shard 0 lists every other shard written
    const written = parts.flatMap((p, k) => (k > 0 && (p.pageViews > 0 || p.heartbeats > 0 || p.visitorIds.length > 0) ? [k] : []));
    expect(written.length).toBeGreaterThan(1);
    expect(parts[0]!.shards).toEqual(expect.arrayContaining(written));
    for (const v of visitors) {
      const holding = parts.map((p, k) => [k, p] as const).filter(([, p]) => p.visitorIds.includes(v));
      // the visitor's view and heartbeat are on one shard: the visitor's
      expect(holding.map(([k]) => k)).toEqual([shardOf(v, ANALYTICS_SHARDS)]);
    }
    // merged on read: the summary's day is the shards added up
    const sum = (f: (d: DayFigures) => number) => parts.reduce((n, p) => n + f(p), 0);
    const summaryDay = s.days.find((d) => d.day === day)!;
    expect(summaryDay.pageViews).toBe(sum((p) => p.pageViews));
    expect(summaryDay.heartbeats).toBe(sum((p) => p.heartbeats));
    expect(summaryDay.visits).toBe(sum((p) => p.visits));
    expect(summaryDay.uniqueVisitors).toBe(new Set(parts.flatMap((p) => p.visitorIds)).size);
    expect(s.engagementEvents.Like).toBe(sum((p) => p.counters.events.Like ?? 0));
  }, 60_000);
});

describe('a finished day', () => {
  const TZ = 'Europe/London';
  const view = (visitorId: string | null): AnalyticsHit => ({
    kind: 'pageview',
    path: '/',
    title: 'Home',
    visitorId,
    newSession: true,
    referrerHost: null,
    search: false,
  });

  it('is folded into shard 0 when first read an hour after it ended, then read from shard 0 alone', async () => {
    const site = { website: { id: 'site-fold', timeZone: TZ } } as unknown as SiteModel;
    const then = Date.now() - 3 * 86_400_000;
    const day = dayKey(then, TZ);
    const visitors = Array.from({ length: 40 }, (_, i) => `fold-${i}`);
    await Promise.all(visitors.map((v) => record(env, site, view(v), then)));
    const zero = env.SITE_ANALYTICS.getByName(shardName('site-fold', day, 0));
    const unfolded = await zero.figures(day);
    expect(unfolded.shards.length).toBeGreaterThan(1);
    expect(unfolded.folded).toBeUndefined();

    const first = await dayFigures(env, site, day);
    expect(first).toMatchObject({ pageViews: 40, visits: 40 });
    expect(first.visitorIds.sort()).toEqual([...visitors].sort());
    const folded = await zero.figures(day);
    expect(folded).toMatchObject({ folded: true, shards: [], pageViews: 40, visits: 40 });
    expect(folded.visitorIds.length).toBe(40);
    expect(await dayFigures(env, site, day)).toMatchObject({ pageViews: 40, visits: 40 });

    // a late hit written to shard 0 undoes the fold: the day is added up from its shards again, nothing twice
    await zero.record(view(null));
    expect((await zero.figures(day)).folded).toBeUndefined();
    expect(await dayFigures(env, site, day)).toMatchObject({ pageViews: 41, visits: 41, anonymousPageViews: 1 });
  }, 30_000);

  it('leaves today, and a day that ended less than an hour ago, to its shards', async () => {
    const site = { website: { id: 'site-nofold', timeZone: 'UTC' } } as unknown as SiteModel;
    const now = Date.now();
    const day = dayKey(now, 'UTC');
    await Promise.all(Array.from({ length: 40 }, (_, i) => record(env, site, view(`nofold-${i}`), now)));
    const zero = env.SITE_ANALYTICS.getByName(shardName('site-nofold', day, 0));
    const folded = async () => (await zero.figures(day)).folded === true;
    expect(await dayFigures(env, site, day)).toMatchObject({ pageViews: 40 });
    expect(await folded()).toBe(false);
    // read as if the day had ended half an hour ago, then an hour and a minute ago
    const end = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
    await dayFigures(env, site, day, end + 30 * 60_000);
    expect(await folded()).toBe(false);
    expect(await dayFigures(env, site, day, end + FOLD_AFTER_MS + 60_000)).toMatchObject({ pageViews: 40 });
    expect(await folded()).toBe(true);
  }, 30_000);
});

describe('mergeShards', () => {
  const empty = (day: string): DayFigures => mergeShards(day, []);

  it('adds up totals, pages and buttons, and keeps each visitor once', () => {
    const a: DayFigures = {
      ...empty('2026-04-01'),
      pageViews: 3,
      visits: 2,
      heartbeats: 1,
      activeMillis: 500,
      visitorIds: ['v1', 'v2'],
      pages: [{ path: '/', title: 'Home', views: 3, activeMillis: 500 }],
      buttons: [{ id: 'b', pagePath: '/', buttonText: 'Go', clickthroughUrl: '/go', views: 2, clicks: 1 }],
    };
    const b: DayFigures = {
      ...empty('2026-04-01'),
      pageViews: 2,
      visits: 1,
      visitorIds: ['v2', 'v3'],
      pages: [
        { path: '/', title: '', views: 1, activeMillis: 0 },
        { path: '/about', title: 'About', views: 1, activeMillis: 0 },
      ],
      buttons: [{ id: 'b', pagePath: '/', buttonText: 'Go', clickthroughUrl: '/go', views: 1, clicks: 2 }],
    };
    a.counters.events = { Like: 2 };
    b.counters.events = { Like: 1, Share: 4 };
    const m = mergeShards('2026-04-01', [a, b]);
    expect(m).toMatchObject({ pageViews: 5, visits: 3, heartbeats: 1, activeMillis: 500 });
    expect(m.visitorIds.sort()).toEqual(['v1', 'v2', 'v3']);
    expect(m.pages).toEqual([
      { path: '/', title: 'Home', views: 4, activeMillis: 500 },
      { path: '/about', title: 'About', views: 1, activeMillis: 0 },
    ]);
    expect(m.buttons).toEqual([{ id: 'b', pagePath: '/', buttonText: 'Go', clickthroughUrl: '/go', views: 3, clicks: 3 }]);
    expect(m.counters.events).toEqual({ Like: 3, Share: 4 });
  });

  it('keeps a day to the cap of names per counter: the most counted, the rest under (other), none of the count lost', () => {
    const parts = [0, 1].map(() => empty('2026-04-01'));
    for (let i = 0; i < ANALYTICS_DISTINCT_CAP; i++) {
      parts[0]!.counters.events[`a-${i}`] = 1;
      parts[1]!.counters.events[`b-${i}`] = 2;
    }
    const m = mergeShards('2026-04-01', parts);
    const names = Object.keys(m.counters.events);
    expect(names.length).toBe(ANALYTICS_DISTINCT_CAP);
    expect(Object.values(m.counters.events).reduce((n, c) => n + c, 0)).toBe(ANALYTICS_DISTINCT_CAP * 3);
    expect(names.filter((n) => n.startsWith('b-')).length).toBe(ANALYTICS_DISTINCT_CAP - 1);
    expect(m.counters.events['(other)']).toBe(ANALYTICS_DISTINCT_CAP + 2);
  });
});
