// The owner's exports (orders, contributions, form submissions): JSON or CSV, streamed page by page from the Durable
// Objects, so that a large site's export never sits whole in memory. Shared by worker/api/commerce.ts and forms.ts.
import * as z from 'zod';
import { apiError } from '../http/errors.ts';
import { log } from '../log.ts';

/** Rows an export reads from an object per call. */
export const EXPORT_PAGE = 200;

/** What an export answers while the site's object still runs the release before this one (a gradual deployment). */
export const EXPORT_DEPLOYING_MESSAGE =
  'The export is not available while a new version is being deployed. Please try again in a few minutes.';

/** `?format=json|csv` of every export. */
export const exportFormat = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json');

/** A CSV cell: quoted when needed; a leading =, +, -, @ or control character is defused so no spreadsheet runs it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(',') + '\r\n';

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

/**
 * The chunks of a flat export, one per page: `{"<key>":[…]}` or a CSV with a header line. Each page is read before its
 * chunk is made, the first one included, so streamedExport() sees a failure to read before it answers.
 */
export async function* rowsExport<T, C>(
  format: 'json' | 'csv',
  key: string,
  columns: readonly string[],
  cells: (row: T) => string[],
  page: (after: C | null) => Promise<{ rows: T[]; next: C | null }>,
): AsyncGenerator<string, void, undefined> {
  let text = format === 'csv' ? csvLine(columns) : `{${JSON.stringify(key)}:[`;
  let written = 0;
  let after: C | null = null;
  for (;;) {
    const { rows, next } = await page(after);
    for (const row of rows) text += format === 'csv' ? csvLine(cells(row)) : (written++ ? ',' : '') + JSON.stringify(row);
    if (next === null) break;
    yield text;
    text = '';
    after = next;
  }
  yield format === 'csv' ? text : `${text}]}`;
}

/**
 * Answers an export: `chunks` pulled one at a time (each a page of rows), so at most one page is held. The first chunk
 * is made before anything is answered, so a failure at the start is an error status (503 while the object runs the
 * release before and lacks `method`), never an empty file; a failure later breaks the response off, so a download is
 * never cut short silently (a CSV has no end marker to miss).
 */
export async function streamedExport(
  chunks: AsyncGenerator<string, void, undefined>,
  opts: { method: string; format: 'json' | 'csv'; name: string; what: string },
): Promise<Response> {
  let first: IteratorResult<string, void>;
  try {
    first = await chunks.next();
  } catch (error) {
    if (isMissingMethod(error, opts.method)) throw apiError(503, EXPORT_DEPLOYING_MESSAGE, { 'Retry-After': '60' });
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
        log.error('export.failed', error, { export: opts.what });
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const csv = opts.format === 'csv';
  return new Response(body, {
    headers: {
      'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${opts.name}.${csv ? 'csv' : 'json'}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
