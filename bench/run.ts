// npm run bench: builds the Worker, serves it in plain workerd beside a constant-bytes baseline, loads every fixture
// page type from this process over 127.0.0.1, times the render in-process, runs Lighthouse, prints a table and writes
// bench/results.json. See bench/README.md for what each figure means.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { PAGE_CONTEXT_ELEMENT_ID } from '../shared/page-context.ts';
import { measureAnalytics, renderAnalyticsTable } from './lib/analytics-load.ts';
import { ISLAND_PAGES, measureIslands, type IslandFigures } from './lib/islands.ts';
import { chromePath, lighthouse, type LighthouseScores } from './lib/lighthouse.ts';
import { load, loadClient, median, timeOne, type LoadResult } from './lib/load.ts';
import { cpuMs, freePort, installCleanup, stop } from './lib/proc.ts';
import { renderTable, TARGETS, type PageResult } from './lib/report.ts';
import { measureScale, renderScaleTable } from './lib/scale.ts';
import { setUp, SLOW_DELAY_MS } from './lib/setup.ts';
import { LARGEST_HOST, SLOW_HOST } from './lib/sites.ts';
import { get, startWorkerd, waitReady, workerdConfig, type Ports, type Workerd } from './lib/workerd.ts';

const root = process.cwd();
const buildDir = join(root, 'bench', '.build');
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const SECONDS = num('BENCH_SECONDS', 5);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const SLOW_REQUESTS = num('BENCH_SLOW_REQUESTS', 30);
/** cached and baseline runs, in pairs: the cached ratio is the median of the pairs' */
const CACHED_RUNS = num('BENCH_CACHED_RUNS', 3);
/**
 * uncached and PAGE_CACHE-off runs per page, alternated: each figure is the run with the median CPU per response (a
 * single run caught a passing disturbance of this shared machine as a doubled CPU figure)
 */
const UNCACHED_RUNS = num('BENCH_UNCACHED_RUNS', 3);
/** connections of the largest page's HTTP run (a render of 10 ms each: a few are enough to keep workerd busy) */
const LARGEST_CONNECTIONS = 4;
const STARTUPS = num('BENCH_STARTUPS', 5);
const RENDER_ROUNDS = num('BENCH_RENDER_ROUNDS', 3);
const RENDER_CPU_MS = num('BENCH_RENDER_MS', 250);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const ISLANDS = process.env.BENCH_ISLANDS !== '0';
const ONLY = process.env.BENCH_PAGES?.split(',')
  .map((s) => s.trim().toUpperCase())
  .filter(Boolean);

/** One representative URL for every page type of the fixtures (fixtures/README.md lists them). */
const PAGES = [
  { pageType: 'PAGE', host: 'fernwood.localhost', path: '/' },
  { pageType: 'MAIN_CONTENT', host: 'kettle.localhost', path: '/' },
  { pageType: 'CONTENT_COLLECTION', host: 'fernwood.localhost', path: '/journal' },
  { pageType: 'CONTENT_ITEM', host: 'fernwood.localhost', path: '/journal/a-jetty-in-fog' },
  { pageType: 'SPLASH_PAGE', host: 'lumen.localhost', path: '/' },
  { pageType: 'NOT_FOUND', host: 'fernwood.localhost', path: '/no-such-page' },
  { pageType: 'SEARCH', host: 'fernwood.localhost', path: '/search?q=fog' },
  { pageType: 'LOCK_SCREEN', host: 'hollow.localhost', path: '/' },
  { pageType: 'POPUP_OVERLAY', host: 'fernwood.localhost', path: '/popup-overlay' },
  { pageType: 'SHOW_CART', host: 'fernwood.localhost', path: '/cart' },
  { pageType: 'COMMERCE_CART_V2', host: 'trailhead.localhost', path: '/cart' },
  { pageType: 'CHECKOUT', host: 'trailhead.localhost', path: '/checkout' },
  { pageType: 'ORDER_CONFIRMED', host: 'trailhead.localhost', path: '/commerce/order-confirmed' },
  { pageType: 'DONATE', host: 'trailhead.localhost', path: '/commerce/donate?donatePageId=trail-fund' },
  { pageType: 'CONTRIBUTION_CONFIRMED', host: 'trailhead.localhost', path: '/commerce/contribution-confirmed?donatePageId=trail-fund' },
  { pageType: 'NEWSLETTER_UNSUBSCRIBE', host: 'fernwood.localhost', path: '/newsletter/unsubscribe' },
  { pageType: 'COMMERCE_EMAIL_PREVIEW', host: 'trailhead.localhost', path: '/commerce/email-preview' },
  { pageType: 'ERROR', host: 'broken.localhost', path: '/' },
].filter((p) => !ONLY || ONLY.includes(p.pageType));

