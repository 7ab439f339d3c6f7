// The Worker as the scale table runs it (bench/lib/scale.ts): the Worker's own entry, built from its modules, with one
// path of the bench's beside it, /__bench/records, that says what this isolate holds of sites' records
// (worker/hosting/records.ts recordStats). Everything else is the Worker's fetch, unchanged.
import worker from '../../worker/index.ts';
import { recordStats } from '../../worker/hosting/records.ts';
import type { Env } from '../../worker/env.ts';

export { FormInbox, FormOutbox, ShoppingCart, SiteAnalytics, SiteOrders, SlidingWindowThrottle } from '../../worker/index.ts';

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    if (new URL(request.url).pathname === '/__bench/records') return Response.json(recordStats());
    return worker.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
