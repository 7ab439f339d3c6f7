// The page-quality checks of page-quality.test.ts for a surface that script draws over a page (a panel, a tooltip, a
// provider's widget): the Nu checker over the page as it is now (its DOM serialized), axe-core at 390 and 1280 px
// with no serious or critical violation, and nothing past the edge of a 390 px viewport.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from './axe.ts';
import { checkHtmlFiles, formatMessage } from './html-checker.ts';
import { measureOverflow } from './overflow.ts';

export interface SurfaceFindings {
  html: string[];
  axe: { width: number; rule: string; nodes: string[] }[];
  overflow: string[];
}

/**
 * Runs every check on the page as it is, at 390 and 1280 px; the viewport is left at 1280 px. With `only`, the Nu
 * checker reads that surface alone (its markup in a document of its own), so what other parts of the page drew does
 * not count against it; axe and the overflow check always take the whole page.
 */
export async function surfaceQuality(page: Page, options: { only?: Locator } = {}): Promise<SurfaceFindings> {
  const findings: SurfaceFindings = { html: [], axe: [], overflow: [] };
  const dir = mkdtempSync(join(tmpdir(), 'surface-quality-'));
  try {
    const file = join(dir, 'page.html');
    const html = options.only
      ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Surface</title></head><body>${await options.only.evaluate((el) => el.outerHTML)}</body></html>`
      : await page.content();
    writeFileSync(file, html);
    const report = await checkHtmlFiles([file]);
    findings.html = (report.get(file) ?? []).map(formatMessage);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(100);
    for (const v of await seriousAxeViolations(page)) findings.axe.push({ width, rule: v.rule, nodes: v.nodes });
    if (width === 390) {
      const overflow = await page.evaluate(measureOverflow);
      if (overflow.scrollOverflow > 0 || overflow.offenders.length)
        findings.overflow.push(...overflow.offenders, `scroll ${overflow.scrollOverflow}`);
    }
  }
  return findings;
}

export const NO_FINDINGS: SurfaceFindings = { html: [], axe: [], overflow: [] };