const LARGEST_PATHS = ['/largest', '/posts'];

interface Captured {
  status: number;
  headers: [string, string][];
  body: string;
}

const KINDS = ['production', 'productionWarm', 'rawStream', 'renderToString', 'renderToStringBytes'] as const;
type Kind = (typeof KINDS)[number];

interface RenderCost {
  pageType: string;
  streamBytes: number;
  stringBytes: number;
  /** workerd CPU milliseconds per call of each kind (median of the rounds) */
  cpuMs: Record<Kind, number>;
  /** wall milliseconds per call inside the isolate (median of the rounds) */
  wallMs: Record<Kind, number>;
  calls: Record<Kind, number>;
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

function pageTypeOf(html: string): string | undefined {
  const m = new RegExp(`<script[^>]*id="${PAGE_CONTEXT_ELEMENT_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(html);
  if (!m) return undefined;
  try {
    return (JSON.parse(m[1]!) as { pageTypeName?: string }).pageTypeName;
  } catch {
    return undefined;
  }
}

/** Scripts a page makes the browser load: <script src> and <link rel=modulepreload>, plus inline non-JSON scripts. */
function scriptsOf(html: string): { urls: string[]; inline: string } {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!.replace(/&amp;/g, '&'));
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1]!.replace(/&amp;/g, '&'));
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) urls.add(m[1]!.replace(/&amp;/g, '&'));
  let inline = '';
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\bsrc=/.test(m[1]!) && !/type="application\/(ld\+)?json"/.test(m[1]!)) inline += m[2]!;
  }
  return { urls: [...urls], inline };
}

async function probeJson<T>(port: number, path: string): Promise<T> {
  const res = await get(port, 'probe.localhost', path, {}, 600_000);
  const json = JSON.parse(res.body.toString('utf8')) as T & { error?: string };
  if (res.status !== 200) throw new Error(`probe ${path}: ${json.error ?? res.status}`);
  return json;
}

/** A page says `noindex` (search, cart, checkout, lock screens, confirmations, errors…): not for search engines. */
function isIndexable(html: string): boolean {
  return !/<meta\b[^>]*\bname="robots"[^>]*\bcontent="[^"]*noindex/i.test(html);
}

/** The run with the median CPU per response (kept whole, so that its other figures belong to the same run). */
function medianByCpu(runs: LoadResult[]): LoadResult {
  return [...runs].sort((a, b) => a.serverCpuMsPerRequest - b.serverCpuMsPerRequest)[Math.floor(runs.length / 2)]!;
}

async function main(): Promise<void> {
  installCleanup(num('BENCH_TIMEOUT_S', 60 * 60) * 1000);
  const started = performance.now();
  const loadAverageAtStart = loadavg().map((l) => round(l));
  // Lighthouse and the islands figures drive Debian's Chromium: without it the run stops here, never skipping them
  // silently (scripts/prerequisites.ts, which `npm run bench` runs first, installs it where it may)
  const chrome = chromePath();
  if ((LIGHTHOUSE || ISLANDS) && !chrome)
    throw new Error(
      'no Chromium for Lighthouse and the islands figures: apt-get install -y chromium (or set CHROME_PATH; BENCH_LIGHTHOUSE=0 BENCH_ISLANDS=0 to run without them)',
    );

  log('building public/, the Worker (wrangler deploy --dry-run) and the bench workers; starting the cache process');
  const setup = await setUp(root, buildDir);
  const { built, base, largestBlocks, largestItems } = setup;
  const cachePid = setup.cache.pid;
  for (const w of built.warnings) log(`warning: ${w}`);
  log(
    `worker bundle ${(built.bundle.rawBytes / 1024).toFixed(1)} KiB, ${(built.bundle.gzipBytes / 1024).toFixed(1)} KiB gzip; ${setup.sites} sites in KV; cache process pid ${cachePid} (memory :${setup.cachePorts.memory}, miss :${setup.cachePorts.miss})`,
  );

  // Startup: time from spawning workerd to its first answer, the Worker against the empty Worker.
  log(`startup: ${STARTUPS} starts each of the Worker and of an empty Worker`);
  const siteReady: number[] = [];
  const emptyReady: number[] = [];
  let firstPageMs = 0;
  let capture: { w: Workerd; port: number } | undefined;
  for (let i = 0; i < STARTUPS; i++) {
    for (const kind of ['empty', 'site'] as const) {
      const port = await freePort();
      const ports: Ports = kind === 'empty' ? { empty: port } : { site: port };
      const t0 = performance.now();
      const w = startWorkerd(buildDir, `startup-${kind}`, workerdConfig({ ...base, ports }));
      // a path the Worker answers without KV or rendering: its time is the runtime's start and the bundle's evaluation
      const ready = await waitReady(w, port, 'startup.localhost', '/media/', t0);
      (kind === 'empty' ? emptyReady : siteReady).push(ready);
      if (kind === 'site' && i === STARTUPS - 1) {
        const t1 = performance.now();
        await get(port, PAGES[0]?.host ?? 'fernwood.localhost', PAGES[0]?.path ?? '/');
        firstPageMs = performance.now() - t1;
        capture = { w, port };
      } else {
        await stop(w.child);
      }
    }
  }

  // Capture each benchmarked page's bytes for the baseline, and check that each URL is the page type it stands for.
  log('capturing the HTML of every benchmarked URL');
  const captured = new Map<string, Captured>();
  for (const page of [...PAGES, ...LARGEST_PATHS.map((path) => ({ pageType: 'largest', host: LARGEST_HOST, path }))]) {
    const res = await get(capture!.port, page.host, page.path);
    const body = res.body.toString('utf8');
    const type = pageTypeOf(body);
    if (page.pageType !== 'largest' && type !== page.pageType) {
      throw new Error(`${page.host}${page.path} rendered ${type ?? 'no page context'} (status ${res.status}), expected ${page.pageType}`);
    }
    const headers = Object.entries(res.headers)
      .filter(([k]) => !['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(k))
      .flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : v === undefined ? [] : [[k, v] as [string, string]],
      );
    captured.set(page.host + page.path, { status: res.status, headers, body });
  }
  await stop(capture!.w.child);
  writeFileSync(join(buildDir, 'baseline-pages.json'), JSON.stringify(Object.fromEntries(captured)));

  const ports: Required<Omit<Ports, 'empty' | 'analyticsProbe'>> = {
    site: await freePort(),
    nocache: await freePort(),
    nopagecache: await freePort(),
    baseline: await freePort(),
    ceiling: await freePort(),
    missReference: await freePort(),
    probe: await freePort(),
    edge: await freePort(),
  };
  // One workerd process per thing measured: the CPU read from /proc is then that Worker's alone. In one shared process,
  // what an isolate left behind (the garbage a run made, collected later on V8's threads) was charged to whichever run
  // came next: the render path measured right after the uncached run read up to 60 % high.
  const processes: { name: string; ports: Ports; w: Workerd }[] = [];
  const startProcess = async (name: string, own: Ports, ready: { port: number; path: string }) => {
    const doDir = join(base.doDir, name);
    mkdirSync(doDir, { recursive: true });
    const w = startWorkerd(buildDir, `workerd-${name}`, workerdConfig({ ...base, doDir, ports: own, baselineFile: 'baseline-pages.json' }));
    await waitReady(w, ready.port, 'startup.localhost', ready.path, performance.now());
    processes.push({ name, ports: own, w });
    return w;
  };
  await startProcess('site', { site: ports.site, edge: ports.edge }, { port: ports.site, path: '/media/' });
  const nocacheW = await startProcess('nocache', { nocache: ports.nocache }, { port: ports.nocache, path: '/media/' });
  await startProcess('nopagecache', { nopagecache: ports.nopagecache }, { port: ports.nopagecache, path: '/media/' });
  const probeW = await startProcess('probe', { probe: ports.probe }, { port: ports.probe, path: '/' });
  await startProcess('reference', { baseline: ports.baseline, ceiling: ports.ceiling }, { port: ports.baseline, path: '/' });
  await startProcess('miss-reference', { missReference: ports.missReference }, { port: ports.missReference, path: '/' });
  /** the workerd process that serves a port */
  const pidOf = (port: number): number => {
    const owner = processes.find((p) => Object.values(p.ports).includes(port));
    if (!owner) throw new Error(`no workerd serves port ${port}`);
    return owner.w.pid;
  };
  log(
    `workerd processes: ${processes
      .map(
        (p) =>
          `${p.name} pid ${p.w.pid} (${Object.entries(p.ports)
            .map(([k, v]) => `${k} :${v}`)
            .join(', ')})`,
      )
      .join('; ')}; logs beside them in ${buildDir}`,
  );
  log(
    `load client: ${loadClient()}; machine load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (other work on the machine disturbs every figure)`,
  );

  const stats = async () =>
    probeJson<{ cache: { hits: number; matches: number; puts: number; stored: number }; outbound: { refused: number } }>(
      ports.probe,
      '/stats',
    );

  // In-process: our streamed render against renderToString of the same tree, inside the same workerd. Each kind runs
  // back to back in one probe request while workerd's CPU time is read around it, so other work on the machine does
  // not count; kinds alternate over the rounds.
  const renderCost = async (host: string, path: string): Promise<RenderCost> => {
    const q = `host=${encodeURIComponent(host)}&path=${encodeURIComponent(path)}`;
    const info = await probeJson<{ pageType: string; streamBytes: number; stringBytes: number }>(ports.probe, `/info?${q}`);
    const calls = {} as Record<Kind, number>;
    for (const kind of KINDS) {
      await probeJson(ports.probe, `/run?${q}&kind=${kind}&n=3`);
      // sized from workerd's CPU time (read to the nanosecond): the isolate's clock does not move during synchronous
      // work, so a few calls of renderToString can read as zero and ask for tens of thousands of calls per sample
      const cpu0 = cpuMs(probeW.pid);
      await probeJson(ports.probe, `/run?${q}&kind=${kind}&n=10`);
      const each = (cpuMs(probeW.pid) - cpu0) / 10;
      calls[kind] = Math.max(3, Math.min(200_000, Math.ceil(RENDER_CPU_MS / Math.max(each, 0.005))));
    }
    const cpuSamples = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
    const wallSamples = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
    for (let r = 0; r < RENDER_ROUNDS; r++) {
      for (const kind of KINDS) {
        // /proc counts CPU in 10 ms ticks: a sample must be long enough, so too short a run is repeated longer
        for (let attempt = 0; ; attempt++) {
          const cpu0 = cpuMs(probeW.pid);
          const run = await probeJson<{ msPerCall: number }>(ports.probe, `/run?${q}&kind=${kind}&n=${calls[kind]}`);
          const cpu = cpuMs(probeW.pid) - cpu0;
          if (cpu >= RENDER_CPU_MS * 0.6 || attempt === 3 || calls[kind] >= 200_000) {
            cpuSamples[kind].push(cpu / calls[kind]);
            wallSamples[kind].push(run.msPerCall);
            break;
          }
          // below /proc's resolution the isolate's own clock is the better estimate of a call's cost
          const each = cpu >= 30 ? cpu / calls[kind] : Math.max(run.msPerCall, 0.002);
          calls[kind] = Math.min(200_000, Math.max(calls[kind] + 1, Math.ceil(RENDER_CPU_MS / each)));
        }
      }
    }
    const med = (m: Record<Kind, number[]>) => Object.fromEntries(KINDS.map((k) => [k, round(median(m[k]), 4)])) as Record<Kind, number>;
    return { ...info, cpuMs: med(cpuSamples), wallMs: med(wallSamples), calls };
  };
  const costs: Record<string, RenderCost | { error: string }> = {};
  const measureRenderCost = async (host: string, path: string) => {
    try {
      const t0 = performance.now();
      const cost = await renderCost(host, path);
      costs[host + path] = cost;
      log(
        `  render cost in workerd, ${RENDER_ROUNDS} rounds of ~${RENDER_CPU_MS} ms CPU per kind: ${cost.cpuMs.production} ms per render, renderToString ${cost.cpuMs.renderToString} ms, to bytes ${cost.cpuMs.renderToStringBytes} ms (${Math.round((performance.now() - t0) / 1000)} s)`,
      );
    } catch (error) {
      costs[host + path] = { error: String((error as Error).message ?? error) };
    }
  };

  // Load, per page, each run after a 1 s warm-up at 50 connections: uncached (a Worker whose Cache API never hits), then
  // CACHED_RUNS pairs of cached (the Worker with a working edge cache, plain anonymous repeated requests) and baseline
  // (the same bytes as a constant) run back to back, so that each ratio compares two runs made under the same
  // conditions, and the cache ceiling (the same bytes through the Cache API). The Worker's workerd and the cache
  // process are charged apart for every run.
  const pages: PageResult[] = [];
  for (const page of PAGES) {
    const url = `${page.host}${page.path}`;
    log(
      `load ${page.pageType} ${url}: ${UNCACHED_RUNS} x (${SECONDS} s uncached, ${SECONDS} s without the page cache), ${CACHED_RUNS} x (cached, baseline), cache ceiling`,
    );
    const common = { host: page.host, path: page.path, connections: CONNECTIONS, cachePid };
    const on = (port: number) => ({ ...common, port, workerdPid: pidOf(port) });
    const measure = async (port: number) => {
      await load({ ...on(port), seconds: 1 });
      return load({ ...on(port), seconds: SECONDS });
    };
    // uncached, and the same requests with the page cache turned off (what the render path costs without the miss's
    // lookup and store), alternated, each warmed up once; the median run of each by CPU per response is kept
    await load({ ...on(ports.nocache), seconds: 1 });
    await load({ ...on(ports.nopagecache), seconds: 1 });
    const uncachedRuns: LoadResult[] = [];
    const renderPathRuns: LoadResult[] = [];
    for (let i = 0; i < UNCACHED_RUNS; i++) {
      uncachedRuns.push(await load({ ...on(ports.nocache), seconds: SECONDS }));
      renderPathRuns.push(await load({ ...on(ports.nopagecache), seconds: SECONDS }));
    }
    const uncached = medianByCpu(uncachedRuns);
    const renderPath = medianByCpu(renderPathRuns);
    // React's floor for this page measured now, beside the runs it divides (measured minutes apart, the machine's pace
    // had changed in between: a ratio of two moments)
    await measureRenderCost(page.host, page.path);
    // React alone as a Worker (the probe's /react: renderToString of the same tree for every HTTP request, nothing of
    // ours around it), loaded as the Worker is: what React costs inside a request rather than in a loop of renders
    const reactAlone = {
      ...common,
      port: ports.probe,
      host: 'probe.localhost',
      path: `/react?host=${encodeURIComponent(page.host)}&path=${encodeURIComponent(page.path)}`,
      workerdPid: probeW.pid,
    };
    await load({ ...reactAlone, seconds: 1 });
    const reactWorker = await load({ ...reactAlone, seconds: SECONDS });
    await load({ ...on(ports.site), seconds: 1 });
    await load({ ...on(ports.baseline), seconds: 1 });
    const before = await stats();
    const pairs: { cached: LoadResult; baseline: LoadResult; ratio: number; cpuRatio: number }[] = [];
    for (let i = 0; i < CACHED_RUNS; i++) {
      const cached = await load({ ...on(ports.site), seconds: SECONDS });
      const baseline = await load({ ...on(ports.baseline), seconds: SECONDS });
      pairs.push({
        cached,
        baseline,
        ratio: round(cached.rps / baseline.rps, 3),
        cpuRatio: round(baseline.serverCpuMsPerRequest / Math.max(cached.serverCpuMsPerRequest, 1e-6), 3),
      });
    }
    const after = await stats();
    const ceiling = await measure(ports.ceiling);
    const middle = [...pairs].sort((x, y) => x.ratio - y.ratio)[Math.floor(pairs.length / 2)]!;
    const baselineCpu = median(pairs.map((x) => x.baseline.serverCpuMsPerRequest));
    // The Worker answers most hits from its isolate's memory tier without asking the Cache API, so the cache service's
    // counters see only the first hit of each isolate: the share of responses served from the page cache is read
    // from the responses themselves (X-Page-Cache, X-Page-Cache-Tier) on a sample right after the runs.
    const edgeHits = after.cache.hits - before.cache.hits;
    const edgeLookups = after.cache.matches - before.cache.matches;
    const sample = await Promise.all(Array.from({ length: 20 }, () => get(ports.site, page.host, page.path)));
    const lookups = sample.length;
    const hits = sample.filter((r) => r.headers['x-page-cache'] === 'hit').length;
    const memoryHits = sample.filter((r) => r.headers['x-page-cache-tier'] === 'memory').length;
    const cacheable = lookups > 0 && hits / lookups >= 0.9;
    // what the runtime spends on a miss's two Cache API calls (the same bytes looked up and stored by a trivial Worker,
    // less the baseline's CPU for them): only pages the cache serves make them
    const missReference = cacheable ? await measure(ports.missReference) : undefined;
    const capturedPage = captured.get(url)!;
    const scripts = scriptsOf(capturedPage.body);
    let jsBytesGzip = scripts.inline ? gzipSync(scripts.inline, { level: 9 }).length : 0;
    for (const src of scripts.urls) {
      const target = new URL(src, `http://${page.host}/`);
      if (target.hostname !== page.host) continue;
      const res = await get(ports.edge, page.host, target.pathname + target.search);
      if (res.status === 200) jsBytesGzip += gzipSync(res.body, { level: 9 }).length;
    }
    pages.push({
      site: page.host.replace(/\.localhost$/, ''),
      host: page.host,
      path: page.path,
      pageType: page.pageType,
      status: capturedPage.status,
      indexable: isIndexable(capturedPage.body),
      // the page cache served it: the cached target applies
      cacheable,
      uncached,
      uncachedCpuRuns: uncachedRuns.map((r) => r.serverCpuMsPerRequest),
      renderPath,
      renderPathCpuRuns: renderPathRuns.map((r) => r.serverCpuMsPerRequest),
      renderPathVsFloor: null,
      reactWorker,
      uncachedVsReactWorker: round(uncached.serverCpuMsPerRequest / reactWorker.serverCpuMsPerRequest, 3),
      renderPathVsReactWorker: round(renderPath.serverCpuMsPerRequest / reactWorker.serverCpuMsPerRequest, 3),
      cached: {
        ...middle.cached,
        cacheLookups: lookups,
        cacheHits: hits,
        cacheHitRatio: lookups ? round(hits / lookups, 3) : 0,
        memoryTierHits: memoryHits,
        edgeCacheLookups: edgeLookups,
        edgeCacheHits: edgeHits,
      },
      baseline: middle.baseline,
      baselineCpuMsPerRequest: baselineCpu,
      cacheCeiling: ceiling,
      cacheMissReference: missReference ?? null,
      cacheMissCpuMs: missReference ? round(Math.max(0, missReference.serverCpuMsPerRequest - baselineCpu), 4) : null,
      uncachedVsBaseline: round(uncached.rps / middle.baseline.rps, 3),
      // set once the render cost is known: uncached CPU / (renderToString made into bytes + the baseline's CPU)
      floorCpuMs: null,
      uncachedVsFloor: null,
      missFloorCpuMs: null,
      uncachedVsMissFloor: null,
      cachedRuns: pairs.map((x) => x.ratio),
      cachedVsBaseline: middle.ratio,
      cachedCpuRuns: pairs.map((x) => x.cpuRatio),
      cachedVsBaselineCpu: median(pairs.map((x) => x.cpuRatio)),
      cachedVsCeiling: round(middle.cached.rps / ceiling.rps, 3),
      renderVsRenderToString: 0,
      htmlBytes: Buffer.byteLength(capturedPage.body),
      jsBytesGzip,
    });
  }

