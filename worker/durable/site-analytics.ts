// One shard of the analytics of a site's calendar day (in the site's time zone), aggregated in SQLite as hits arrive.
// A day per object splits a site's storage, not its traffic: every hit of the day would queue at the one object, which
// runs one call at a time. So a day is ANALYTICS_SHARDS objects (worker/analytics/shards.ts): a visitor's hits go to
// the shard of a hash of its id, each shard counts exactly, and the summary adds the shards up on read
// (worker/analytics/record.ts). The object itself knows nothing of shards: each is a day of the site's analytics.
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.ts';
import { ANALYTICS_DISTINCT_CAP } from '../http/limits.ts';
import { LazySchema, type Schema } from './schema.ts';

export type AnalyticsHit =
  | {
      kind: 'pageview';
      path: string;
      title: string;
      visitorId: string | null;
      newSession: boolean;
      referrerHost: string | null;
      search: boolean;
      /** the view of a page counted already without a visitor, sent again as they consented there: a visit, no view */
      consent?: boolean;
    }
  | { kind: 'heartbeat'; path: string; activeMillis: number; visitorId: string | null }
  | { kind: 'media'; media: 'audio' | 'video' }
  | { kind: 'button'; action: 'view' | 'click'; id: string; pagePath: string; buttonText: string; clickthroughUrl: string }
  | { kind: 'event'; name: string }
  | { kind: 'quickview'; productId: string }
  | { kind: 'overlay'; name: string }
  | { kind: 'landing'; source: string | null; campaign: string | null }
  | { kind: 'script-error'; app: string; count: number };

/** Counter families kept by name. */
export type CounterKind = 'events' | 'quickViews' | 'overlays' | 'sources' | 'campaigns' | 'referrers' | 'scriptErrors' | 'media';

export interface PageFigures {
  path: string;
  title: string;
  views: number;
  activeMillis: number;
}

export interface ButtonFigures {
  id: string;
  pagePath: string;
  buttonText: string;
  clickthroughUrl: string;
  views: number;
  clicks: number;
}

export interface DayFigures {
  day: string;
  pageViews: number;
  searches: number;
  /** sessions started (§4) */
  visits: number;
  /** page views that carried no visitor record (no-cookie mode) */
  anonymousPageViews: number;
  heartbeats: number;
  activeMillis: number;
  landings: number;
  /** the distinct visitor record ids seen this day */
  visitorIds: string[];
  pages: PageFigures[];
  buttons: ButtonFigures[];
  counters: Record<CounterKind, Record<string, number>>;
  /** shard 0 of a day: the other shards written that day (worker/analytics/shards.ts); [] elsewhere */
  shards: number[];
  /** shard 0 of a finished day: these are the figures of every shard, kept by fold() */
  folded?: boolean;
}

/** The largest folded day kept, in characters of JSON (a SQLite value holds at most 2 MB). */
const FOLD_MAX_CHARS = 1_000_000;

const OTHER = '(other)';
export const COUNTER_KINDS: readonly CounterKind[] = [
  'events',
  'quickViews',
  'overlays',
  'sources',
  'campaigns',
  'referrers',
  'scriptErrors',
  'media',
];
/** The day's totals, each a plain count. */
export const TOTALS = ['pageViews', 'searches', 'visits', 'anonymousPageViews', 'heartbeats', 'activeMillis', 'landings'] as const;
type Total = (typeof TOTALS)[number];

/** A day without hits: every total zero, every list and counter empty. */
export function emptyDayFigures(day: string): DayFigures {
  const counters = Object.fromEntries(COUNTER_KINDS.map((k) => [k, {} as Record<string, number>])) as DayFigures['counters'];
  const totals = Object.fromEntries(TOTALS.map((t) => [t, 0])) as Record<Total, number>;
  return { day, ...totals, visitorIds: [], pages: [], buttons: [], counters, shards: [] };
}

