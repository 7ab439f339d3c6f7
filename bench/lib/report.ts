// The printed summary of a bench run: one row per page type, then the other figures, each against the issue's target.
import type { IslandFigures } from './islands.ts';

interface Load {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  serverCores: number;
  serverCpuMsPerRequest: number;
}

export interface Results {
  pages: Record<string, unknown>[];
  slowSuspense: { firstByteP50Ms: number; lastByteP50Ms: number; delayMs: number; requests: number; firstChunkHasHeadAndContent: boolean };
  largestPage: {
    path: string;
    cpuMsPerRender: number;
    isolateMsPerRender: number;
    htmlBytes: number;
    pages: { path: string; cpuMsPerRender: number; isolateMsPerRender: number; htmlBytes: number; renderVsRenderToString: number | null }[];
  };
  bundle: { gzipBytes: number; startupMs: number; siteReadyMs: number; emptyReadyMs: number; firstPageMs: number };
  lighthouse: object[];
  islands: IslandFigures[] | { skipped: string };
  settings: { seconds: number; connections: number; client: string };
  machine: { cpus: number; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
}

const TARGETS = { uncached: 0.5, cached: 0.85, renderRatio: 1.25, firstByteMs: 15, cpuMs: 5, gzipBytes: 1024 * 1024, lighthouse: 1 };

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

export function renderTable(r: Results): string {
  const out: string[] = [];
  out.push(
    `Load: ${r.settings.connections} connections, ${r.settings.seconds} s per run, ${r.settings.client}; ${r.machine.cpus} CPUs, load average ${r.machine.loadAverageAtStart.join(' ')} at the start.`,
  );
  out.push(
    `x base: rps / the baseline's (target: uncached >= ${TARGETS.uncached}, cached >= ${TARGETS.cached}); ceiling: the same bytes through the bench's Cache API; hits: share of 20 requests right after the cached run that the page cache answered (X-Page-Cache: hit); r/rTS: our streamed render / renderToString (target <= ${TARGETS.renderRatio}).`,
  );
  const busy = Math.max(
    ...r.pages.flatMap((p) => ['uncached', 'cached', 'baseline'].map((k) => (p[k] as { otherCores?: number }).otherCores ?? 0)),
  );
  if (busy > 0.2)
    out.push(
      `WARNING: other processes used up to ${busy.toFixed(2)} cores during the load runs: the figures are disturbed; run again on an idle machine.`,
    );
  out.push('');
  const rows = r.pages.map((p) => {
    const u = p.uncached as Load;
    const c = p.cached as Load & { cacheHitRatio: number; cacheLookups: number; cacheHits: number };
    const b = p.baseline as Load;
    const ceiling = p.cacheCeiling as Load;
    const ratio = p.renderVsRenderToString as number | null;
    return [
      p.pageType as string,
      p.site as string,
      p.path as string,
      `${u.rps} (${(p.uncachedVsBaseline as number).toFixed(2)})`,
      `${u.p50Ms}/${u.p99Ms}`,
      `${c.rps} (${(p.cachedVsBaseline as number).toFixed(2)})`,
      `${c.p50Ms}/${c.p99Ms}`,
      c.cacheHits ? `${Math.round(c.cacheHitRatio * 100)}%` : 'none',
      b.rps,
      ceiling.rps,
      `${u.serverCpuMsPerRequest.toFixed(2)}/${c.serverCpuMsPerRequest.toFixed(2)}/${b.serverCpuMsPerRequest.toFixed(2)}`,
      ratio === null ? 'n/a' : ratio.toFixed(2),
      kb(p.htmlBytes as number),
      kb(p.jsBytesGzip as number),
    ];
  });
  out.push(
    table(
      [
        'page type',
        'site',
        'path',
        'uncached rps (x base)',
        'p50/p99 ms',
        'cached rps (x base)',
        'p50/p99 ms',
        'hits',
        'base rps',
        'ceiling rps',
        'CPU ms unc/cch/base',
        'r/rTS',
        'HTML KiB',
        'JS gz KiB',
      ],
      rows,
    ),
  );
  const uncachedMin = Math.min(...r.pages.map((p) => p.uncachedVsBaseline as number));
  // the cached target applies to the pages the cache may serve; the others are rendered every time by design
  const served = r.pages.filter((p) => (p.cached as { cacheHitRatio: number }).cacheHitRatio >= 0.9);
  const cachedMin = served.length ? Math.min(...served.map((p) => p.cachedVsBaseline as number)) : 0;
  const notCached = r.pages.filter((p) => !served.includes(p)).map((p) => p.pageType as string);
  const ratios = r.pages.map((p) => p.renderVsRenderToString as number | null).filter((x): x is number => x !== null);
  const ratioMax = Math.max(...ratios);
  out.push('');
  // the same ratios from workerd's CPU time per response, which other work on the machine does not disturb
  const cpuRatio = (p: Record<string, unknown>, k: string) =>
    (p.baseline as Load).serverCpuMsPerRequest / Math.max((p[k] as Load).serverCpuMsPerRequest, 0.001);
  const uncachedCpuMin = Math.min(...r.pages.map((p) => cpuRatio(p, 'uncached')));
  out.push(
    `uncached / baseline, lowest: ${uncachedMin.toFixed(2)} in rps, ${uncachedCpuMin.toFixed(2)} in CPU per response (target >= ${TARGETS.uncached}) ${ok(uncachedMin >= TARGETS.uncached)}`,
  );
  const cachedCpuMin = served.length ? Math.min(...served.map((p) => cpuRatio(p, 'cached'))) : 0;
  out.push(
    `cached / baseline, lowest of the ${served.length} pages the cache served: ${cachedMin.toFixed(2)} in rps, ${cachedCpuMin.toFixed(2)} in CPU per response (target >= ${TARGETS.cached}) ${ok(served.length > 0 && cachedMin >= TARGETS.cached)}${notCached.length ? `; never from the cache: ${notCached.join(', ')}` : ''}`,
  );
  out.push(
    `render / renderToString, highest: ${ratioMax.toFixed(2)} (target <= ${TARGETS.renderRatio}) ${ok(ratioMax <= TARGETS.renderRatio)}; on the largest pages: ${r.largestPage.pages.map((p) => `${p.path} ${p.renderVsRenderToString ?? 'n/a'}`).join(', ')} (on small pages, making the response's bytes costs about as much as rendering: compare renderVsRenderToStringBytes in results.json)`,
  );
  const s = r.slowSuspense;
  out.push(
    `slowSuspense (a ${s.delayMs} ms part, ${s.requests} requests): first byte p50 ${s.firstByteP50Ms} ms (target <= ${TARGETS.firstByteMs}) ${ok(s.firstByteP50Ms <= TARGETS.firstByteMs && s.firstChunkHasHeadAndContent)}, last byte p50 ${s.lastByteP50Ms} ms${s.firstChunkHasHeadAndContent ? '' : ' — the first chunk lacked the head or the first content'}`,
  );
  const lp = r.largestPage;
  out.push(
    `largestPage ${lp.path}: ${lp.cpuMsPerRender} ms CPU per render (target <= ${TARGETS.cpuMs}) ${ok(lp.cpuMsPerRender <= TARGETS.cpuMs)}; ${kb(lp.htmlBytes)} KiB HTML`,
  );
  for (const p of lp.pages) {
    out.push(
      `  ${p.path}: ${p.cpuMsPerRender} ms workerd CPU per render (${p.isolateMsPerRender} ms wall in the isolate), ${kb(p.htmlBytes)} KiB, r/rTS ${p.renderVsRenderToString ?? 'n/a'}`,
    );
  }
  const b = r.bundle;
  out.push(
    `bundle: ${kb(b.gzipBytes)} KiB gzip (target <= 1024) ${ok(b.gzipBytes <= TARGETS.gzipBytes)}; startup ${b.startupMs} ms over an empty Worker (${b.siteReadyMs} vs ${b.emptyReadyMs} ms to first answer); first page after start ${b.firstPageMs} ms`,
  );
  if (r.lighthouse.length) {
    out.push('');
    out.push('Lighthouse 12, mobile (target 1.0 in all four):');
    out.push(
      table(
        ['page type', 'site', 'path', 'perf', 'a11y', 'best pr.', 'SEO', 'below 1'],
        (r.lighthouse as Record<string, unknown>[]).map((l) =>
          l.error
            ? [l.pageType as string, l.site as string, l.path as string, '-', '-', '-', '-', `error: ${String(l.error).slice(0, 80)}`]
            : [
                l.pageType as string,
                l.site as string,
                l.path as string,
                (l.performance as number).toFixed(2),
                (l.accessibility as number).toFixed(2),
                (l.bestPractices as number).toFixed(2),
                (l.seo as number).toFixed(2),
                Object.values(l.failing as Record<string, string[]>)
                  .flat()
                  .map((f) => f.split(':')[0])
                  .join(', ') || '-',
              ],
        ),
      ),
    );
  }
  out.push('');
  if ('skipped' in r.islands) out.push(`islands: skipped, ${r.islands.skipped}`);
  else {
    out.push('Islands (targets: performance 1.0, total blocking time under 50 ms, next under 50 ms after hydration):');
    out.push(
      table(
        ['page', 'scripts before interaction', 'gzip KiB', 'perf', 'TBT ms', 'next ms'],
        r.islands.map((i) => {
          const lh = i.lighthouse && !('error' in i.lighthouse) ? i.lighthouse : undefined;
          return [
            i.name,
            i.scripts.map((s) => s.path.replace(/^\/client\//, '')).join(' ') || '(none)',
            kb(i.scriptGzipBytes),
            lh ? `${lh.performance.toFixed(2)} ${ok(lh.performance >= 1)}` : i.lighthouse ? 'error' : '-',
            lh ? `${lh.tbtMs} ${ok(lh.tbtMs < 50)}` : '-',
            i.nextClickMs !== undefined ? `${i.nextClickMs} ${ok(i.nextClickMs < 50)}` : '-',
          ];
        }),
      ),
    );
  }
  return out.join('\n');
}