  // the largest pages' render cost (each benchmarked page's was measured beside its HTTP runs)
  for (const path of LARGEST_PATHS) await measureRenderCost(LARGEST_HOST, path);
  const ratios = (c: RenderCost) => ({
    renderVsRenderToString: round(c.cpuMs.production / c.cpuMs.renderToString),
    warmVsRenderToString: round(c.cpuMs.productionWarm / c.cpuMs.renderToString),
    rawStreamVsRenderToString: round(c.cpuMs.rawStream / c.cpuMs.renderToString),
    renderVsRenderToStringBytes: round(c.cpuMs.production / c.cpuMs.renderToStringBytes),
  });
  for (const p of pages) {
    const c = costs[`${p.host}${p.path}`]!;
    if ('error' in c) {
      p.renderVsRenderToString = null;
      p.render = c;
      continue;
    }
    const r = ratios(c);
    p.renderVsRenderToString = r.renderVsRenderToString;
    p.render = { ...r, cpuMs: c.cpuMs, wallMs: c.wallMs, calls: c.calls, streamBytes: c.streamBytes, stringBytes: c.stringBytes };
    // React's floor for this response: its renderToString made into bytes, plus what the runtime spends on any response
    // of these bytes (the baseline's CPU per response, measured in the same run)
    const floor = c.cpuMs.renderToStringBytes + p.baselineCpuMsPerRequest;
    p.floorCpuMs = round(floor, 4);
    p.uncachedVsFloor = round(p.uncached.serverCpuMsPerRequest / floor, 3);
    p.renderPathVsFloor = round(p.renderPath.serverCpuMsPerRequest / floor, 3);
    // a cacheable page's miss against React's floor plus what the runtime itself spends on the miss's Cache API calls
    if (p.cacheMissCpuMs !== null) {
      p.missFloorCpuMs = round(floor + p.cacheMissCpuMs, 4);
      p.uncachedVsMissFloor = round(p.uncached.serverCpuMsPerRequest / p.missFloorCpuMs, 3);
    }
  }

