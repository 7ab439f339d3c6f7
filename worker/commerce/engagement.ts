// The store's engagement events of §3 (Cart Add, Checkout Started, Checkout Completed), recorded at the edge where they
// happen, in the site's analytics of the day: only the edge knows an add or an order really happened. By §6 nothing is
// recorded for a logged-in account. After the response (waitUntil); a failure is logged and never reaches the shopper.
import type { Context } from 'hono';
import { record } from '../analytics/record.ts';
import type { AppEnv } from '../env.ts';
import { log } from '../log.ts';
import type { SiteModel } from '../site/model.ts';

export type StoreEngagement = 'Cart Add' | 'Checkout Started' | 'Checkout Completed';

export function recordEngagement(c: Context<AppEnv>, site: SiteModel, name: StoreEngagement): void {
  if (c.get('session')) return;
  const done = record(c.env, site, { kind: 'event', name }).catch((error: unknown) =>
    log.warn('store.engagement_not_recorded', { name, reason: error instanceof Error ? error.message : String(error) }),
  );
  try {
    c.executionCtx.waitUntil(done);
  } catch {
    // no execution context (a test calling the app directly): the promise still runs
  }
}