/** The day's tables, version by version (worker/durable/schema.ts). */
export const SITE_ANALYTICS_SCHEMA: Schema = {
  name: 'SiteAnalytics',
  migrations: [
    // 1: totals, pages, visitor ids, buttons, named counters
    (sql) => {
      sql.exec('CREATE TABLE IF NOT EXISTS totals (name TEXT PRIMARY KEY, value INTEGER NOT NULL)');
      sql.exec(
        'CREATE TABLE IF NOT EXISTS pages (path TEXT PRIMARY KEY, title TEXT NOT NULL, views INTEGER NOT NULL, active_ms INTEGER NOT NULL)',
      );
      sql.exec('CREATE TABLE IF NOT EXISTS visitors (id TEXT PRIMARY KEY, hits INTEGER NOT NULL)');
      sql.exec(
        'CREATE TABLE IF NOT EXISTS buttons (id TEXT PRIMARY KEY, page_path TEXT NOT NULL, button_text TEXT NOT NULL, clickthrough_url TEXT NOT NULL, views INTEGER NOT NULL, clicks INTEGER NOT NULL)',
      );
      sql.exec(
        'CREATE TABLE IF NOT EXISTS counters (kind TEXT NOT NULL, name TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (kind, name))',
      );
    },
    // 2: the shards of the day that were written (kept by shard 0, so the summary reads only those)
    (sql) => {
      sql.exec('CREATE TABLE IF NOT EXISTS shards (shard INTEGER PRIMARY KEY)');
    },
    // 3: a finished day's figures over all its shards, kept by shard 0 (fold()), so a summary reads one object for it
    (sql) => {
      sql.exec('CREATE TABLE IF NOT EXISTS folded (key INTEGER PRIMARY KEY CHECK (key = 1), figures TEXT NOT NULL)');
    },
  ],
};