  // slowSuspense: a part that takes 300 ms must not hold back the head and the first content.
  log(`slowSuspense: ${SLOW_REQUESTS} sequential requests to ${SLOW_HOST}/`);
  const timings = [];
  await timeOne(ports.nocache, SLOW_HOST, '/');
  for (let i = 0; i < SLOW_REQUESTS; i++) timings.push(await timeOne(ports.nocache, SLOW_HOST, '/'));
  const slowSuspense = {
    host: SLOW_HOST,
    path: '/',
    delayMs: SLOW_DELAY_MS,
    requests: timings.length,
    firstByteP50Ms: round(median(timings.map((t) => t.firstByteMs))),
    lastByteP50Ms: round(median(timings.map((t) => t.lastByteMs))),
    headersP50Ms: round(median(timings.map((t) => t.headersMs))),
    firstByteMaxMs: round(Math.max(...timings.map((t) => t.firstByteMs))),
    firstChunkHasHeadAndContent: timings.every((t) => t.firstChunk.includes('</head>') && t.firstChunk.includes('The first content')),
    slowPartInFirstChunk: timings.some((t) => t.firstChunk.includes('Slow entry 1')),
    slowPartArrived: timings.every((t) => t.status === 200),
  };

  // largestPage: 60 blocks with a 250-item list; its CPU per render comes from the render-cost runs above (the
  // production kind: the site sub-app's sendPage with fresh per-request state, the whole body read), and over HTTP:
  // uncached requests from a few keep-alive connections, the Worker's workerd and the cache process charged apart.
  log(`largestPage: over HTTP, ${SECONDS} s at ${LARGEST_CONNECTIONS} connections per page`);
  const largest = [];
  for (const path of LARGEST_PATHS) {
    const c = costs[LARGEST_HOST + path]!;
    if ('error' in c) throw new Error(`largest page ${path}: ${c.error}`);
    const http = [];
    await timeOne(ports.nocache, LARGEST_HOST, path);
    for (let i = 0; i < 10; i++) http.push(await timeOne(ports.nocache, LARGEST_HOST, path));
    const run = { host: LARGEST_HOST, path, connections: LARGEST_CONNECTIONS, workerdPid: nocacheW.pid, cachePid, port: ports.nocache };
    await load({ ...run, seconds: 1 });
    // the median of UNCACHED_RUNS runs by CPU per request, as for the pages
    const runs: LoadResult[] = [];
    for (let i = 0; i < UNCACHED_RUNS; i++) runs.push(await load({ ...run, seconds: SECONDS }));
    const loaded = medianByCpu(runs);
    largest.push({
      path,
      host: LARGEST_HOST,
      pageType: c.pageType,
      blocks: path === '/largest' ? largestBlocks : undefined,
      items: largestItems,
      itemsShown: path === '/largest' ? largestItems : 100,
      htmlBytes: c.streamBytes,
      cpuMsPerRender: round(c.cpuMs.production),
      isolateMsPerRender: round(c.wallMs.production),
      renderToStringCpuMs: round(c.cpuMs.renderToString),
      renderToStringBytesCpuMs: round(c.cpuMs.renderToStringBytes),
      httpLastByteP50Ms: round(median(http.map((t) => t.lastByteMs))),
      httpCpuMsPerRequest: round(loaded.serverCpuMsPerRequest),
      httpCacheCpuMsPerRequest: round(loaded.cacheCpuMsPerRequest),
      httpCpuRuns: runs.map((r) => round(r.serverCpuMsPerRequest)),
      httpVsRenderToString: round(loaded.serverCpuMsPerRequest / c.cpuMs.renderToString),
      httpVsRenderToStringBytes: round(loaded.serverCpuMsPerRequest / c.cpuMs.renderToStringBytes),
      http: loaded,
      renderVsRenderToString: ratios(c).renderVsRenderToString,
    });
  }
  const heaviest = [...largest].sort((a, b) => b.htmlBytes - a.htmlBytes)[0]!;
  const largestPage = { ...heaviest, pages: largest };

