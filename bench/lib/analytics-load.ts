// The owner's analytics under load (issue 31 §3): page views of one site from many visitors, sent at a fixed rate for
// a fixed time to the Worker in plain workerd, once with the day in one SiteAnalytics object written once per hit
// (ANALYTICS_SHARDS = "1", ANALYTICS_BATCH_MS = "0": the design before) and once as deployed (sharded by visitor, hits
// coalesced per shard in the isolate and written in batches), each in a workerd process of its own. For each rate:
// what was sent, what the Worker accepted (204 within the client's patience), what the owner's Summary reads back
// (recorded) and what is missing from it (lost). Rates go up until the one-object design saturates at R; the design as
// deployed is then sent the same rates, rising multiples of R until it saturates, and ten times R. Last, one object is
// driven over RPC alone (no HTTP front: bench/workers/analytics-probe.ts), a call per hit and a batch per call, which
// is what one object absorbs apart from the Worker in front of it.
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ANALYTICS_BATCH_MAX, ANALYTICS_BATCH_MS, ANALYTICS_SHARDS } from '../../worker/analytics/shards.ts';
import { cpuMs, freePort, machineBusyMs, stop } from './proc.ts';
import type { Setup } from './setup.ts';
import { startWorkerd, waitReady, workerdConfig, type Workerd } from './workerd.ts';

const HOST = 'fernwood.localhost';
const WEBSITE_ID = 'site-fernwood';
/** the site's time zone (fixtures/sites/fernwood.json): its days are London's */
const TIME_ZONE = 'Europe/London';
const OWNER = { email: 'owner@fernwood.example', password: 'correct-horse-battery' };
const CRUMB = 'benchcrumb0123456789abcd';
const PAGES = ['/', '/journal', '/about', '/portfolio', '/journal/a-jetty-in-fog'];

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
/** seconds each rate is sent for */
const SECONDS = num('BENCH_ANALYTICS_SECONDS', 10);
/** a hit not answered in this long is given up by the client (a browser's beacon would not wait longer either) */
const PATIENCE_MS = num('BENCH_ANALYTICS_PATIENCE_MS', 10_000);
/** distinct visitors per run: each sends a first view (a visit) and then views in the same session */
const VISITORS = num('BENCH_ANALYTICS_VISITORS', 2000);
/** the rates tried, in page views per second, until the one-object design saturates */
const RATES = (process.env.BENCH_ANALYTICS_RATES?.split(',')
  .map(Number)
  .filter((n) => n > 0) ?? [50, 100, 200, 300, 400, 600, 800]) as number[];
/** a rate saturates a design when it loses a hit, or its hits wait this long (p99) */
const SATURATED_P99_MS = num('BENCH_ANALYTICS_SATURATED_MS', 1000);

export interface Design {
  name: string;
  /** a short name for its storage and logs */
  key: string;
  /** ANALYTICS_SHARDS and ANALYTICS_BATCH_MS bound in the Worker (none: the Worker's defaults, as deployed) */
  vars: Record<string, string>;
  shards: number;
  batchMs: number;
}

export const DESIGNS: Design[] = [
  { name: 'one object, a write per hit', key: 'one', vars: { ANALYTICS_SHARDS: '1', ANALYTICS_BATCH_MS: '0' }, shards: 1, batchMs: 0 },
  { name: 'sharded, coalesced', key: 'batched', vars: {}, shards: ANALYTICS_SHARDS, batchMs: ANALYTICS_BATCH_MS },
];

