// axe-core in Chromium: the serious and critical violations of a page as a visitor has it now (menus open or not).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** axe-core over the page and its frames (the editor frames the site): violations of impact serious or critical. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // injected through the DevTools protocol, which the page's CSP (script-src 'nonce-…') does not govern; a <script>
  // tag without the nonce would be refused. The editor's preview frame gets axe too, so axe.run reaches into it.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  // a surface still fading or sliding in (the cookie notice, a dialog: §4 Panels) is measured as it comes to rest, not
  // half-transparent, which axe would blend into its contrast; in every frame, since the editor's preview frame draws its
  // own notice. getAnimations() brings style up to date first, so a surface drawn just now has started its transition;
  // endless animations (a spinner) are not waited for. (No requestAnimationFrame here: Chromium does not run it in an
  // offscreen cross-origin frame, such as a video player's.)
  for (const frame of page.frames()) await frame.evaluate(animationsAtRest);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`),
      }));
  });
}

/** In the page: resolves once every finite animation and transition of the document has finished. */
async function animationsAtRest(): Promise<void> {
  await Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
      .map((a) => a.finished.catch(() => undefined)),
  );
}
