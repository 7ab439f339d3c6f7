// The object side of the owner's analytics alone (bench/lib/analytics-load.ts): drives one SiteAnalytics object of the
// Worker's process over RPC, with no HTTP front, so that what one object absorbs is measured apart from what the
// Worker costs per request. GET /?mode=hit|batch&hits=N&batch=B&callers=C&name=X sends N page views to the object X,
// from C callers at once (as many isolates would), one call per hit (`hit`: the design before) or B hits per call
// (`batch`: what the Worker's coalescing sends); answers when every call has returned.
import type { AnalyticsHit, SiteAnalytics } from '../../worker/durable/site-analytics.ts';

interface Env {
  SITE_ANALYTICS: DurableObjectNamespace<SiteAnalytics>;
}

const PAGES = ['/', '/journal', '/about', '/portfolio', '/journal/a-jetty-in-fog'];

function view(i: number): AnalyticsHit {
  const page = PAGES[i % PAGES.length]!;
  return {
    kind: 'pageview',
    path: page,
    title: `Page ${page}`,
    visitorId: `probe-${i % 2000}`,
    newSession: i < 2000,
    referrerHost: null,
    search: false,
  };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const q = new URL(request.url).searchParams;
    const mode = q.get('mode') === 'batch' ? 'batch' : 'hit';
    const hits = Number(q.get('hits') ?? 1000);
    const batch = mode === 'batch' ? Math.max(1, Number(q.get('batch') ?? 100)) : 1;
    const callers = Math.max(1, Number(q.get('callers') ?? 16));
    const stub = env.SITE_ANALYTICS.getByName(q.get('name') ?? 'probe');
    let next = 0;
    const caller = async () => {
      while (next < hits) {
        const from = next;
        next = Math.min(hits, next + batch);
        if (mode === 'hit') await stub.record(view(from));
        else await stub.recordBatch(Array.from({ length: next - from }, (_, k) => view(from + k)));
      }
    };
    await Promise.all(Array.from({ length: callers }, caller));
    const figures = await stub.figures('probe');
    return Response.json({ hits, pageViews: figures.pageViews });
  },
} satisfies ExportedHandler<Env>;
