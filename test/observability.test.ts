// Issue 31 §1, §2: one Analytics Engine data point per request (REQUEST_METRICS), and every log line with the request's
// site, host, cf-ray and deployed version. wrangler's local dataset keeps nothing it is given, so the tests watch the
// binding's own writeDataPoint (the object the Worker is handed, in this isolate) and read what each request wrote.
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logFor } from '../worker/log.ts';
import { requestFacts } from '../worker/observability/context.ts';
import { BLOBS, DOUBLES, type RequestPoint } from '../worker/observability/data-points.ts';
import { derivePbkdf2 } from '../worker/security/password.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, publishStored, visit } from './support/sites.ts';
import { postForm, postJson } from './support/api.ts';
import { MAX_ERROR_REPORTS } from '../shared/census.ts';
import {
  REPORT_LINES_PER_ADDRESS,
  REPORT_LINES_PER_SITE,
  REPORT_WINDOW_MS,
  resetReportBudget,
  takeReportLines,
} from '../worker/observability/report-budget.ts';

const HOST = 'metrics.localhost';
const BROKEN = 'metrics-broken.localhost';

let written: AnalyticsEngineDataPoint[] = [];

async function hashOf(password: string) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derivePbkdf2(password, salt, 100_000, 32);
  const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
  return { algorithm: 'PBKDF2-SHA256' as const, iterations: 100_000, salt: b64(salt), hash: b64(hash) };
}

beforeAll(async () => {
  const site = minimalSite({ version: '2026-12-01.1' });
  site.website.identifier = 'metrics';
  site.website.id = 'w-metrics';
  site.pages.push({
    id: 'locked',
    urlId: 'locked',
    title: 'Locked',
    password: await hashOf('sesame'),
    layout: { blocks: [] },
  });
  site.pages.push({
    id: 'skips',
    urlId: 'skips',
    title: 'Skips a block',
    layout: { blocks: [{ id: 'bad-button', type: 53, data: { buttonText: 'Go', clickthroughUrl: 'javascript:alert(1)' } }] },
  });
  await publish(site, HOST);
  await publishStored('{ this is not a snapshot', BROKEN);
});

