// Lighthouse 12 (its default: the mobile preset, simulated throttling) on one URL in Debian's Chromium, with a time
// limit; returns the four category scores and the audits that kept each below 1.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, stop } from './proc.ts';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** total blocking time (ms), the main thread's long tasks between first contentful paint and interactive */
  tbtMs: number;
  /** per category, the audits that scored below 1 (id: score) */
  failing: Record<string, string[]>;
  /**
   * Best practices as Lighthouse scored it, when it differs from bestPractices: on a page whose status is 404 or 500 by
   * design (NOT_FOUND, ERROR), Chrome logs the document's own status as a console error ("Failed to load resource:
   * the server responded with a status of 404"), which nothing in a page can prevent. That one message, and only when
   * it names the audited URL itself, is not counted in bestPractices; any other console error still is.
   */
  bestPracticesAsScored?: number;
}

interface ConsoleItem {
  source?: string;
  description?: string;
  sourceLocation?: { url?: string };
}

interface Report {
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number; details?: { items?: ConsoleItem[] } }>;
  runtimeError?: { code: string; message: string };
}

/** the machine's Chromium: scripts/tools.ts, as the browser tests and the screenshots find it */
export { chromiumPath as chromePath } from '../../scripts/tools.ts';

export async function lighthouse(url: string, outFile: string, chrome: string, timeoutMs = 120_000): Promise<LighthouseScores> {
  const child = start(
    join(process.cwd(), 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--output=json',
      `--output-path=${outFile}`,
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--max-wait-for-load=30000',
      // NOT_FOUND and ERROR are audited too (their SEO http-status-code audit then fails, as it should)
      '--ignore-status-code',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: chrome } },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      stderr += `\ntimed out after ${timeoutMs} ms`;
      void stop(child);
    }, timeoutMs);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  if (code !== 0 || !existsSync(outFile))
    throw new Error(`lighthouse ${url} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as Report;
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (id: string) => report.categories[id]?.score ?? 0;
  const ownStatus = onlyOwnStatusLogged(report, url);
  if (ownStatus) report.audits['errors-in-console']!.score = 1;
  const failing: Record<string, string[]> = {};
  for (const [id, category] of Object.entries(report.categories)) {
    failing[id] = category.auditRefs
      .filter((ref) => {
        const audit = report.audits[ref.id];
        return ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative';
      })
      .map((ref) => `${ref.id}: ${report.audits[ref.id]!.score}`);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: ownStatus ? categoryScore(report, 'best-practices') : score('best-practices'),
    ...(ownStatus ? { bestPracticesAsScored: score('best-practices') } : {}),
    seo: score('seo'),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    failing,
  };
}

/** The console errors are exactly the document's own 4xx/5xx status (see LighthouseScores.bestPracticesAsScored). */
function onlyOwnStatusLogged(report: Report, url: string): boolean {
  const audit = report.audits['errors-in-console'];
  const items = audit?.details?.items ?? [];
  const page = report.finalDisplayedUrl ?? url;
  return (
    audit?.score === 0 &&
    items.length > 0 &&
    items.every(
      (i) =>
        i.source === 'network' &&
        (i.sourceLocation?.url === page || i.sourceLocation?.url === url) &&
        /^Failed to load resource: the server responded with a status of (404|500)\b/.test(i.description ?? ''),
    )
  );
}

/** A category's score as Lighthouse computes it: the weighted mean of its scored audits, rounded as it rounds. */
function categoryScore(report: Report, id: string): number {
  let sum = 0;
  let weights = 0;
  for (const ref of report.categories[id]?.auditRefs ?? []) {
    const audit = report.audits[ref.id];
    if (!audit || audit.score === null || ref.weight === 0) continue;
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'informative')
      continue;
    sum += audit.score * ref.weight;
    weights += ref.weight;
  }
  return weights ? Math.round((sum / weights) * 100) / 100 : 0;
}
