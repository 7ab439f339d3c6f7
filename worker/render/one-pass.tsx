// The render entry of every page: HEAD gets headers only, a page whose parts are all in memory (nearly every page) is
// rendered in one synchronous pass and sent whole, and a failed shell becomes ERROR 500. With stream.tsx, the only
// importer of react-dom/server.
//
// One pass (React's renderToString, about a third of the CPU of its web stream, which encodes every small piece
// separately): the page is complete as soon as it is rendered, so streaming would only make it slower. A page with a
// part that waits (a remote feed) or fails goes to stream.tsx instead.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { withSecurityHeaders } from '../http/security-headers.ts';
import { PAGES } from '../pages/registry.ts';
import type { PageDefinition } from '../pages/types.ts';
import type { RenderState } from '../kit/context.tsx';
import { Document } from './document.tsx';
import { PageHeaders } from './page-headers.ts';
import { withIslandsTail } from '../kit/island.tsx';
import { renderStream } from './stream.tsx';
import { isRecordRead } from '../site/maybe.ts';

export interface RenderOptions {
  method: string;
  timeoutMs: number;
  /**
   * headers every page response carries (security, cache policy, cookies); made for this response alone: renderPage
   * adds the content type to them. They carry the security headers already (sendPage, the one caller in the Worker,
   * applies them): the responses are marked so (withSecurityHeaders)
   */
  headers?: PageHeaders;
  /** wait for every Suspense boundary before sending (for crawlers that do not run scripts) */
  waitForAll?: boolean;
}

/** React's marks of a Suspense boundary that did not complete in place: pending (`$?`) or failed (`$!`). */
function hasIncompleteBoundary(html: string): boolean {
  for (let at = html.indexOf('<!--$'); at !== -1; at = html.indexOf('<!--$', at + 5)) {
    const mark = html.charCodeAt(at + 5);
    if ((mark === 63 || mark === 33) && html.startsWith('-->', at + 6)) return true;
  }
  return false;
}

/**
 * The whole page in one pass, or undefined when a part suspended or failed (or the shell threw): those pages take the
 * streaming path, which waits for the part (the promise it started is kept in the request's asyncCache) and reports
 * each failure once.
 */
export function renderInOnePass(state: RenderState, definition: PageDefinition): string | undefined {
  let html: string;
  state.islands.length = 0;
  state.placement.layoutDrawn = false;
  try {
    html = renderToString(<Document definition={definition} state={state} />);
  } catch {
    return undefined;
  }
  // React's string is a rope of every piece it wrote (thousands of them), which the first reading walks and copies into
  // one flat string: the test here is that reading. The islands' tail is spliced into the flat string afterwards, so
  // the document is three flat pieces, copied flat to flat when it is encoded for the response. (Spliced before the
  // test, the splice walked the rope and the test copied the whole document again: the two together went from 5.2 to
  // 4.4 % of lumen's splash page under the profiler, `npm run bench:profile -- --no-page-cache lumen.localhost/`.)
  if (hasIncompleteBoundary(html)) return undefined;
  return `<!DOCTYPE html>${withIslandsTail(html, state)}`;
}

/** Passes a page may take while its parts read the site's records they need; past this, the page streams. */
const RECORD_PASSES = 4;

/**
 * Whether every part the last pass left waiting was a read of the site's records (worker/site/maybe.ts): then they are
 * read, and true; false when nothing waits (a part failed) or something else does (a remote feed).
 */
async function recordReadsDone(state: RenderState): Promise<boolean> {
  const waiting = [...state.asyncCache.values()].filter((p) => (p as { status?: string }).status === 'pending');
  if (!waiting.length || !waiting.every(isRecordRead)) return false;
  await Promise.allSettled(waiting);
  return true;
}

async function renderDocument(
  state: RenderState,
  options: RenderOptions,
  definition: PageDefinition,
  passesRendered = 0,
): Promise<string | (ReadableStream<Uint8Array> & { allReady: Promise<void> })> {
  // A page whose parts wait only on the site's records (an isolate that has not read them yet) reads them and renders
  // again in one pass: a few milliseconds of KV, where streaming would cost the page its one pass and the visitor
  // nothing they could see sooner.
  for (let pass = passesRendered; pass < RECORD_PASSES; pass++) {
    if (pass > 0 && !(await recordReadsDone(state))) break;
    const whole = renderInOnePass(state, definition);
    if (whole !== undefined) return whole;
  }
  return renderStream(state, options, definition);
}