export interface RateFigures {
  design: string;
  shards: number;
  /** the window hits are coalesced in, ms (0: a write per hit) */
  batchMs: number;
  ratePerS: number;
  seconds: number;
  sent: number;
  /** answered 204 within PATIENCE_MS */
  accepted: number;
  /** answered otherwise, failed or given up */
  refused: number;
  /** what the refused hits got: a status, or the client's error (`timeout`: given up; `ECONNRESET`, ...) */
  refusals: Record<string, number>;
  /** page views the owner's Summary gained over the run */
  recorded: number;
  lost: number;
  /** visits and unique visitors read back against those sent */
  visitsSent: number;
  visitsRecorded: number;
  visitorsSent: number;
  visitorsRecorded: number;
  /** page views recorded per second, from the first hit sent to the last answer (or given-up hit) */
  recordedPerS: number;
  p50Ms: number;
  p99Ms: number;
  /** workerd CPU per hit, milliseconds */
  cpuMsPerHit: number;
  /** the load client's own CPU per hit (this process), milliseconds: it shares the machine's cores with workerd */
  clientCpuMsPerHit: number;
  /** the cores the whole machine was busy on over the run (every process, the other helpers' too) */
  machineBusyCores: number;
  /** the machine's 1-minute load average at the end of the run (uptime's first figure) */
  loadAverage: number;
  saturated: boolean;
}

/** One SiteAnalytics object driven over RPC alone (bench/workers/analytics-probe.ts). */
export interface ObjectCapacity {
  /** hits per call: 1 is a call per hit (the design before) */
  batch: number;
  hits: number;
  /** page views the object wrote a second, every call returned */
  hitsPerS: number;
  /** workerd's CPU per hit (the probe's own calls included) */
  cpuMsPerHit: number;
  loadAverage: number;
}

export interface AnalyticsResults {
  settings: { seconds: number; patienceMs: number; visitors: number; rates: number[]; saturatedP99Ms: number };
  runs: RateFigures[];
  /** the first rate at which the one-object design saturated (null: none of the rates did) */
  oneObjectSaturatesAt: number | null;
  /** the design as deployed at ten times that rate */
  tenfold: RateFigures | null;
  /** the highest rate the design as deployed kept up with, and its figures */
  deployedSustains: RateFigures | null;
  /** one object alone: a call per hit, then batches */
  objectCapacity: ObjectCapacity[];
  /** milliseconds of the owner's default Summary (30 days) after each design's runs */
  summaryMs: Record<string, number>;
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0;
};
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] analytics: ${msg}`);

interface Answer {
  status: number;
  ms: number;
  body: string;
  setCookies: string[];
}

function send(
  agent: Agent,
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body: string | null,
  patienceMs = PATIENCE_MS,
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          Host: HOST,
          ...(body === null ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          settle({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookies: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
          }),
        );
        res.on('error', () => settle({ status: 0, ms: performance.now() - t0, body: '', setCookies: [] }));
      },
    );
    // the patience runs from the moment the hit is sent, waiting for a socket included
    const timer = setTimeout(() => req.destroy(new Error('timeout')), patienceMs);
    const settle = (a: Answer) => {
      clearTimeout(timer);
      resolve(a);
    };
    req.on('error', (error) => settle({ status: 0, ms: performance.now() - t0, body: String(error.message), setCookies: [] }));
    if (body !== null) req.write(body);
    req.end();
  });
}

function pageView(path: string): string {
  return JSON.stringify({
    url: path,
    title: `Page ${path}`,
    itemId: null,
    collectionId: null,
    websiteId: WEBSITE_ID,
    templateId: 'bench',
    userAgent: 'Mozilla/5.0 (bench)',
    clientDate: Date.now(),
    viewportInnerHeight: 800,
    viewportInnerWidth: 1280,
    screenHeight: 1080,
    screenWidth: 1920,
    queryString: '',
    referrer: '',
    localStorageSupported: true,
  });
}

interface SummaryFigures {
  pageViews: number;
  visits: number;
  uniqueVisitors: number;
}

/** The site's figures of today (a day of every shard: what the runs wrote), or of the default 30 days with `range`. */
async function summary(agent: Agent, port: number, session: string, range = false): Promise<SummaryFigures> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const query = range ? '' : `?from=${today}&to=${today}`;
  let res = await send(agent, port, 'GET', `/api/census/Summary${query}`, { Cookie: session }, null, 120_000);
  // a kept-alive socket the server has just closed: once more on a fresh one
  if (res.status === 0)
    res = await send(new Agent({ keepAlive: false }), port, 'GET', `/api/census/Summary${query}`, { Cookie: session }, null, 120_000);
  if (res.status !== 200) throw new Error(`Summary answered ${res.status}: ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body) as SummaryFigures;
}