beforeEach(() => {
  written = [];
  const dataset = env.REQUEST_METRICS;
  vi.spyOn(dataset, 'writeDataPoint').mockImplementation((point) => {
    written.push(point ?? {});
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The data points written so far, by column name. */
function points(): RequestPoint[] {
  return written.map((p) => {
    const row: Record<string, unknown> = {};
    for (const [i, name] of BLOBS.entries()) row[name] = p.blobs?.[i];
    for (const [i, name] of DOUBLES.entries()) row[name] = p.doubles?.[i];
    return row as RequestPoint;
  });
}

async function only(res: Response): Promise<RequestPoint> {
  await res.arrayBuffer();
  const all = points();
  expect(all).toHaveLength(1);
  return all[0]!;
}

const report = (message: string) => ({
  event: 'interface_error_site',
  timestamp: Date.now(),
  data: { websiteId: 'w-metrics', templateId: 't', url: `http://${HOST}/`, userAgent: 'test', message, stack: 'at f (a.js:1:1)' },
});

/** The JSON log lines console.<method> was given while `work` ran. */
async function logLines(work: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  for (const method of ['log', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(String(args[0])));
  await work();
  return lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('a request’s data point', () => {
  it('is written for a rendered page (a miss), then for the same page from the Cache API and from memory', async () => {
    const miss = await only(await visit(HOST, '/'));
    expect(miss).toMatchObject({ site: 'metrics', host: HOST, route: 'PAGE', cacheTier: 'miss', status: 200, method: 'GET', colo: '' });
    expect(miss.deploy).toBe(env.CF_VERSION_METADATA.id);
    expect(miss.snapshot).toMatch(/^2026-12-01\.1\+/);
    expect(miss.bytes).toBeGreaterThan(500);
    expect(miss.renderMs).toBeGreaterThanOrEqual(0);
    expect(miss.totalMs).toBeGreaterThanOrEqual(miss.renderMs);
    expect(miss).toMatchObject({ errors: 0, reportsReceived: 0, reportsLogged: 0, reportsDropped: 0 });

    await new Promise((r) => setTimeout(r, 30));
    written = [];
    const edge = await only(await visit(HOST, '/'));
    expect(edge).toMatchObject({ site: 'metrics', route: 'PAGE', cacheTier: 'cache-api', status: 200, renderMs: 0, bytes: miss.bytes });
    expect(edge.snapshot).toBe(miss.snapshot);

    written = [];
    const memory = await only(await visit(HOST, '/'));
    expect(memory).toMatchObject({ site: 'metrics', route: 'PAGE', cacheTier: 'memory', status: 200, renderMs: 0, bytes: miss.bytes });
  });

  it('names a page the cache does not have as a miss, and a not-found page by its type', async () => {
    const point = await only(await visit(HOST, '/no-such-page'));
    expect(point).toMatchObject({ site: 'metrics', route: 'NOT_FOUND', cacheTier: 'miss', status: 404 });
  });

  it('is written for an API call, named by its route, with the reports it carried', async () => {
    const point = await only(await postJson(HOST, '/api/events/RecordJavascriptErrors', [report('a'), report('b')]));
    expect(point).toMatchObject({
      site: 'metrics',
      route: '/api/events/RecordJavascriptErrors',
      cacheTier: 'bypass',
      status: 204,
      method: 'POST',
      renderMs: 0,
      reportsReceived: 2,
      reportsLogged: 2,
      reportsDropped: 0,
    });
  });

  it('is written for a lock screen, never offered to the cache', async () => {
    const point = await only(await visit(HOST, '/locked'));
    expect(point).toMatchObject({ site: 'metrics', route: 'LOCK_SCREEN', cacheTier: 'bypass', status: 200 });
  });

  it('is written for the error page of a snapshot that cannot be read, its error counted', async () => {
    const lines = await logLines(async () => {
      const point = await only(await visit(BROKEN, '/', { headers: { 'cf-ray': '8f00ba11-LHR' } }));
      expect(point).toMatchObject({ site: '', host: BROKEN, route: 'ERROR', cacheTier: 'bypass', status: 500, errors: 1 });
    });
    // the error's line names the host, the ray and the deployed version, as every line of a request does
    const invalid = lines.find((l) => l.event === 'snapshot.invalid');
    expect(invalid).toMatchObject({ level: 'error', host: BROKEN, ray: '8f00ba11-LHR', deploy: env.CF_VERSION_METADATA.id });
  });

  it('is written for a host without a site', async () => {
    const point = await only(await visit('nobody-here.localhost', '/'));
    expect(point).toMatchObject({ site: '', host: 'nobody-here.localhost', route: 'NO_SITE', status: 404, cacheTier: 'bypass' });
  });

  it('holds nothing of the visitor: no address, cookie, path or query value', async () => {
    await only(
      await visit(HOST, '/no-such-page?email=someone%40example.com', {
        headers: { 'CF-Connecting-IP': '203.0.113.77', Cookie: 'ss_cvr=visitor-id-123|1|2|3|4' },
      }),
    );
    const text = JSON.stringify(written);
    for (const personal of ['203.0.113.77', 'someone', 'visitor-id-123', 'no-such-page']) expect(text).not.toContain(personal);
  });
});

describe('log lines', () => {
  it('of an error carry its stack, and count in the request’s data point', async () => {
    const facts = requestFacts(
      new Request('http://errors.localhost/', { headers: { 'cf-ray': '8f00dead-CDG' } }),
      'v-1',
      'errors.localhost',
    );
    const lines = await logLines(async () => {
      logFor(facts).error('request.failed', new TypeError('boom'), { method: 'GET' });
    });
    expect(lines[0]).toMatchObject({
      level: 'error',
      event: 'request.failed',
      host: 'errors.localhost',
      ray: '8f00dead-CDG',
      deploy: 'v-1',
    });
    expect(lines[0]!.errorName).toBe('TypeError');
    expect(String(lines[0]!.stack)).toMatch(/^TypeError: boom\n\s+at /);
    expect(facts.errors).toBe(1);
  });

  it('of a page’s read carry its site, host, cf-ray and version', async () => {
    const lines = await logLines(async () => {
      const point = await only(await visit(HOST, '/skips', { headers: { 'cf-ray': '8f00cafe-FRA' } }));
      expect(point).toMatchObject({ site: 'metrics', route: 'PAGE', cacheTier: 'miss', status: 200 });
    });
    const skipped = lines.find((l) => l.event === 'block.skipped');
    expect(skipped).toMatchObject({ level: 'warn', site: 'metrics', host: HOST, ray: '8f00cafe-FRA', deploy: env.CF_VERSION_METADATA.id });
    expect(skipped).toMatchObject({ blockId: 'bad-button', pageType: 'PAGE' });
  });

  it('carry the site, host, cf-ray and deployed version of the request that wrote them', async () => {
    const lines = await logLines(async () => {
      const res = await postJson(HOST, '/api/events/RecordJavascriptErrors', [report('traced')], { headers: { 'cf-ray': '8f00beef-AMS' } });
      expect(res.status).toBe(204);
    });
    const line = lines.find((l) => l.event === 'client.script_error');
    expect(line).toMatchObject({ site: 'metrics', host: HOST, ray: '8f00beef-AMS', deploy: env.CF_VERSION_METADATA.id, message: 'traced' });
  });
});

/** Budgets are counted in fixed minutes: near a minute's end, waits for the next, so a test's requests share one window. */
async function inOneWindow(): Promise<void> {
  const left = REPORT_WINDOW_MS - (Date.now() % REPORT_WINDOW_MS);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('visitors’ error and trace reports', () => {
  beforeEach(() => resetReportBudget());

  it('are logged within a budget per client address: a flood from one address cannot bury real errors from others', async () => {
    await inOneWindow();
    const flood = Array.from({ length: MAX_ERROR_REPORTS }, (_, i) => report(`flood ${i}`));
    const lines = await logLines(async () => {
      for (let i = 0; i < 5; i++)
        expect((await postJson(HOST, '/api/events/RecordJavascriptErrors', flood, { address: '198.51.100.66' })).status).toBe(204);
      const real = await postJson(HOST, '/api/events/RecordJavascriptErrors', [report('a real error')], { address: '203.0.113.5' });
      expect(real.status).toBe(204);
    });
    const errors = lines.filter((l) => l.event === 'client.script_error');
    expect(errors.filter((l) => String(l.message).startsWith('flood'))).toHaveLength(REPORT_LINES_PER_ADDRESS);
    expect(errors.filter((l) => l.message === 'a real error')).toHaveLength(1);
    // said once, not once per dropped report
    expect(lines.filter((l) => l.event === 'client.reports_throttled')).toHaveLength(1);
    // every report is counted, logged or not
    const all = points();
    expect(all.reduce((n, p) => n + p.reportsReceived, 0)).toBe(5 * MAX_ERROR_REPORTS + 1);
    expect(all.reduce((n, p) => n + p.reportsLogged, 0)).toBe(REPORT_LINES_PER_ADDRESS + 1);
    expect(all.reduce((n, p) => n + p.reportsDropped, 0)).toBe(5 * MAX_ERROR_REPORTS - REPORT_LINES_PER_ADDRESS);
  });

  it('are logged within a budget per site, whatever the number of addresses', () => {
    let logged = 0;
    for (let i = 0; i < 50; i++) logged += takeReportLines('error', 'busy', `198.51.100.${i}`, 10, undefined);
    expect(logged).toBe(REPORT_LINES_PER_SITE);
    // another site's budget is its own, and the next minute's is whole again
    expect(takeReportLines('error', 'quiet', '198.51.100.1', 1, undefined)).toBe(1);
    expect(takeReportLines('error', 'busy', '198.51.100.99', 1, undefined, Date.now() + REPORT_WINDOW_MS)).toBe(1);
  });

  it('log trace posts within the same kind of budget', async () => {
    await inOneWindow();
    const lines = await logLines(async () => {
      for (let i = 0; i < REPORT_LINES_PER_ADDRESS + 3; i++) {
        const res = await postForm(
          HOST,
          '/api/events/Trace',
          { data: JSON.stringify([{ pageUrl: '/', type: 't', data: '{}' }]) },
          { address: '198.51.100.7' },
        );
        expect(res.status).toBe(204);
      }
    });
    expect(lines.filter((l) => l.event === 'client.trace')).toHaveLength(REPORT_LINES_PER_ADDRESS);
    expect(points().reduce((n, p) => n + p.reportsDropped, 0)).toBe(3);
  });
});
