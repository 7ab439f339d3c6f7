// Issue 31 §3: the Worker coalesces a shard's hits for ANALYTICS_BATCH_MS (or ANALYTICS_BATCH_MAX hits) and writes them
// with one call and one transaction (worker/analytics/record.ts, SiteAnalytics.recordBatch), so a busy site pays the
// object's cost per batch, not per page view. Counts stay exact: every hit written once, a request answered only once
// its hit is stored.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../shared/census.ts';
import { record, type Summary } from '../worker/analytics/record.ts';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_BATCH_MS,
  ANALYTICS_SHARDS,
  batchWindowMs,
  shardName,
  shardOf,
} from '../worker/analytics/shards.ts';
import type { AnalyticsHit, DayFigures } from '../worker/durable/site-analytics.ts';
import type { Env } from '../worker/env.ts';
import type { SiteModel } from '../worker/site/model.ts';
import { call, heartbeat, pageView, postForm, publishCopy } from './support/api.ts';
import { login } from './support/auth.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An env whose analytics objects only note what they were sent (by object name), after `delayMs`. */
function fakeEnv(delayMs = 0, fail = false) {
  const batches: { name: string; hits: AnalyticsHit[] }[] = [];
  const single: string[] = [];
  const fake = {
    SITE_ANALYTICS: {
      getByName: (name: string) => ({
        addShard: async () => {},
        record: async () => {
          single.push(name);
        },
        recordBatch: async (hits: AnalyticsHit[]) => {
          await sleep(delayMs);
          if (fail) throw new Error('storage failed');
          batches.push({ name, hits: [...hits] });
        },
      }),
    },
  } as unknown as Env;
  return { fake, batches, single };
}

let siteCount = 0;
const fakeSite = () => ({ website: { id: `site-batch-${siteCount++}`, timeZone: 'Europe/London' } }) as unknown as SiteModel;
const view = (visitorId: string, n = 0): AnalyticsHit => ({
  kind: 'pageview',
  path: `/p${n}`,
  title: `Page ${n}`,
  visitorId,
  newSession: n === 0,
  referrerHost: null,
  search: false,
});

describe('coalescing in the isolate', () => {
  it('is on as deployed, with a window short beside a beacon', () => {
    expect(batchWindowMs(env)).toBe(ANALYTICS_BATCH_MS);
    expect(ANALYTICS_BATCH_MS).toBeGreaterThan(0);
    expect(ANALYTICS_BATCH_MS).toBeLessThanOrEqual(100);
    expect(batchWindowMs({ ANALYTICS_BATCH_MS: '0' })).toBe(0);
  });

  it('writes a lone hit when its window ends, and answers only then', async () => {
    const { fake, batches } = fakeEnv();
    let settled = false;
    const t0 = performance.now();
    const pending = record(fake, fakeSite(), view('lone')).then(() => {
      settled = true;
    });
    await sleep(ANALYTICS_BATCH_MS / 5);
    expect(settled).toBe(false);
    expect(batches).toEqual([]);
    await pending;
    expect(performance.now() - t0).toBeGreaterThanOrEqual(ANALYTICS_BATCH_MS - 5);
    expect(batches.map((b) => b.hits.length)).toEqual([1]);
  });

  it('writes a burst in one call per shard, every hit once', async () => {
    const { fake, batches, single } = fakeEnv(5);
    const site = fakeSite();
    const hits = Array.from({ length: 600 }, (_, i) => view(`burst-${i % 150}`, Math.floor(i / 150)));
    await Promise.all(hits.map((h) => record(fake, site, h)));
    const day = dayKey(Date.now(), 'Europe/London');
    const written = batches.flatMap((b) => b.hits);
    expect(single).toEqual([]);
    expect(written.length).toBe(600);
    // each hit object written exactly once, to its visitor's shard
    expect(new Set(written).size).toBe(600);
    for (const b of batches) {
      for (const h of b.hits)
        expect(b.name).toBe(shardName(site.website.id, day, shardOf((h as { visitorId: string }).visitorId, ANALYTICS_SHARDS)));
    }
    // 150 visitors over 16 shards, 600 hits sent at once: a call per shard (a shard past ANALYTICS_BATCH_MAX, two)
    const shardsUsed = new Set(batches.map((b) => b.name)).size;
    expect(batches.length).toBeLessThanOrEqual(shardsUsed * Math.ceil(600 / ANALYTICS_BATCH_MAX));
    expect(batches.length).toBeLessThan(40);
  });

  it('writes a full batch at once, without waiting for its window', async () => {
    const { fake, batches } = fakeEnv();
    const site = fakeSite();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: ANALYTICS_BATCH_MAX }, (_, i) => record(fake, site, view('one-visitor', i + 1))));
    expect(batches.map((b) => b.hits.length)).toEqual([ANALYTICS_BATCH_MAX]);
    expect(performance.now() - t0).toBeLessThan(ANALYTICS_BATCH_MS);
  });

  it('fails every request of a batch whose write failed, and tries it once', async () => {
    const { fake, batches } = fakeEnv(0, true);
    const site = fakeSite();
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => record(fake, site, view('failing', i + 1))));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(batches).toEqual([]);
  });

  it('writes each hit on its own to an object of the release before, which has no recordBatch', async () => {
    const single: string[] = [];
    let batchCalls = 0;
    const fake = {
      SITE_ANALYTICS: {
        getByName: (name: string) => ({
          addShard: async () => {},
          record: async () => {
            single.push(name);
          },
          recordBatch: async () => {
            batchCalls++;
            throw new TypeError('The RPC receiver does not implement "recordBatch".');
          },
        }),
      },
    } as unknown as Env;
    const site = fakeSite();
    await Promise.all(Array.from({ length: 7 }, (_, i) => record(fake, site, view('old-release', i + 1))));
    expect(batchCalls).toBe(1);
    expect(single.length).toBe(7);
  });
});

