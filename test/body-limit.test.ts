// Request body limits on /api/*: each endpoint's limit for declared and streamed bodies, bodies the crumb check has
// already read for its form field, and the cap every /api/ body meets before the crumb check reads anything.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_CAP, BODY_LIMITS } from '../worker/http/limits.ts';
import { app } from '../worker/index.ts';
import { call, publishCopy } from './support/api.ts';
import { CRUMB } from './support/auth.ts';

let HOST = '';
beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'bodylimit'));
});

const tooLarge = (limit: number) => ({ error: `Payload Too Large: at most ${limit} bytes` });

/** A body sent in chunks with no Content-Length, as a browser streams an upload. */
function streamOf(text: string, chunkSize = 4096): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** Sends a request straight to the app, so its body arrives exactly as made here. */
async function send(path: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string>): Promise<Response> {
  const request = new Request(`http://${HOST}${path}`, {
    method: 'POST',
    body,
    headers: { Cookie: `crumb=${CRUMB}`, 'CF-Connecting-IP': '192.0.2.44', ...headers },
  });
  if (typeof body !== 'string') expect(request.headers.has('content-length')).toBe(false);
  const ctx = createExecutionContext();
  const res = await app.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const json = { 'Content-Type': 'application/json', 'X-CSRF-Token': CRUMB };
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const trace = (data: string) => new URLSearchParams({ crumb: CRUMB, data }).toString();
const entry = { pageUrl: '/journal', type: 'nav', data: 'x' };

describe('request bodies on /api/*', () => {
  it('answers 413 with the JSON error for a declared Content-Length over the endpoint limit, never cached', async () => {
    const res = await call(HOST, '/api/census/overlay', {
      method: 'POST',
      type: 'application/json',
      body: 'x'.repeat(BODY_LIMITS.overlay + 1),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(tooLarge(BODY_LIMITS.overlay));
  });

  it('reads a streamed body with no Content-Length whole when it fits', async () => {
    const payload = JSON.stringify({ event: 'popup-shown', visitorCookie: '', padding: 'x'.repeat(BODY_LIMITS.overlay - 100) });
    expect(payload.length).toBeLessThanOrEqual(BODY_LIMITS.overlay);
    expect((await send('/api/census/overlay', streamOf(payload, 1000), json)).status).toBe(204);
  });

  it('abandons a streamed body with no Content-Length at the endpoint limit: 413', async () => {
    const res = await send('/api/form/SaveFormSubmission', streamOf('x'.repeat(BODY_LIMITS.saveFormSubmission + 1)), json);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge(BODY_LIMITS.saveFormSubmission));
  });

  it('measures a form body the crumb check has already read for its crumb field', async () => {
    const fits = await send('/api/events/Trace', trace(JSON.stringify([entry])), form);
    expect(fits.status).toBe(204);
    const over = await send('/api/events/Trace', trace('x'.repeat(BODY_LIMITS.trace)), form);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual(tooLarge(BODY_LIMITS.trace));
    const streamed = await send('/api/events/Trace', streamOf(trace('x'.repeat(BODY_LIMITS.trace))), form);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(tooLarge(BODY_LIMITS.trace));
  });

  it('refuses any /api/ body over the cap before the crumb check reads it, on endpoints without a limit of their own too', async () => {
    expect(BODY_CAP).toBe(Math.max(...Object.values(BODY_LIMITS)));
    const big = new URLSearchParams({ crumb: CRUMB, email: 'owner@fernwood.example', password: 'x'.repeat(BODY_CAP) }).toString();
    for (const body of [big, streamOf(big)]) {
      const res = await send('/api/auth/Login', body, { ...form, Accept: 'application/json' });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(tooLarge(BODY_CAP));
    }
  });
});