async function login(agent: Agent, port: number): Promise<string> {
  const res = await send(
    agent,
    port,
    'POST',
    '/api/auth/Login',
    {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Cookie: `crumb=${CRUMB}`,
      'X-CSRF-Token': CRUMB,
    },
    new URLSearchParams(OWNER).toString(),
  );
  const cookie = res.setCookies.find((c) => c.startsWith('site_session='));
  if (res.status !== 200 || !cookie) throw new Error(`login answered ${res.status}: ${res.body.slice(0, 200)}`);
  return cookie.split(';')[0]!;
}

/**
 * Sends page views at `rate` per second for SECONDS (open loop: each on its own schedule, whether or not the ones
 * before were answered), from VISITORS visitors of this run; waits for every answer or the client's patience; reads
 * the Summary back.
 */
async function runRate(w: Workerd, port: number, session: string, design: Design, rate: number, runId: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const before = await summary(agent, port, session);
  const total = Math.round(rate * SECONDS);
  const seen = new Set<number>();
  const answers: Promise<Answer>[] = [];
  // made once: the client's own work per hit stays small beside the Worker's on the same cores
  const bodies = PAGES.map((page) => new URLSearchParams({ event: '1', ss_cvr: '', data: pageView(page) }).toString());
  const cpu0 = cpuMs(w.pid);
  const client0 = process.cpuUsage();
  const busy0 = machineBusyMs();
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const v = i % VISITORS;
    const now = Date.now();
    // a visitor's first view starts a session (a visit); its later views carry the live session's time cookie
    const cookies = [`crumb=${CRUMB}`, `ss_cvr=b${runId}-${v}|${now}|${now}|${now}|1`, ...(seen.has(v) ? [`ss_cvt=${now}`] : [])];
    seen.add(v);
    const body = bodies[i % bodies.length]!;
    answers.push(
      send(
        agent,
        port,
        'POST',
        '/api/census/RecordHit',
        { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookies.join('; '), 'X-CSRF-Token': CRUMB },
        body,
      ),
    );
  }
  const done = await Promise.all(answers);
  const allAnsweredMs = performance.now() - t0;
  const cpu = cpuMs(w.pid) - cpu0;
  const client = process.cpuUsage(client0);
  const busy = machineBusyMs() - busy0;
  const wallMs = performance.now() - t0;
  // what a given-up request still started may land after its client left: wait a moment before reading back
  await new Promise((r) => setTimeout(r, 1000));
  const after = await summary(agent, port, session);
  agent.destroy();
  const accepted = done.filter((a) => a.status === 204).length;
  const refusals: Record<string, number> = {};
  for (const a of done) {
    if (a.status === 204) continue;
    const why = a.status ? String(a.status) : a.body || 'error';
    refusals[why] = (refusals[why] ?? 0) + 1;
  }
  const recorded = after.pageViews - before.pageViews;
  const lost = Math.max(0, total - recorded);
  const p99 = pct(
    done.map((a) => a.ms),
    99,
  );
  const figures: RateFigures = {
    design: design.name,
    shards: design.shards,
    batchMs: design.batchMs,
    ratePerS: rate,
    seconds: SECONDS,
    sent: total,
    accepted,
    refused: total - accepted,
    refusals,
    recorded,
    lost,
    visitsSent: seen.size,
    visitsRecorded: after.visits - before.visits,
    visitorsSent: seen.size,
    visitorsRecorded: after.uniqueVisitors - before.uniqueVisitors,
    recordedPerS: round(recorded / (allAnsweredMs / 1000)),
    p50Ms: round(
      pct(
        done.map((a) => a.ms),
        50,
      ),
    ),
    p99Ms: round(p99),
    cpuMsPerHit: round(cpu / total, 3),
    clientCpuMsPerHit: round((client.user + client.system) / 1000 / total, 3),
    machineBusyCores: round(busy / wallMs, 2),
    loadAverage: round(loadavg()[0]!, 2),
    saturated: lost > 0 || accepted < total || p99 > SATURATED_P99_MS,
  };
  log(
    `${design.name} at ${rate}/s: sent ${total}, accepted ${accepted}, recorded ${recorded}, lost ${lost}, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, load average ${figures.loadAverage}${
      accepted < total ? `; refused: ${JSON.stringify(refusals)}` : ''
    }`,
  );
  return figures;
}