  const startupMs = Math.max(0, median(siteReady) - median(emptyReady));
  const bundle = {
    gzipBytes: built.bundle.gzipBytes,
    rawBytes: built.bundle.rawBytes,
    startupMs: round(startupMs),
    siteReadyMs: round(median(siteReady)),
    emptyReadyMs: round(median(emptyReady)),
    firstPageMs: round(firstPageMs),
    starts: STARTUPS,
  };

  // Lighthouse, through the edge socket (assets first, as Cloudflare serves a browser).
  const lighthouseResults: ({ site: string; path: string; pageType: string; indexable: boolean } & (
    LighthouseScores | { error: string }
  ))[] = [];
  if (!LIGHTHOUSE) log('lighthouse: skipped (BENCH_LIGHTHOUSE=0)');
  else {
    for (const page of PAGES) {
      const url = `http://${page.host}:${ports.edge}${page.path}`;
      log(`lighthouse ${page.pageType} ${url}`);
      const out = join(buildDir, 'lighthouse', `${page.pageType.toLowerCase()}.json`);
      const about = {
        site: page.host.replace(/\.localhost$/, ''),
        path: page.path,
        pageType: page.pageType,
        indexable: isIndexable(captured.get(page.host + page.path)!.body),
      };
      try {
        lighthouseResults.push({ ...about, ...(await lighthouse(url, out, chrome!)) });
      } catch (error) {
        lighthouseResults.push({ ...about, error: String((error as Error).message ?? error) });
      }
    }
  }

