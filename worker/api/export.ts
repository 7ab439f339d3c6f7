// The owner's exports (orders, contributions, form submissions): JSON or CSV, streamed page by page from the Durable
// Objects, so that a large site's export never sits whole in memory. Shared by worker/api/commerce.ts and forms.ts.
import type { Context } from 'hono';
import * as z from 'zod';
import { apiError } from '../http/errors.ts';
import { requestUrl } from '../http/request-url.ts';
import type { Logger } from '../log.ts';

/** Rows an export reads from an object per call. */
export const EXPORT_PAGE = 200;

/** What an export answers while the site's object still runs the release before this one (a gradual deployment). */
export const EXPORT_DEPLOYING_MESSAGE =
  'The export is not available while a new version is being deployed. Please try again in a few minutes.';

/** The most rows one response of an export may be limited to (`?limit=`). */
export const EXPORT_MAX_LIMIT = 10_000;

/** `?format=json|csv` of every export. */
export const exportFormat = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json');

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${EXPORT_MAX_LIMIT}`;

/** `?limit=`: at most this many rows in this response, the rest behind its `Link: rel="next"`. */
export const exportLimit = z
  .string()
  .regex(/^\d{1,6}$/, LIMIT_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(1, LIMIT_MESSAGE).max(EXPORT_MAX_LIMIT, LIMIT_MESSAGE))
  .optional();

/**
 * An export cut into parts (`?limit=`, `?after=`), each within one request's CPU budget: a part's rows, and where the
 * next part starts (set before its first chunk; null for the last part or an export in one piece).
 */
export interface Paging<C> {
  after: C | null;
  limit: number | undefined;
  next: C | null;
}

/** A CSV cell: quoted when needed; a leading =, +, -, @ or control character is defused so no spreadsheet runs it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Whether an RPC call failed because the object runs code without that method: during a gradual deployment an object
 * may still run the release before (docs/operations.md, "Durable Object data across deploys").
 */
export function isMissingMethod(error: unknown, method: string): boolean {
  return error instanceof TypeError && error.message.includes(`does not implement "${method}"`);
}

/** A file name for Content-Disposition: letters, digits, dashes and underscores. */
export const fileName = (...parts: string[]) =>
  parts
    .map((p) => p.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, ''))
    .filter(Boolean)
    .join('-');

/** The URL of an export's next part: this request's, with `after` set to where this part ends (null: no next part). */
export function nextPart(c: Context, next: number | readonly number[] | null): string | null {
  if (next === null) return null;
  const url = new URL(requestUrl(c));
  url.searchParams.set('after', typeof next === 'number' ? String(next) : next.join('-'));
  return `${url.pathname}${url.search}`;
}

/** How a paged source is read: a page of at most `size` rows after a cursor, and where `limit` rows after one end. */
export interface ExportSource<T, C> {
  page: (after: C | null, size: number) => Promise<{ rows: T[]; next: C | null }>;
  end: (after: C | null, limit: number) => Promise<C | null>;
}

/**
 * The rows of one source, a page at a time, from `paging.after` to its limit: yields each page's text (`text` makes a
 * row's), and sets `paging.next` before reading the first page.
 */
export async function* pagedRows<T, C>(
  source: ExportSource<T, C>,
  paging: Paging<C>,
  text: (row: T, index: number) => string,
): AsyncGenerator<string, void, undefined> {
  if (paging.limit !== undefined) paging.next = await source.end(paging.after, paging.limit);
  let remaining = paging.limit ?? Infinity;
  let after = paging.after;
  let index = 0;
  for (;;) {
    const { rows, next } = await source.page(after, Math.min(EXPORT_PAGE, remaining));
    yield rows.map((row) => text(row, index++)).join('');
    remaining -= rows.length;
    if (next === null || remaining <= 0) return;
    after = next;
  }
}

/**
 * The chunks of a flat export, one per page: `{"<key>":[…]}` or a CSV with a header line. Each page is read before its
 * chunk is made, the first one included, so streamedExport() sees a failure to read before it answers.
 */
export async function* rowsExport<T, C>(
  format: 'json' | 'csv',
  key: string,
  columns: readonly string[],
  cells: (row: T) => string[],
  source: ExportSource<T, C>,
  paging: Paging<C>,
): AsyncGenerator<string, void, undefined> {
  const head = format === 'csv' ? csvLine(columns) : `{${JSON.stringify(key)}:[`;
  let first = true;
  for await (const rows of pagedRows(source, paging, (row, i) =>
    format === 'csv' ? csvLine(cells(row)) : (i ? ',' : '') + JSON.stringify(row),
  ))
    if (first) {
      first = false;
      yield head + rows;
    } else yield rows;
  yield format === 'csv' ? '' : ']}';
}

/**
 * Answers an export: `chunks` pulled one at a time (each a page of rows), so at most one page is held. The first chunk
 * is made before anything is answered, so a failure at the start is an error status (503 while the object runs the
 * release before and lacks one of `methods`), never an empty file; a failure later breaks the response off, so a
 * download is never cut short silently (a CSV has no end marker to miss). `next`, read once the first chunk is made,
 * is the URL of the export's next part (`Link: <…>; rel="next"`).
 */
export async function streamedExport(
  chunks: AsyncGenerator<string, void, undefined>,
  opts: { methods: readonly string[]; format: 'json' | 'csv'; name: string; what: string; next?: () => string | null; log: Logger },
): Promise<Response> {
  let first: IteratorResult<string, void>;
  try {
    first = await chunks.next();
  } catch (error) {
    if (opts.methods.some((m) => isMissingMethod(error, m))) throw apiError(503, EXPORT_DEPLOYING_MESSAGE, { 'Retry-After': '60' });
    throw error;
  }
  const encoder = new TextEncoder();
  let pending: string | undefined = first.done ? undefined : first.value;
  let done = first.done === true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== undefined) {
        controller.enqueue(encoder.encode(pending));
        pending = undefined;
        return;
      }
      if (done) return controller.close();
      try {
        const next = await chunks.next();
        if (next.done) {
          done = true;
          controller.close();
        } else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        opts.log.error('export.failed', error, { export: opts.what });
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const csv = opts.format === 'csv';
  const headers = new Headers({
    'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${opts.name}.${csv ? 'csv' : 'json'}"`,
    'Cache-Control': 'private, no-store',
  });
  const next = opts.next?.();
  if (next) headers.set('Link', `<${next}>; rel="next"`);
  return new Response(body, { headers });
}
