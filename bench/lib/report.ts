// The printed summary of a bench run: one row per page type, then the other figures, each against the issue's target.
import type { IslandFigures } from './islands.ts';

interface Load {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  serverCores: number;
  serverCpuMsPerRequest: number;
  cacheCpuMsPerRequest: number;
  otherCores: number;
}

/** One page type's figures in bench/results.json (run.ts adds more than the table reads). */
export interface PageResult {
  [more: string]: unknown;
  host: string;
  pageType: string;
  site: string;
  path: string;
  cacheable: boolean;
  /** the run with the median CPU per response of uncachedCpuRuns */
  uncached: Load;
  uncachedCpuRuns: number[];
  /** the same requests to the Worker with PAGE_CACHE = "off": no Cache API lookup or store */
  renderPath: Load;
  renderPathCpuRuns: number[];
  /** renderPath CPU per response ÷ floorCpuMs: the Worker's overhead over React without the page cache's miss */
  renderPathVsFloor: number | null;
  /**
   * React alone as a Worker: renderToString of the same tree answering each HTTP request (the probe's /react), loaded
   * like the Worker: React's cost inside a request, where the floor's renders run back to back in one
   */
  reactWorker: Load;
  /** uncached CPU per response ÷ reactWorker's */
  uncachedVsReactWorker: number;
  /** renderPath CPU per response ÷ reactWorker's */
  renderPathVsReactWorker: number;
  cached: Load & { cacheHitRatio: number; cacheHits: number; [more: string]: unknown };
  baseline: Load;
  baselineCpuMsPerRequest: number;
  floorCpuMs: number | null;
  uncachedVsFloor: number | null;
  /** cacheable pages: CPU per response of a trivial Worker that makes a miss's Cache API calls (lookup, store) on the
   * captured bytes, less the baseline's: what the runtime spends on those calls, whoever makes them */
  cacheMissCpuMs: number | null;
  /** floorCpuMs + cacheMissCpuMs */
  missFloorCpuMs: number | null;
  /** uncached CPU per response ÷ missFloorCpuMs: the Worker's overhead over React and the Cache API's calls together */
  uncachedVsMissFloor: number | null;
  cachedRuns: number[];
  cachedVsBaseline: number;
  cachedVsBaselineCpu: number;
  htmlBytes: number;
  jsBytesGzip: number;
}

interface LargestPage {
  path: string;
  htmlBytes: number;
  cpuMsPerRender: number;
  renderToStringCpuMs: number;
  renderToStringBytesCpuMs: number;
  httpCpuMsPerRequest: number;
  httpCacheCpuMsPerRequest: number;
  httpVsRenderToString: number;
  /** the same ÷ renderToString made into bytes: the issue's measure for the 1.3 target (§1, "its renderToString to bytes") */
  httpVsRenderToStringBytes: number;
}

export interface Results {
  pages: PageResult[];
  slowSuspense: { firstByteP50Ms: number; lastByteP50Ms: number; delayMs: number; requests: number; firstChunkHasHeadAndContent: boolean };
  largestPage: LargestPage & { pages: LargestPage[] };
  bundle: { gzipBytes: number; startupMs: number; siteReadyMs: number; emptyReadyMs: number; firstPageMs: number };
  lighthouse: object[];
  islands: IslandFigures[] | { skipped: string };
  settings: { seconds: number; connections: number; client: string; cachedRuns: number; uncachedRuns: number };
  machine: { cpus: number; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
}

/** The targets of the benchmark (issue 13), as bench/results.json records them. */
export const TARGETS = {
  /** uncached Worker CPU per response ÷ (renderToString made into bytes + the baseline's CPU per response), at most */
  uncachedVsFloor: 1.3,
  /** cached ÷ baseline throughput, median of the runs, on every page the cache serves, at least */
  cachedVsBaseline: 0.85,
  /** the largest page's CPU per HTTP request, ms, at most (the Workers free plan's limit) ... */
  largestHttpCpuMs: 10,
  /** ... and ÷ its renderToString made into bytes, at most (httpVsRenderToStringBytes) */
  largestHttpVsRenderToString: 1.3,
  firstByteMs: 15,
  gzipBytes: 1024 * 1024,
  /** every Lighthouse category, every page type (SEO: indexable pages only) */
  lighthouse: 1,
  islandTbtMs: 50,
  /** issue 28 §2: script run before the first interaction, gzip bytes; the first click's response, ms */
  executedBeforeInteraction: 25 * 1024,
  firstClickMs: 100,
  firstClickMobileMs: 300,
  nextClickMs: 50,
};

function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(cells[0]!),
    `|${widths.map((w, i) => (i < 3 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w - 1)}:-`)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

