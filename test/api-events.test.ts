// The event endpoints and the landing pixel, served at the edge (no API_ORIGIN): engagement events, script error
// reports with the §8 stack cut, traces, and GET /api/track/Track's never-cached 1x1 image.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_ERROR_REPORTS, MAX_TRACE_ENTRIES } from '../shared/census.ts';
import { STACK_TRUNCATED_MARKER } from '../shared/error-report.ts';
import { BODY_LIMITS } from '../worker/http/limits.ts';
import { call, postForm, postJson, publishCopy } from './support/api.ts';
import { CRUMB } from './support/auth.ts';

let HOST = '';
const ID = 'site-apievents';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'apievents'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

const eventData = (extra: Record<string, unknown> = {}) => ({
  websiteId: ID,
  templateId: 't1',
  variantId: 'v1',
  pagePath: '/journal',
  pageHash: '#top',
  ...extra,
});

describe('POST /api/events/RecordEvent', () => {
  it('records an engagement event (204), the crumb taken from the form field as §7 sends it', async () => {
    const res = await postForm(
      HOST,
      '/api/events/RecordEvent',
      { crumb: CRUMB, event: 'Cart Add', data: JSON.stringify(eventData({ urlRequested: '/x' })) },
      { crumb: false, cookies: `crumb=${CRUMB}` },
    );
    expect(res.status).toBe(204);
  });

  it.each([
    ['no event', { data: JSON.stringify(eventData()) }, /^event is required$/],
    ['an event name with markup', { event: '<b>', data: JSON.stringify(eventData()) }, /^event: /],
    ['no data', { event: 'View' }, /^data is required$/],
    ['data without pagePath', { event: 'View', data: JSON.stringify(eventData({ pagePath: undefined })) }, /^data\.pagePath: /],
    [
      'data of another site',
      { event: 'View', data: JSON.stringify(eventData({ websiteId: 'site-other' })) },
      /^data\.websiteId is not this site$/,
    ],
  ])('answers 400 for %s', async (_, fields, reason) => {
    const res = await postForm(HOST, '/api/events/RecordEvent', fields);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(reason);
  });

  it('answers 405, 413, 415 and 403 crumbFail', async () => {
    expect((await call(HOST, '/api/events/RecordEvent')).status).toBe(405);
    expect((await postForm(HOST, '/api/events/RecordEvent', { event: 'View', data: 'x'.repeat(BODY_LIMITS.recordEvent) })).status).toBe(
      413,
    );
    expect((await postJson(HOST, '/api/events/RecordEvent', { event: 'View' })).status).toBe(415);
    const res = await postForm(HOST, '/api/events/RecordEvent', { event: 'View', data: JSON.stringify(eventData()) }, { crumb: false });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { crumbFail: boolean }).crumbFail).toBe(true);
  });
});

const report = (extra: Record<string, unknown> = {}) => ({
  event: 'interface_error_site',
  data: {
    websiteId: ID,
    templateId: 't1',
    url: '/journal',
    userAgent: 'test',
    message: 'x is not a function',
    stack: 'at f (a.js:1:1)',
    file: 'a.js',
    line: 1,
    column: 1,
    custom: null,
    ...extra,
  },
  timestamp: Date.now(),
});

describe('POST /api/events/RecordJavascriptErrors', () => {
  it('records the reports (204), cutting a stack over 5000 characters and marking it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await postJson(HOST, '/api/events/RecordJavascriptErrors', [report({ stack: 's'.repeat(6000) }), report()]);
    expect(res.status).toBe(204);
    const logged = warn.mock.calls
      .map((args) => JSON.parse(String(args[0])) as { event: string; stack?: string })
      .filter((l) => l.event === 'client.script_error');
    expect(logged).toHaveLength(2);
    expect(logged[0]!.stack).toBe('s'.repeat(5000) + STACK_TRUNCATED_MARKER);
    expect(logged[1]!.stack).toBe('at f (a.js:1:1)');
  });

  it('answers 400 for an event that is not interface_error_{app}, an empty list, too many reports or a non-list', async () => {
    for (const body of [
      [report({}), { ...report(), event: 'error' }],
      [],
      Array.from({ length: MAX_ERROR_REPORTS + 1 }, () => report()),
      report(),
    ]) {
      expect((await postJson(HOST, '/api/events/RecordJavascriptErrors', body)).status).toBe(400);
    }
  });

  it('answers 405, 413 and 415', async () => {
    expect((await call(HOST, '/api/events/RecordJavascriptErrors')).status).toBe(405);
    expect(
      (await postJson(HOST, '/api/events/RecordJavascriptErrors', [report({ stack: 'x'.repeat(BODY_LIMITS.javascriptErrors) })])).status,
    ).toBe(413);
    expect((await postForm(HOST, '/api/events/RecordJavascriptErrors', { data: '[]' })).status).toBe(415);
  });
});

describe('POST /api/events/Trace', () => {
  const entry = { pageUrl: '/journal', type: 'nav', data: JSON.stringify({ from: '/' }) };

  it('accepts a list of trace entries (204)', async () => {
    expect((await postForm(HOST, '/api/events/Trace', { data: JSON.stringify([entry, entry]) })).status).toBe(204);
  });

  it('answers 400 for data that is not a list of entries or holds too many', async () => {
    expect((await postForm(HOST, '/api/events/Trace', { data: JSON.stringify({ entry }) })).status).toBe(400);
    expect((await postForm(HOST, '/api/events/Trace', { data: JSON.stringify([{ ...entry, data: { not: 'a string' } }]) })).status).toBe(
      400,
    );
    expect(
      (await postForm(HOST, '/api/events/Trace', { data: JSON.stringify(Array.from({ length: MAX_TRACE_ENTRIES + 1 }, () => entry)) }))
        .status,
    ).toBe(400);
    expect((await postForm(HOST, '/api/events/Trace', {})).status).toBe(400);
  });

  it('answers 405, 413 and 415', async () => {
    expect((await call(HOST, '/api/events/Trace')).status).toBe(405);
    expect((await postForm(HOST, '/api/events/Trace', { data: 'x'.repeat(BODY_LIMITS.trace) })).status).toBe(413);
    expect((await postJson(HOST, '/api/events/Trace', [entry])).status).toBe(415);
  });
});

describe('GET /api/track/Track', () => {
  const query = '?landing=https%3A%2F%2Fapievents.localhost%2Fjournal&refer=&rk=12345678&lang=en-GB&screen=1920x1080&source=mail';

  it('answers a 1x1 GIF that is never cached', async () => {
    const res = await call(HOST, `/api/track/Track${query}`, {}, { crumb: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store, no-cache, must-revalidate, max-age=0');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(res.headers.get('expires')).toBe('Thu, 01 Jan 1970 00:00:00 GMT');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a');
    // logical screen width and height, little-endian
    expect([bytes[6]! | (bytes[7]! << 8), bytes[8]! | (bytes[9]! << 8)]).toEqual([1, 1]);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await call(HOST, `/api/track/Track${query}`, { method: 'HEAD' }, { crumb: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
  });

  it('answers 400 without landing or with a malformed screen, and 405 for POST', async () => {
    expect((await call(HOST, '/api/track/Track?rk=1', {}, { crumb: false })).status).toBe(400);
    expect((await call(HOST, '/api/track/Track?landing=%2F&screen=wide', {}, { crumb: false })).status).toBe(400);
    expect((await call(HOST, `/api/track/Track${query}`, { method: 'POST' })).status).toBe(405);
  });
});
