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
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number }>;
  runtimeError?: { code: string; message: string };
}

export function chromePath(): string | undefined {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
    (p) => p && existsSync(p),
  );
}

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
    bestPractices: score('best-practices'),
    seo: score('seo'),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    failing,
  };
}