const ok = (pass: boolean) => (pass ? 'ok' : 'MISS');
const kb = (n: number) => (n / 1024).toFixed(1);

const f2 = (n: number | null | undefined) => (n === null || n === undefined ? 'n/a' : n.toFixed(2));

export function renderTable(r: Results): string {
  const T = TARGETS;
  const out: string[] = [];
  out.push(
    `Load: ${r.settings.connections} connections, ${r.settings.seconds} s per run, ${r.settings.client}; ${r.machine.cpus} CPUs, load average ${r.machine.loadAverageAtStart.join(' ')} at the start, ${r.machine.loadAverageAtEnd.join(' ')} at the end.`,
  );
  out.push(
    `CPU: the Worker's workerd, ms per response; the Cache API stand-in runs in a process of its own, charged apart (stand-in). floor: React's renderToString of the page made into bytes + the baseline's CPU for the same bytes. CPU uncached and no cache: the median of ${r.settings.uncachedRuns ?? 1} alternated runs each. no cache: the same Worker with PAGE_CACHE = "off" (no Cache API lookup or store on a miss), ÷ floor. cached / base: throughput ratio of ${r.settings.cachedRuns} cached runs, each against a baseline run right after it. hits: share of 20 requests after the cached runs that the page cache answered.`,
  );
  const busy = Math.max(...r.pages.flatMap((p) => [p.uncached, p.cached, p.baseline].map((l) => l.otherCores ?? 0)));
  if (busy > 0.2)
    out.push(
      `WARNING: other processes used up to ${busy.toFixed(2)} cores during the load runs: throughput (rps) is disturbed; the CPU figures hold up better.`,
    );
  out.push('');
  out.push(
    table(
      [
        'page type',
        'site',
        'path',
        'CPU uncached',
        'floor',
        '÷ floor',
        'Cache API ms, ÷ floor+it',
        'no cache ÷ floor',
        'React Worker, no cache ÷ it',
        'cached / base (runs)',
        'median',
        'CPU base/cached',
        'hits',
        'stand-in unc/cch',
        'rps unc/cch/base',
        'HTML KiB',
        'JS gz KiB',
      ],
      r.pages.map((p) => [
        p.pageType,
        p.site,
        p.path,
        p.uncached.serverCpuMsPerRequest.toFixed(3),
        p.floorCpuMs === null ? 'n/a' : p.floorCpuMs.toFixed(3),
        p.uncachedVsFloor === null ? 'n/a' : `${f2(p.uncachedVsFloor)} ${ok(p.uncachedVsFloor <= T.uncachedVsFloor)}`,
        p.cacheMissCpuMs == null ? '-' : `${p.cacheMissCpuMs.toFixed(3)} ${f2(p.uncachedVsMissFloor)}`,
        p.renderPathVsFloor == null ? 'n/a' : `${p.renderPath.serverCpuMsPerRequest.toFixed(3)} ${f2(p.renderPathVsFloor)}`,
        `${p.reactWorker.serverCpuMsPerRequest.toFixed(3)} ${f2(p.renderPathVsReactWorker)}`,
        p.cachedRuns.map(f2).join(' '),
        p.cacheable ? `${f2(p.cachedVsBaseline)} ${ok(p.cachedVsBaseline >= T.cachedVsBaseline)}` : `${f2(p.cachedVsBaseline)} -`,
        f2(p.cachedVsBaselineCpu),
        p.cached.cacheHits ? `${Math.round(p.cached.cacheHitRatio * 100)}%` : 'none',
        `${p.uncached.cacheCpuMsPerRequest.toFixed(3)}/${p.cached.cacheCpuMsPerRequest.toFixed(3)}`,
        `${p.uncached.rps}/${p.cached.rps}/${p.baseline.rps}`,
        kb(p.htmlBytes),
        kb(p.jsBytesGzip),
      ]),
    ),
  );
  out.push('');
  const floors = r.pages.filter((p) => p.uncachedVsFloor !== null);
  const worst = [...floors].sort((a, b) => b.uncachedVsFloor! - a.uncachedVsFloor!)[0];
  const over = floors.filter((p) => p.uncachedVsFloor! > T.uncachedVsFloor).map((p) => `${p.pageType} ${f2(p.uncachedVsFloor)}`);
  out.push(
    `uncached / floor, highest: ${worst ? `${f2(worst.uncachedVsFloor)} (${worst.pageType})` : 'n/a'} (target <= ${T.uncachedVsFloor}) ${ok(!!worst && over.length === 0)}${over.length ? `; above: ${over.join(', ')}` : ''}`,
  );
  const paths = r.pages.filter((p) => p.renderPathVsFloor != null);
  if (paths.length) {
    const ratios = paths.map((p) => p.renderPathVsFloor!).sort((a, b) => a - b);
    const misses = paths.filter((p) => p.cacheable); // the others never look the cache up
    const missShare = misses.map((p) => 1 - p.renderPath.serverCpuMsPerRequest / p.uncached.serverCpuMsPerRequest).sort((a, b) => a - b);
    out.push(
      `without the page cache (PAGE_CACHE = "off") / floor: ${f2(ratios[0]!)}–${f2(ratios[ratios.length - 1]!)}; the miss's Cache API lookup and store on the pages the cache serves are ${Math.round((missShare[0] ?? 0) * 100)}–${Math.round((missShare[missShare.length - 1] ?? 0) * 100)}% of an uncached response's CPU`,
    );
  }
  if (r.pages.length) {
    const cpu = r.pages.map((p) => p.reactWorker.serverCpuMsPerRequest).sort((a, b) => a - b);
    const floorShare = r.pages
      .filter((p) => p.floorCpuMs !== null)
      .map((p) => p.reactWorker.serverCpuMsPerRequest / p.floorCpuMs!)
      .sort((a, b) => a - b);
    const noCache = r.pages.map((p) => p.renderPathVsReactWorker).sort((a, b) => a - b);
    const within = noCache.filter((x) => x <= T.uncachedVsFloor).length;
    out.push(
      `React alone as a Worker (renderToString of the same tree for each HTTP request, nothing of ours around it): ${cpu[0]!.toFixed(3)}–${cpu[cpu.length - 1]!.toFixed(3)} ms CPU per response, ${f2(floorShare[0] ?? 0)}–${f2(floorShare[floorShare.length - 1] ?? 0)} x the floor; without the page cache / it: ${f2(noCache[0]!)}–${f2(noCache[noCache.length - 1]!)} (<= ${T.uncachedVsFloor} on ${within} of ${noCache.length})`,
    );
  }
  const withMiss = r.pages.filter((p) => p.uncachedVsMissFloor != null);
  if (withMiss.length) {
    const ratios = withMiss.map((p) => p.uncachedVsMissFloor!).sort((a, b) => a - b);
    const calls = withMiss.map((p) => p.cacheMissCpuMs!).sort((a, b) => a - b);
    out.push(
      `uncached / (floor + the Cache API's own cost of the miss's lookup and store, ${calls[0]!.toFixed(3)}–${calls[calls.length - 1]!.toFixed(3)} ms as a trivial Worker makes them on the same bytes): ${f2(ratios[0]!)}–${f2(ratios[ratios.length - 1]!)} on the ${withMiss.length} pages the cache serves`,
    );
  }
  // the cached target applies to the pages the cache may serve; the others are rendered every time by design
  const served = r.pages.filter((p) => p.cacheable);
  const low = [...served].sort((a, b) => a.cachedVsBaseline - b.cachedVsBaseline)[0];
  const notCached = r.pages.filter((p) => !p.cacheable).map((p) => p.pageType);
  out.push(
    `cached / baseline, lowest median of the ${served.length} pages the cache served: ${low ? `${f2(low.cachedVsBaseline)} (${low.pageType}; CPU ${f2(low.cachedVsBaselineCpu)})` : 'n/a'} (target >= ${T.cachedVsBaseline}) ${ok(!!low && low.cachedVsBaseline >= T.cachedVsBaseline)}${notCached.length ? `; never from the cache: ${notCached.join(', ')}` : ''}`,
  );
  const lp = r.largestPage;
  out.push(
    `largestPage ${lp.path}: ${lp.httpCpuMsPerRequest} ms CPU per HTTP request (target <= ${T.largestHttpCpuMs}) ${ok(lp.httpCpuMsPerRequest <= T.largestHttpCpuMs)}, ${f2(lp.httpVsRenderToStringBytes)} x its renderToString to bytes of ${lp.renderToStringBytesCpuMs} ms (target <= ${T.largestHttpVsRenderToString}) ${ok(lp.httpVsRenderToStringBytes <= T.largestHttpVsRenderToString)}, ${f2(lp.httpVsRenderToString)} x renderToString alone (${lp.renderToStringCpuMs} ms); the cache stand-in ${lp.httpCacheCpuMsPerRequest} ms apart; ${kb(lp.htmlBytes)} KiB HTML`,
  );
  for (const p of lp.pages) {
    out.push(
      `  ${p.path}: ${p.httpCpuMsPerRequest} ms per HTTP request (stand-in ${p.httpCacheCpuMsPerRequest} ms), ${p.cpuMsPerRender} ms per render in the probe, renderToString ${p.renderToStringCpuMs} ms, ${kb(p.htmlBytes)} KiB`,
    );
  }
  const s = r.slowSuspense;
  out.push(
    `slowSuspense (a ${s.delayMs} ms part, ${s.requests} requests): first byte p50 ${s.firstByteP50Ms} ms (target <= ${T.firstByteMs}) ${ok(s.firstByteP50Ms <= T.firstByteMs && s.firstChunkHasHeadAndContent)}, last byte p50 ${s.lastByteP50Ms} ms${s.firstChunkHasHeadAndContent ? '' : ' — the first chunk lacked the head or the first content'}`,
  );
  const b = r.bundle;
  out.push(
    `bundle: ${kb(b.gzipBytes)} KiB gzip (target <= 1024) ${ok(b.gzipBytes <= T.gzipBytes)}; startup ${b.startupMs} ms over an empty Worker (${b.siteReadyMs} vs ${b.emptyReadyMs} ms to first answer); first page after start ${b.firstPageMs} ms`,
  );
  if (r.lighthouse.length) {
    out.push('');
    out.push('Lighthouse 12, mobile (target 1.00 in every category on every page type; SEO on indexable pages only):');
    const rows = r.lighthouse as (Record<string, unknown> & { indexable: boolean })[];
    out.push(
      table(
        ['page type', 'site', 'path', 'indexable', 'perf', 'a11y', 'best pr.', 'SEO', 'below 1'],
        rows.map((l) => {
          if (l.error)
            return [
              l.pageType as string,
              l.site as string,
              l.path as string,
              String(l.indexable),
              '-',
              '-',
              '-',
              '-',
              `error: ${String(l.error).slice(0, 80)}`,
            ];
          const failing = Object.entries(l.failing as Record<string, string[]>)
            .filter(([category]) => category !== 'seo' || l.indexable)
            .flatMap(([, audits]) => audits.map((a) => a.split(':')[0]));
          return [
            l.pageType as string,
            l.site as string,
            l.path as string,
            l.indexable ? 'yes' : 'no',
            f2(l.performance as number),
            f2(l.accessibility as number),
            l.bestPracticesAsScored === undefined
              ? f2(l.bestPractices as number)
              : `${f2(l.bestPractices as number)} (${f2(l.bestPracticesAsScored as number)} with its own status)`,
            l.indexable ? f2(l.seo as number) : `(${f2(l.seo as number)})`,
            failing.join(', ') || '-',
          ];
        }),
      ),
    );
    const misses = rows.filter(
      (l) =>
        l.error ||
        (l.performance as number) < T.lighthouse ||
        (l.accessibility as number) < T.lighthouse ||
        (l.bestPractices as number) < T.lighthouse ||
        (l.indexable && (l.seo as number) < T.lighthouse),
    );
    out.push(
      `Lighthouse: ${rows.length - misses.length} of ${rows.length} page types at 1.00 ${ok(misses.length === 0)}${misses.length ? `; below: ${misses.map((l) => l.pageType).join(', ')}` : ''}`,
    );
  }
  out.push('');
  if ('skipped' in r.islands) out.push(`islands: skipped, ${r.islands.skipped}`);
  else {
    out.push(
      `Islands (targets: script run before the first interaction at most ${kb(T.executedBeforeInteraction)} KiB gzip, React not run before it, performance 1.0, total blocking time at most ${T.islandTbtMs} ms, next under ${T.nextClickMs} ms after hydration, the first click on an island that has not hydrated answered within ${T.firstClickMs} ms on a desktop and ${T.firstClickMobileMs} ms on an emulated phone, its code preloaded):`,
    );
    out.push(
      table(
        [
          'page',
          'scripts',
          'fetched KiB',
          'run KiB',
          'React ran',
          'perf',
          'TBT ms',
          'a11y',
          'best pr.',
          'SEO',
          'next ms',
          '1st click ms',
          'phone ms',
        ],
        r.islands.map((i) => {
          const lh = i.lighthouse && !('error' in i.lighthouse) ? i.lighthouse : undefined;
          return [
            i.name,
            String(i.scripts.length),
            kb(i.scriptGzipBytes),
            `${kb(i.executedGzipBytes)} ${ok(i.executedGzipBytes <= T.executedBeforeInteraction)}`,
            i.reactRan ? 'yes' : 'no',
            lh
              ? `${lh.performance.toFixed(2)} ${ok(lh.performance >= 1)}${new Set(i.lighthousePerformanceRuns ?? []).size > 1 ? ` (${i.lighthousePerformanceRuns!.map((x) => x.toFixed(2)).join('/')})` : ''}`
              : i.lighthouse
                ? 'error'
                : '-',
            lh
              ? `${lh.tbtMs} ${ok(lh.tbtMs <= T.islandTbtMs)}${(i.lighthouseTbtRuns?.length ?? 0) > 1 ? ` (${i.lighthouseTbtRuns!.join('/')})` : ''}`
              : '-',
            lh ? f2(lh.accessibility) : '-',
            lh ? f2(lh.bestPractices) : '-',
            lh ? f2(lh.seo) : '-',
            i.nextClickMs !== undefined ? `${i.nextClickMs} ${ok(i.nextClickMs < T.nextClickMs)}` : i.nextClickError ? 'MISS (error)' : '-',
            i.firstClickMs !== undefined
              ? `${i.firstClickMs} ${ok(i.firstClickMs <= T.firstClickMs)}`
              : i.firstClickError
                ? 'MISS (error)'
                : '-',
            i.firstClickMobileMs !== undefined
              ? `${i.firstClickMobileMs} ${ok(i.firstClickMobileMs <= T.firstClickMobileMs)}`
              : i.firstClickError
                ? 'MISS (error)'
                : '-',
          ];
        }),
      ),
    );
    out.push(
      "scripts: files fetched before any interaction (their names in results.json); fetched KiB: their gzip bytes, a React island's preloaded chunks among them; run KiB: the part that ran. perf and TBT: the median of the Lighthouse runs, every run's figure in brackets (perf's where the runs differ).",
    );
    for (const i of r.islands) {
      if (i.firstClickError) out.push(`  first click on ${i.name}: ${i.firstClickError}`);
      if (i.nextClickError) out.push(`  next on ${i.name}: ${i.nextClickError}`);
      if (i.lighthouse && 'error' in i.lighthouse) out.push(`  Lighthouse on ${i.name}: ${i.lighthouse.error.split('\n')[0]}`);
    }
  }
  return out.join('\n');
}