export class SiteAnalytics extends DurableObject<Env> {
  /** Tables are made on the first hit, so reading a day nobody visited leaves nothing behind. */
  private readonly schema: LazySchema;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.schema = new LazySchema(ctx, SITE_ANALYTICS_SCHEMA);
  }

  private add(name: Total, by = 1): void {
    this.ctx.storage.sql.exec(
      'INSERT INTO totals (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value',
      name,
      by,
    );
  }

  private count(kind: CounterKind, name: string, by = 1): void {
    const sql = this.ctx.storage.sql;
    const known = sql.exec('SELECT 1 FROM counters WHERE kind = ? AND name = ?', kind, name).toArray().length > 0;
    let key = name;
    // names come from visitors' requests: past the cap, new ones share one bucket so a day stays small
    if (!known && sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM counters WHERE kind = ?', kind).one().n >= ANALYTICS_DISTINCT_CAP)
      key = OTHER;
    sql.exec(
      'INSERT INTO counters (kind, name, count) VALUES (?, ?, ?) ON CONFLICT(kind, name) DO UPDATE SET count = count + excluded.count',
      kind,
      key,
      by,
    );
  }

  private visitor(id: string | null): void {
    if (id) this.ctx.storage.sql.exec('INSERT INTO visitors (id, hits) VALUES (?, 1) ON CONFLICT(id) DO UPDATE SET hits = hits + 1', id);
  }

  async record(hit: AnalyticsHit): Promise<void> {
    this.schema.ensure();
    this.unfold();
    this.recordOne(hit);
  }

  /** A write to a folded day (a late hit): the fold no longer holds, the next read adds the shards up again. */
  private unfold(): void {
    this.ctx.storage.sql.exec('DELETE FROM folded');
  }

  private recordOne(hit: AnalyticsHit): void {
    const sql = this.ctx.storage.sql;
    switch (hit.kind) {
      case 'pageview':
        if (hit.consent) {
          if (hit.newSession) this.add('visits');
          this.visitor(hit.visitorId);
          return;
        }
        this.add('pageViews');
        if (hit.search) this.add('searches');
        if (hit.newSession) this.add('visits');
        if (!hit.visitorId) this.add('anonymousPageViews');
        this.visitor(hit.visitorId);
        sql.exec(
          'INSERT INTO pages (path, title, views, active_ms) VALUES (?, ?, 1, 0) ON CONFLICT(path) DO UPDATE SET views = views + 1, title = excluded.title',
          hit.path,
          hit.title,
        );
        if (hit.referrerHost) this.count('referrers', hit.referrerHost);
        return;
      case 'heartbeat':
        this.add('heartbeats');
        this.add('activeMillis', hit.activeMillis);
        this.visitor(hit.visitorId);
        sql.exec(
          "INSERT INTO pages (path, title, views, active_ms) VALUES (?, '', 0, ?) ON CONFLICT(path) DO UPDATE SET active_ms = active_ms + excluded.active_ms",
          hit.path,
          hit.activeMillis,
        );
        return;
      case 'media':
        this.count('media', hit.media);
        return;
      case 'button': {
        const known = sql.exec('SELECT 1 FROM buttons WHERE id = ?', hit.id).toArray().length > 0;
        if (!known && sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM buttons').one().n >= ANALYTICS_DISTINCT_CAP) return;
        const [views, clicks] = hit.action === 'view' ? [1, 0] : [0, 1];
        sql.exec(
          `INSERT INTO buttons (id, page_path, button_text, clickthrough_url, views, clicks) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
             page_path = excluded.page_path, button_text = excluded.button_text, clickthrough_url = excluded.clickthrough_url`,
          hit.id,
          hit.pagePath,
          hit.buttonText,
          hit.clickthroughUrl,
          views,
          clicks,
        );
        return;
      }
      case 'event':
        this.count('events', hit.name);
        return;
      case 'quickview':
        this.count('quickViews', hit.productId);
        return;
      case 'overlay':
        this.count('overlays', hit.name);
        return;
      case 'landing':
        this.add('landings');
        if (hit.source) this.count('sources', hit.source);
        if (hit.campaign) this.count('campaigns', hit.campaign);
        return;
      case 'script-error':
        this.count('scriptErrors', hit.app, hit.count);
        return;
    }
  }

  /**
   * Many hits at once, as the Worker coalesces them (worker/analytics/record.ts): one call, one transaction, so a batch
   * is written whole or not at all and is never counted twice. Page views and heartbeats are added up first (every
   * figure of theirs is a sum), so a batch costs a statement per page, visitor and total rather than several per hit;
   * every other hit is recorded as record() would.
   */
  async recordBatch(hits: AnalyticsHit[]): Promise<void> {
    this.schema.ensure();
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      this.unfold();
      const totals = new Map<Total, number>();
      const add = (name: Total, by = 1) => totals.set(name, (totals.get(name) ?? 0) + by);
      const pages = new Map<string, { title: string | null; views: number; activeMillis: number }>();
      const page = (path: string) => {
        const seen = pages.get(path);
        if (seen) return seen;
        const p = { title: null as string | null, views: 0, activeMillis: 0 };
        pages.set(path, p);
        return p;
      };
      const visitors = new Map<string, number>();
      const referrers = new Map<string, number>();
      for (const hit of hits) {
        // a view sent again at consent counts a visit and no view: recordOne() knows it
        if (hit.kind === 'pageview' && !hit.consent) {
          add('pageViews');
          if (hit.search) add('searches');
          if (hit.newSession) add('visits');
          if (!hit.visitorId) add('anonymousPageViews');
          else visitors.set(hit.visitorId, (visitors.get(hit.visitorId) ?? 0) + 1);
          const p = page(hit.path);
          p.views += 1;
          p.title = hit.title;
          if (hit.referrerHost) referrers.set(hit.referrerHost, (referrers.get(hit.referrerHost) ?? 0) + 1);
        } else if (hit.kind === 'heartbeat') {
          add('heartbeats');
          add('activeMillis', hit.activeMillis);
          if (hit.visitorId) visitors.set(hit.visitorId, (visitors.get(hit.visitorId) ?? 0) + 1);
          page(hit.path).activeMillis += hit.activeMillis;
        } else this.recordOne(hit);
      }
      for (const [name, by] of totals) this.add(name, by);
      for (const [id, hits] of visitors) {
        sql.exec('INSERT INTO visitors (id, hits) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET hits = hits + excluded.hits', id, hits);
      }
      for (const [path, p] of pages) {
        // a heartbeat alone leaves a known page's title as it is and a new page's empty, as record() does
        sql.exec(
          `INSERT INTO pages (path, title, views, active_ms) VALUES (?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET
             views = views + excluded.views, active_ms = active_ms + excluded.active_ms,
             title = CASE WHEN ? THEN excluded.title ELSE title END`,
          path,
          p.title ?? '',
          p.views,
          p.activeMillis,
          p.title === null ? 0 : 1,
        );
      }
      for (const [host, n] of referrers) this.count('referrers', host, n);
    });
  }

  /** Shard 0 of a day: notes that another shard of the day is written to, before it is (the summary reads it then). */
  async addShard(shard: number): Promise<void> {
    this.schema.ensure();
    this.unfold();
    this.ctx.storage.sql.exec('INSERT INTO shards (shard) VALUES (?) ON CONFLICT(shard) DO NOTHING', shard);
  }

  /**
   * Shard 0 of a finished day: keeps the day's figures over all its shards (worker/analytics/record.ts folds a day an
   * hour after it ended), which figures() then answers alone, with no shards to read. Answers whether it kept them: a
   * day whose figures pass FOLD_MAX_CHARS (its visitor ids) is read from its shards as before.
   */
  async fold(figures: DayFigures): Promise<boolean> {
    const text = JSON.stringify({ ...figures, shards: [] });
    if (text.length > FOLD_MAX_CHARS) return false;
    this.schema.ensure();
    this.ctx.storage.sql.exec(
      'INSERT INTO folded (key, figures) VALUES (1, ?) ON CONFLICT(key) DO UPDATE SET figures = excluded.figures',
      text,
    );
    return true;
  }

  /** The day's figures; a day without hits reads as zeros. */
  async figures(day: string): Promise<DayFigures> {
    const empty = emptyDayFigures(day);
    if (!this.schema.exists) return empty;
    const sql = this.ctx.storage.sql;
    const folded = sql.exec<{ figures: string }>('SELECT figures FROM folded').toArray()[0];
    if (folded) return { ...(JSON.parse(folded.figures) as DayFigures), day, folded: true };
    const out = { ...empty };
    for (const row of sql.exec<{ name: string; value: number }>('SELECT name, value FROM totals')) {
      if ((TOTALS as readonly string[]).includes(row.name)) out[row.name as Total] = row.value;
    }
    out.visitorIds = sql
      .exec<{ id: string }>('SELECT id FROM visitors')
      .toArray()
      .map((r) => r.id);
    out.pages = sql
      .exec<{ path: string; title: string; views: number; active_ms: number }>('SELECT path, title, views, active_ms FROM pages')
      .toArray()
      .map((r) => ({ path: r.path, title: r.title, views: r.views, activeMillis: r.active_ms }));
    out.buttons = sql
      .exec<{ id: string; page_path: string; button_text: string; clickthrough_url: string; views: number; clicks: number }>(
        'SELECT * FROM buttons',
      )
      .toArray()
      .map((r) => ({
        id: r.id,
        pagePath: r.page_path,
        buttonText: r.button_text,
        clickthroughUrl: r.clickthrough_url,
        views: r.views,
        clicks: r.clicks,
      }));
    for (const row of sql.exec<{ kind: CounterKind; name: string; count: number }>('SELECT kind, name, count FROM counters')) {
      if (out.counters[row.kind]) out.counters[row.kind][row.name] = row.count;
    }
    out.shards = sql
      .exec<{ shard: number }>('SELECT shard FROM shards ORDER BY shard')
      .toArray()
      .map((r) => r.shard);
    return out;
  }
}