describe('a burst through the Worker', () => {
  const ID = 'site-apibatch';
  let HOST = '';
  let OWNER = '';
  beforeAll(async () => {
    ({ host: HOST } = await publishCopy('fernwood', 'apibatch'));
    OWNER = await login(HOST, 'owner@fernwood.example');
  });
  const today = () => dayKey(Date.now(), 'Europe/London');
  const summary = async (): Promise<Summary> =>
    (
      await call(HOST, `/api/census/Summary?from=${today()}&to=${today()}`, {}, { cookies: OWNER, crumb: false })
    ).json() as Promise<Summary>;
  const hit = (event: string, data: unknown, cookies: string) =>
    postForm(HOST, '/api/census/RecordHit', { event, ss_cvr: '', data: JSON.stringify(data) }, { cookies });

  it('reads back exactly what was answered 204, and the same after every window has passed', async () => {
    const before = await summary();
    const now = Date.now();
    const visitors = Array.from({ length: 60 }, (_, i) => `batch-visitor-${i}`);
    // all at once: each visitor's first view (a visit), a second view in the session and a heartbeat
    const statuses = await Promise.all(
      visitors.flatMap((v) => {
        const cvr = `ss_cvr=${v}|${now}|${now}|${now}|1`;
        return [
          hit('1', pageView(ID, '/journal'), cvr),
          hit('1', pageView(ID, '/about'), `${cvr}; ss_cvt=${now}`),
          hit('10', heartbeat(ID, '/journal', 500), `${cvr}; ss_cvt=${now}`),
        ].map(async (res) => (await res).status);
      }),
    );
    expect(statuses.every((s) => s === 204)).toBe(true);
    // answered means stored: read at once
    const s = await summary();
    expect(s.pageViews - before.pageViews).toBe(120);
    expect(s.visits - before.visits).toBe(60);
    expect(s.uniqueVisitors - before.uniqueVisitors).toBe(60);
    expect(s.heartbeats - before.heartbeats).toBe(60);
    expect(s.activeTimeMillis - before.activeTimeMillis).toBe(30_000);
    const journal = (x: Summary) => x.topPages.find((p) => p.path === '/journal');
    expect((journal(s)?.views ?? 0) - (journal(before)?.views ?? 0)).toBe(60);
    // nothing is written again later
    await sleep(ANALYTICS_BATCH_MS * 4);
    const later = await summary();
    expect(later.pageViews).toBe(s.pageViews);
    expect(later.visits).toBe(s.visits);
    expect(later.heartbeats).toBe(s.heartbeats);
    // each shard's visitors' hits counted once: the shards' figures add up to the summary's day
    const day = today();
    const parts: DayFigures[] = await Promise.all(
      Array.from({ length: ANALYTICS_SHARDS }, (_, k) => env.SITE_ANALYTICS.getByName(shardName(ID, day, k)).figures(day)),
    );
    expect(parts.reduce((n, p) => n + p.pageViews, 0)).toBe(later.days.find((d) => d.day === day)!.pageViews);
  }, 60_000);

  it('keeps a page title and heartbeat time as one call per hit would', async () => {
    const day = today();
    const name = `${ID}-titles:${day}`;
    const stub = env.SITE_ANALYTICS.getByName(name);
    await stub.recordBatch([
      { kind: 'heartbeat', path: '/new', activeMillis: 300, visitorId: 'x' },
      { kind: 'pageview', path: '/t', title: 'First', visitorId: 'x', newSession: true, referrerHost: 'a.example', search: false },
      { kind: 'heartbeat', path: '/t', activeMillis: 200, visitorId: 'x' },
      { kind: 'pageview', path: '/t', title: 'Second', visitorId: 'y', newSession: false, referrerHost: 'a.example', search: true },
      { kind: 'event', name: 'Like' },
    ]);
    const f = await stub.figures(day);
    expect(f).toMatchObject({ pageViews: 2, visits: 1, searches: 1, heartbeats: 2, activeMillis: 500 });
    expect(f.visitorIds.sort()).toEqual(['x', 'y']);
    expect(f.pages.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: '/new', title: '', views: 0, activeMillis: 300 },
      { path: '/t', title: 'Second', views: 2, activeMillis: 200 },
    ]);
    expect(f.counters.referrers).toEqual({ 'a.example': 2 });
    expect(f.counters.events).toEqual({ Like: 1 });
  });
});
