// The page-quality checks of page-quality.test.ts for a surface that script draws over a page (a panel, a tooltip, a
// provider's widget): the Nu checker over the page as it is now (its DOM serialized), axe-core at 390 and 1280 px
// with no serious or critical violation, and nothing past the edge of a 390 px viewport.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './axe.ts';
import { checkHtmlFiles, formatMessage } from './html-checker.ts';
import { measureOverflow } from './overflow.ts';

export interface SurfaceFindings {
  html: string[];
  axe: { width: number; rule: string; nodes: string[] }[];
  overflow: string[];
}

/** Runs every check on the page as it is, at 390 and 1280 px; the viewport is left at 1280 px. */
export async function surfaceQuality(page: Page): Promise<SurfaceFindings> {
  const findings: SurfaceFindings = { html: [], axe: [], overflow: [] };
  const dir = mkdtempSync(join(tmpdir(), 'surface-quality-'));
  try {
    const file = join(dir, 'page.html');
    writeFileSync(file, await page.content());
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