/**
 * The bytes of responses rendered in one pass, so the page cache stores the very same bytes: the page is encoded to
 * UTF-8 once per request (on the largest pages, encoding a second copy for the cache cost as much as a sixth of the
 * render) and never read back from the body.
 */
const wholeBodies = new WeakMap<Response, Uint8Array>();
const encoder = new TextEncoder();

/** The complete HTML (UTF-8) of a response renderPage made in one pass; undefined for a streamed one. */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return wholeBodies.get(response);
}

/**
 * Renders a page type: in one pass and at once when nothing waits (nearly every page: no promise is made on its way),
 * else after its records are read, or streamed; a shell that fails renders the ERROR page type with status 500 instead.
 */
export function renderPage(
  state: RenderState,
  options: RenderOptions,
  definition: PageDefinition | undefined = undefined,
): Response | Promise<Response> {
  definition ??= PAGES[state.route.pageType];
  // the caller's headers are made for this response alone (every caller makes them afresh): they get the content type
  // where they are, and are set on the response once it exists
  const headers = options.headers ?? new PageHeaders();
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const status = state.route.status;
  if (options.method === 'HEAD') return withSecurityHeaders(headers.response(null, status));
  try {
    const whole = renderInOnePass(state, definition);
    if (whole !== undefined) return wholeResponse(whole, headers, status);
  } catch (error) {
    return shellFailed(state, options, error);
  }
  return renderLater(state, options, definition, headers, status);
}

/** A page rendered whole: encoded once, and its bytes kept for the page cache (wholeBodyOf). */
function wholeResponse(html: string, headers: PageHeaders, status: number): Response {
  const bytes = encoder.encode(html);
  const response = withSecurityHeaders(headers.response(bytes, status));
  wholeBodies.set(response, bytes);
  return response;
}

/** A page whose first pass left parts waiting: its records read, or streamed. */
async function renderLater(
  state: RenderState,
  options: RenderOptions,
  definition: PageDefinition,
  headers: PageHeaders,
  status: number,
): Promise<Response> {
  try {
    const body = await renderDocument(state, options, definition, 1);
    if (typeof body === 'string') return wholeResponse(body, headers, status);
    if (options.waitForAll) await body.allReady;
    return withSecurityHeaders(headers.response(body, status));
  } catch (error) {
    return shellFailed(state, options, error);
  }
}

function shellFailed(state: RenderState, options: RenderOptions, error: unknown): Promise<Response> {
  state.log.error('render.shell_failed', error, {
    site: state.site.website.identifier,
    path: state.url.pathname,
    pageType: state.route.pageType,
  });
  return renderErrorPage(state, options);
}

/** The ERROR page type (status 500) in the site's design; plain text only if even that cannot render. */
export async function renderErrorPage(state: RenderState, options: RenderOptions): Promise<Response> {
  // made for this response alone (by the caller, or by renderPage's caller for a page whose shell failed)
  const headers = options.headers ?? new PageHeaders();
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  const errorState: RenderState = {
    ...state,
    route: { pageType: 'ERROR', status: 500 },
    asyncCache: new Map(),
    islands: [],
    placement: { layoutDrawn: false },
  };
  if (options.method === 'HEAD') return withSecurityHeaders(headers.response(null, 500));
  try {
    const body = await renderDocument(errorState, options, PAGES.ERROR);
    return withSecurityHeaders(headers.response(typeof body === 'string' ? encoder.encode(body) : body, 500));
  } catch (error) {
    state.log.error('render.error_page_failed', error, { path: state.url.pathname });
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return withSecurityHeaders(headers.response('Something Went Wrong! Our system has encountered an error. We will return shortly.', 500));
  }
}

/** A page that belongs to no site (the local index of published sites), as a document string. */
export function renderStatic(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToString(element)}`;
}