/** Starts the Worker's workerd for one design, with storage of its own. */
async function startDesign(setup: Setup, design: Design): Promise<{ w: Workerd; port: number }> {
  const port = await freePort();
  const name = `analytics-${design.key}`;
  const doDir = join(setup.base.doDir, name);
  mkdirSync(doDir, { recursive: true });
  const vars = { ...setup.base.worker.vars, ...design.vars };
  const w = startWorkerd(
    setup.base.buildDir,
    `workerd-${name}`,
    workerdConfig({ ...setup.base, doDir, worker: { ...setup.base.worker, vars }, ports: { site: port } }),
  );
  await waitReady(w, port, 'startup.localhost', '/media/', performance.now());
  return { w, port };
}

/** Runs `body` against a fresh workerd of the design; answers how long the default Summary took after it. */
async function withDesign(
  setup: Setup,
  design: Design,
  body: (w: Workerd, port: number, session: string) => Promise<void>,
): Promise<number> {
  const { w, port } = await startDesign(setup, design);
  try {
    const agent = new Agent({ keepAlive: false });
    const session = await login(agent, port);
    // a warm-up: the site's snapshot parsed, the objects made
    await runRateQuiet(w, port, session, design, 20);
    await body(w, port, session);
    const t0 = performance.now();
    await summary(agent, port, session, true);
    return round(performance.now() - t0);
  } finally {
    await stop(w.child);
  }
}

async function runRateQuiet(w: Workerd, port: number, session: string, design: Design, n: number): Promise<void> {
  const agent = new Agent({ keepAlive: true });
  for (let i = 0; i < n; i++) {
    const now = Date.now();
    await send(
      agent,
      port,
      'POST',
      '/api/census/RecordHit',
      {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: `crumb=${CRUMB}; ss_cvr=warm-${i}|${now}|${now}|${now}|1`,
        'X-CSRF-Token': CRUMB,
      },
      new URLSearchParams({ event: '1', ss_cvr: '', data: pageView('/') }).toString(),
    );
  }
  agent.destroy();
  void w;
  void design;
  void session;
}

/** Multiples of the one object's saturating rate tried on the design as deployed, until it saturates (10 always runs). */
const MULTIPLES = [2, 3, 5];

/**
 * Every rate for the design before until it saturates at R; the design as deployed at the same rates, at rising
 * multiples of R until it saturates, and at ten times R; then one object alone over RPC.
 */
export async function measureAnalytics(setup: Setup): Promise<AnalyticsResults> {
  const runs: RateFigures[] = [];
  let saturatesAt: number | null = null;
  let run = 0;
  const [one, deployed] = DESIGNS as [Design, Design];
  const summaryMs: Record<string, number> = {};
  summaryMs[one.name] = await withDesign(setup, one, async (w, port, session) => {
    for (const rate of RATES) {
      const r = await runRate(w, port, session, one, rate, String(run++));
      runs.push(r);
      if (r.saturated) {
        saturatesAt = rate;
        break;
      }
    }
  });
  let tenfold: RateFigures | null = null;
  let sustains: RateFigures | null = null;
  summaryMs[deployed.name] = await withDesign(setup, deployed, async (w, port, session) => {
    const rates = RATES.filter((r) => saturatesAt === null || r <= saturatesAt);
    let saturated = false;
    for (const rate of rates) {
      const r = await runRate(w, port, session, deployed, rate, String(run++));
      runs.push(r);
      if (!r.saturated) sustains = r;
      saturated ||= r.saturated;
    }
    if (saturatesAt === null) return;
    const r0: number = saturatesAt;
    for (const k of MULTIPLES) {
      if (saturated) break;
      const r = await runRate(w, port, session, deployed, k * r0, String(run++));
      runs.push(r);
      if (r.saturated) saturated = true;
      else sustains = r;
    }
    tenfold = await runRate(w, port, session, deployed, r0 * 10, String(run++));
    runs.push(tenfold);
    if (!tenfold.saturated) sustains = tenfold;
  });
  const objectCapacity = await measureObject(setup);
  return {
    settings: { seconds: SECONDS, patienceMs: PATIENCE_MS, visitors: VISITORS, rates: RATES, saturatedP99Ms: SATURATED_P99_MS },
    runs,
    oneObjectSaturatesAt: saturatesAt,
    tenfold,
    deployedSustains: sustains,
    objectCapacity,
    summaryMs,
  };
}