  // Islands: what each page with islands (and a page without) costs a browser (bench/lib/islands.ts, ISLAND_PAGES).
  let islands: IslandFigures[] | { skipped: string } = { skipped: 'BENCH_ISLANDS=0' };
  if (ISLANDS) {
    log(`islands: script before interaction, Lighthouse and next-click time on ${ISLAND_PAGES.length} pages`);
    islands = await measureIslands(ports.edge, chrome!, join(buildDir, 'lighthouse'), LIGHTHOUSE);
  }

  for (const p of processes) await stop(p.w.child);

  // Scale (issue 29): generated sites of 100 to 20,000 items and 1,000 small sites, in processes of their own
  log('scale: generated sites (bench/lib/scale.ts)');
  const scale =
    process.env.BENCH_SCALE === '0' ? { skipped: 'BENCH_SCALE=0' } : await measureScale(root, buildDir, built, setup.cachePorts);

  // The owner's analytics under load (issue 31 §3): one object per day against the day's shards (bench/lib/analytics-load.ts)
  log('analytics: page views at rising rates (bench/lib/analytics-load.ts)');
  const analytics = process.env.BENCH_ANALYTICS === '0' ? { skipped: 'BENCH_ANALYTICS=0' } : await measureAnalytics(setup);

  const results = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      node: process.version,
      loadAverageAtStart,
      loadAverageAtEnd: loadavg().map((l) => round(l)),
    },
    targets: TARGETS,
    settings: {
      seconds: SECONDS,
      connections: CONNECTIONS,
      client: loadClient() === 'wrk' ? 'wrk -t1 (apt-get install -y wrk)' : 'autocannon (in the harness process)',
      server:
        'workerd serve (plain): a process per variant measured (the Worker with the page cache, without cache hits, with PAGE_CACHE off; the probe; the baselines), the Cache API stand-in in another',
      cachedRuns: CACHED_RUNS,
      uncachedRuns: UNCACHED_RUNS,
      largestConnections: LARGEST_CONNECTIONS,
    },
    pages,
    slowSuspense,
    largestPage,
    bundle,
    lighthouse: lighthouseResults,
    islands,
    scale,
    analytics,
    // every process has its own closed outbound network, which logs each fetch it refuses
    outboundRefused: processes.reduce(
      (sum, p) => sum + (readFileSync(p.w.log, 'utf8').match(/bench: refused an outbound fetch/g)?.length ?? 0),
      0,
    ),
    durationS: Math.round((performance.now() - started) / 1000),
  };
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${renderTable(results)}`);
  console.log(`\n${renderScaleTable(scale)}`);
  console.log(`\n${renderAnalyticsTable(analytics)}`);
  log(`wrote bench/results.json in ${results.durationS} s`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error('bench: failed:', error);
    process.exit(1);
  },
);
