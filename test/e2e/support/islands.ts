// Islands as a visitor brings them to life: a React island hydrates at the first touch inside it (the loader), so a test
// that needs one alive touches it first, as a visitor would, without a click of its own.
import type { Page } from 'playwright-core';

/**
 * Wakes the islands that `selector` matches (site-island elements) as a first touch does, without clicking anything:
 * a focusin inside each, which the loader hears (it moves no focus, so nothing else on the page reacts).
 */
export async function wake(page: Page, selector: string): Promise<void> {
  // the loader (an async module script) has run by the load event; a touch before it would meet no listener
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.$$eval(selector, (islands) => {
    // (an island that has started already is left alone: a focusin would reach its handlers)
    for (const island of islands as HTMLElement[])
      if (!island.dataset.islandState) island.firstElementChild?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  });
}

/** Wakes the islands `selector` matches and waits until the first of them has hydrated (the loader marks it). */
export async function wakeAndWait(page: Page, selector: string, timeout = 15_000): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'attached', timeout });
  await wake(page, selector);
  await page.locator(selector).and(page.locator('[data-island-state="hydrated"]')).first().waitFor({ state: 'attached', timeout });
}

/**
 * A marker of React's evaluation: React DOM calls the devtools hook's inject() once, when its module is evaluated (not
 * when it is fetched or preloaded). Add with context.addInitScript; read with reactEvaluatedAt.
 */
export function reactEvaluationMarker(): void {
  const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown; __reactEvaluatedAt?: number };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    inject() {
      w.__reactEvaluatedAt ??= performance.now();
      return 1;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    setStrictMode() {},
  };
}

/** When React DOM's module was evaluated on the page (performance.now()), or null if it has not been. */
export const reactEvaluatedAt = (page: Page): Promise<number | null> =>
  page.evaluate(() => (window as unknown as { __reactEvaluatedAt?: number }).__reactEvaluatedAt ?? null);