/** Hits sent to the object alone per call size (BENCH_ANALYTICS_OBJECT_HITS scales them). */
const OBJECT_HITS = num('BENCH_ANALYTICS_OBJECT_HITS', 3000);
const OBJECT_RUNS = [
  { batch: 1, hits: OBJECT_HITS },
  { batch: 50, hits: OBJECT_HITS * 5 },
  { batch: ANALYTICS_BATCH_MAX, hits: OBJECT_HITS * 10 },
];

/** One SiteAnalytics object of a fresh workerd, driven by the probe over RPC: a call per hit, then batches. */
async function measureObject(setup: Setup): Promise<ObjectCapacity[]> {
  const port = await freePort();
  const site = await freePort();
  const doDir = join(setup.base.doDir, 'analytics-object');
  mkdirSync(doDir, { recursive: true });
  const w = startWorkerd(
    setup.base.buildDir,
    'workerd-analytics-object',
    workerdConfig({ ...setup.base, doDir, ports: { site, analyticsProbe: port } }),
  );
  const out: ObjectCapacity[] = [];
  try {
    await waitReady(w, site, 'startup.localhost', '/media/', performance.now());
    const agent = new Agent({ keepAlive: false });
    const drive = async (batch: number, hits: number, name: string) => {
      const path = `/?mode=${batch === 1 ? 'hit' : 'batch'}&batch=${batch}&hits=${hits}&callers=16&name=${name}`;
      const cpu0 = cpuMs(w.pid);
      const t0 = performance.now();
      const res = await send(agent, port, 'GET', path, {}, null, 600_000);
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`the analytics probe answered ${res.status}: ${res.body.slice(0, 200)}`);
      const written = (JSON.parse(res.body) as { pageViews: number }).pageViews;
      if (written !== hits) throw new Error(`the analytics probe wrote ${written} page views of ${hits}`);
      return { ms, cpu: cpuMs(w.pid) - cpu0 };
    };
    for (const { batch, hits } of OBJECT_RUNS) {
      await drive(batch, Math.min(hits, 200 * batch), `warm-${batch}`);
      const { ms, cpu } = await drive(batch, hits, `object-${batch}`);
      const figures: ObjectCapacity = {
        batch,
        hits,
        hitsPerS: Math.round(hits / (ms / 1000)),
        cpuMsPerHit: round(cpu / hits, 4),
        loadAverage: round(loadavg()[0]!, 2),
      };
      log(`one object alone, ${batch} hit(s) a call: ${figures.hitsPerS} hits/s, ${figures.cpuMsPerHit} ms CPU per hit`);
      out.push(figures);
    }
  } finally {
    await stop(w.child);
  }
  return out;
}

export function renderAnalyticsTable(r: AnalyticsResults | { skipped: string }): string {
  if ('skipped' in r) return `analytics: skipped (${r.skipped})`;
  const header = [
    'design',
    'shards',
    'batch ms',
    'rate/s',
    'sent',
    'accepted',
    'recorded',
    'lost',
    'recorded/s',
    'visits sent/read',
    'visitors sent/read',
    'p50 ms',
    'p99 ms',
    'CPU ms/hit',
    'client ms/hit',
    'busy cores',
    'load avg',
  ];
  const rows = r.runs.map((x) => [
    x.design,
    String(x.shards),
    String(x.batchMs),
    String(x.ratePerS),
    String(x.sent),
    String(x.accepted),
    String(x.recorded),
    String(x.lost),
    String(x.recordedPerS),
    `${x.visitsSent}/${x.visitsRecorded}`,
    `${x.visitorsSent}/${x.visitorsRecorded}`,
    String(x.p50Ms),
    String(x.p99Ms),
    String(x.cpuMsPerHit),
    String(x.clientCpuMsPerHit),
    String(x.machineBusyCores),
    String(x.loadAverage),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const out = [
    `Owner's analytics under load: page views of one site, ${r.settings.seconds} s per rate, ${r.settings.visitors} visitors, client patience ${r.settings.patienceMs} ms`,
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ];
  const t = r.tenfold;
  const R = r.oneObjectSaturatesAt;
  out.push(
    R === null
      ? `${DESIGNS[0]!.name} did not saturate at the rates tried: raise BENCH_ANALYTICS_RATES`
      : `${DESIGNS[0]!.name} saturates at R = ${R}/s; ${DESIGNS[1]!.name} at 10R = ${R * 10}/s: ${
          t ? `${t.lost} lost of ${t.sent}, p99 ${t.p99Ms} ms${t.saturated ? ' (TARGET MISSED end to end)' : ' (target met)'}` : 'not run'
        }`,
  );
  const kept = r.deployedSustains;
  if (kept)
    out.push(
      `${DESIGNS[1]!.name}: the highest rate it kept up with ${kept.ratePerS}/s (${kept.lost} lost, p99 ${kept.p99Ms} ms, ${kept.cpuMsPerHit} ms workerd CPU per hit)`,
    );
  const whole = r.runs.filter((x) => x.design === DESIGNS[1]!.name && x.lost === 0 && x.accepted === x.sent).at(-1);
  if (whole)
    out.push(
      `${DESIGNS[1]!.name}: nothing lost up to ${whole.ratePerS}/s (p99 ${whole.p99Ms} ms, ${whole.recordedPerS} recorded a second)`,
    );
  const front = r.runs.filter((x) => x.design === DESIGNS[1]!.name && !x.saturated).at(-1);
  if (front)
    out.push(
      `workerd runs the Worker and every object on one thread: at ${front.cpuMsPerHit} ms of CPU per hit (the HTTP front included), one core serves at most ${Math.round(1000 / front.cpuMsPerHit)} hits/s`,
    );
  if (r.objectCapacity.length) {
    out.push('one SiteAnalytics object alone, driven over RPC by 16 callers in its process (no HTTP front):');
    for (const o of r.objectCapacity)
      out.push(
        `  ${(o.batch === 1 ? 'a call per hit' : `${o.batch} hits per call`).padEnd(18)} ${String(o.hitsPerS).padStart(7)} hits/s, ${o.cpuMsPerHit} ms CPU per hit (${o.hits} hits, load average ${o.loadAverage})`,
      );
    const single = r.objectCapacity.find((o) => o.batch === 1);
    const best = r.objectCapacity.at(-1)!;
    if (single && best !== single)
      out.push(
        `  one object written per hit absorbs ${single.hitsPerS}/s; ten times that, ${single.hitsPerS * 10}/s, is ${best.hitsPerS >= single.hitsPerS * 10 ? 'within one object in batches' : `${Math.ceil((single.hitsPerS * 10) / best.hitsPerS)} objects' worth in batches`} of ${best.batch} (${best.hitsPerS}/s each; a day has ${ANALYTICS_SHARDS} shards)`,
      );
  }
  out.push(
    `the owner's default Summary (30 days) after the runs: ${Object.entries(r.summaryMs)
      .map(([d, ms]) => `${d} ${ms} ms`)
      .join(', ')}`,
  );
  return out.join('\n');
}
