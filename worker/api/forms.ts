// /api/form/*: submission keys, submissions checked against the form's fields (§5, §7, §8), the owner's list of a
// form's submissions (JSON or CSV) and the owner's export of every submission of every form (streamed).
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { displayValue } from '../../shared/form-summary.ts';
import { saveFormSubmissionSchema, type SaveFormSubmissionInput } from '../../shared/form-submission.ts';
import { FORM_MESSAGES } from '../../shared/form-values.ts';
import type { Form } from '../../shared/snapshot/schema.ts';
import type { ExportCursor, StoredSubmission } from '../durable/form-inbox.ts';
import type { AppEnv } from '../env.ts';
import { issueEdgeFormKey, issueFormKey, originCannotIssueKey } from '../forms/keys.ts';
import { emailsOf, inboxOf, KEY_PATH, secretOf, submit, type SubmitOutcome } from '../forms/submit.ts';
import { apiError } from '../http/errors.ts';
import { BODY_LIMITS, SUBMISSIONS_PAGE } from '../http/limits.ts';
import { clientResponse, sendToOrigin } from '../http/origin.ts';
import { apiMode } from '../http/origin-config.ts';
import { forward, originRequest, type ProxyMode } from '../http/proxy.ts';
import {
  bodyBytes,
  FORM_TYPES,
  JSON_TYPES,
  readForm,
  readJson,
  requireMediaType,
  UNAUTHORIZED_MESSAGE,
  type ApiContext,
} from '../http/request.ts';
import { valid } from '../http/validate.ts';
import { logOf } from '../log.ts';
import type { SiteModel } from '../site/model.ts';
import { endpoint } from './endpoint.ts';
import {
  csvLine,
  exportFormat,
  exportLimit,
  fileName,
  nextPart,
  pagedRows,
  streamedExport,
  type ExportSource,
  type Paging,
} from './export.ts';

export { KEY_EXPIRED_MESSAGE, KEY_INVALID_MESSAGE, KEY_PATH, SAVE_PATH } from '../forms/submit.ts';

export const formsApp = new Hono<AppEnv>();

endpoint(formsApp, KEY_PATH, {
  // §7: an empty body
  bodyLimit: BODY_LIMITS.empty,
  async POST(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    if (mode.kind === 'proxy') return originOrEdgeKey(c, mode, site, await bodyBytes(c));
    return c.json({ key: await issueFormKey(secretOf(c), site.website.id) }, 200, { 'Cache-Control': 'no-store' });
  },
});

/**
 * FormSubmissionKey with API_ORIGIN set: the origin's key, or, when the origin cannot issue one in time, the edge's
 * own in the same answer ({"key": …}), bound to the site and to the form the browser names in `?formId=` (docs/api.md,
 * "Keys while the origin is out"). A submission with it goes to the outbox, so an outage loses none.
 */
async function originOrEdgeKey(c: ApiContext, mode: ProxyMode, site: SiteModel, body: Uint8Array): Promise<Response> {
  const formId = c.req.query('formId') || null;
  // the edge keys only forms of this site; for any other the origin's answer stands, whatever it is
  if (formId !== null && !site.forms.has(formId)) return forward(c, mode, site, body);
  const outcome = await sendToOrigin(originRequest(c, mode, site, body), mode.timeoutMs);
  if (outcome.kind === 'answered') {
    if (!originCannotIssueKey(outcome)) return clientResponse(outcome.response);
    await outcome.response.body?.cancel();
  }
  const reason = outcome.kind === 'unreachable' ? outcome.reason : `status ${outcome.response.status}`;
  logOf(c).warn('form.edge_key', { site: site.website.identifier, formId, reason });
  return c.json({ key: await issueEdgeFormKey(secretOf(c), site.website.id, formId) }, 200, { 'Cache-Control': 'no-store' });
}

/** §7 SaveFormSubmission's envelope, form-encoded (form as a JSON string) or as JSON: 400 with the reasons otherwise. */
async function submissionInput(c: ApiContext): Promise<{ input: SaveFormSubmissionInput; bytes: Uint8Array }> {
  const type = requireMediaType(c, [...FORM_TYPES, ...JSON_TYPES]);
  const { value, bytes } =
    type === 'application/json' ? await readJson(c) : await readForm(c).then(({ fields, bytes }) => ({ value: fields, bytes }));
  return { input: valid(saveFormSubmissionSchema, value, { reasonsOnly: true }), bytes };
}

endpoint(formsApp, '/api/form/SaveFormSubmission', {
  bodyLimit: BODY_LIMITS.saveFormSubmission,
  async POST(c) {
    const site = c.get('site');
    const { input, bytes } = await submissionInput(c);
    return answer(c, await submit(c, site, input, { bytes }));
  },
});

/** What a submission came to, as §7's JSON: the id of a stored one (Idempotent-Replayed for a reused key), the field
 * errors, 202 while it waits for the origin, or the origin's own answer. */
function answer(c: Context<AppEnv>, outcome: SubmitOutcome): Response {
  const noStore = { 'Cache-Control': 'no-store' };
  switch (outcome.kind) {
    case 'stored':
      return c.json(
        { success: true, submissionId: outcome.submissionId },
        200,
        outcome.replayed ? { ...noStore, 'Idempotent-Replayed': 'true' } : noStore,
      );
    case 'invalid':
      return c.json({ errors: outcome.errors }, 400, noStore);
    case 'queued':
      return c.json({ success: true, queued: true }, 202, noStore);
    case 'origin':
      return new Response(outcome.body || null, {
        status: outcome.status,
        headers: { 'Content-Type': outcome.contentType ?? 'application/json; charset=utf-8', ...noStore },
      });
  }
}

/** When a submission's address left the newsletter (ISO), or null. */
function unsubscribedAtFor(form: Form, values: StoredSubmission['values'], left: Map<string, number>): string | null {
  const at = emailsOf(form, values)
    .map((email) => left.get(email))
    .find((t) => t !== undefined);
  return at === undefined ? null : new Date(at).toISOString();
}

/** When each submission's address left the newsletter (ISO), or null; only newsletter forms have such a list. */
async function unsubscribedAtOf(
  c: ApiContext,
  site: SiteModel,
  form: Form,
  submissions: StoredSubmission[],
): Promise<(string | null)[] | null> {
  if (!site.newsletterForms().includes(form.id)) return null;
  const left = await inboxOf(c, site, form).unsubscribed();
  return submissions.map((s) => unsubscribedAtFor(form, s.values, left));
}

function submissionsCsv(form: Form, submissions: StoredSubmission[], unsubscribedAt: (string | null)[] | null): string {
  const fields = form.fields.filter((f) => f.type !== 'section');
  const rows = [['Submitted', ...fields.map((f) => f.rawTitle), ...(unsubscribedAt ? ['Unsubscribed'] : [])]];
  submissions.forEach((s, i) => {
    rows.push([
      new Date(s.submittedAt).toISOString(),
      ...fields.map((f) => displayValue(f, s.values[f.id])),
      ...(unsubscribedAt ? [unsubscribedAt[i] ?? ''] : []),
    ]);
  });
  return rows.map(csvLine).join('');
}

/** A whole number in the query: empty or absent is `fallback`. */
function pageParam(name: string, fallback: number, max: number) {
  const message = `${name} must be a whole number up to ${max}`;
  return z
    .string()
    .regex(/^(\d{1,7})?$/, message)
    .transform((value) => (value === '' ? fallback : Number(value)))
    .pipe(z.number().max(max, message))
    .default(fallback);
}

/** GET /api/form/Submissions' query. */
const submissionsQuerySchema = z.object({
  formId: z.string({ error: 'formId is required' }).min(1, 'formId is required'),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  limit: pageParam('limit', SUBMISSIONS_PAGE.default, SUBMISSIONS_PAGE.max),
  offset: pageParam('offset', 0, 1_000_000),
});

/** The owner's list of a form's submissions, newest first: ?formId=&format=json|csv&limit=&offset=. */
endpoint(formsApp, '/api/form/Submissions', {
  async GET(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    if (!c.get('session')?.isEditor) throw apiError(401, UNAUTHORIZED_MESSAGE);
    const { formId, format, limit, offset } = valid(submissionsQuerySchema, c.req.query(), { reasonsOnly: true });
    const form = site.forms.get(formId);
    if (!form) throw apiError(404, FORM_MESSAGES.notConfigured);
    if (mode.kind === 'proxy') return forward(c, mode, site, null);
    const { total, submissions } = await inboxOf(c, site, form).list(limit, offset);
    const unsubscribedAt = await unsubscribedAtOf(c, site, form, submissions);
    if (format === 'csv') {
      const filename = `${form.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'form'}-submissions.csv`;
      return c.body(submissionsCsv(form, submissions, unsubscribedAt), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      });
    }
    return c.json(
      {
        form: { id: form.id, name: form.name },
        total,
        submissions: submissions.map((s, i) => ({
          ...s,
          submittedAt: new Date(s.submittedAt).toISOString(),
          ...(unsubscribedAt ? { unsubscribedAt: unsubscribedAt[i] } : {}),
        })),
      },
      200,
      { 'Cache-Control': 'private, no-store' },
    );
  },
});

// ----- the owner's export: every submission of every form (or of one), JSON or CSV, streamed -----

const exportQuerySchema = z.object({
  formId: z.string().min(1, 'formId must not be empty').optional(),
  format: exportFormat,
  limit: exportLimit,
  after: z
    .string()
    .regex(/^\d{1,15}-\d{1,15}$/, 'after must be where the part before ended (its Link header)')
    .transform((value): ExportCursor => {
      const [at, row] = value.split('-').map(Number);
      return [at!, row!];
    })
    .optional(),
});

/**
 * The chunks of a submissions export, a page of one form's inbox each, oldest first. JSON: {forms: [{id, name,
 * submissions: [as the list gives them]}]}. CSV: Form, Submission ID, Submitted, Unsubscribed (a newsletter's), then
 * each form's fields, titled by the field alone when one form is exported and "{form}: {field}" when several are.
 * `paging` cuts the export of one form into parts.
 */
async function* submissionsExport(
  c: ApiContext,
  site: SiteModel,
  forms: readonly Form[],
  format: 'json' | 'csv',
  paging: Paging<ExportCursor>,
): AsyncGenerator<string, void, undefined> {
  const json = format === 'json';
  const newsletters = site.newsletterForms();
  const columns = forms.map((form) => ({ form, fields: form.fields.filter((f) => f.type !== 'section') }));
  const title = (form: Form, rawTitle: string) => (forms.length === 1 ? rawTitle : `${form.name}: ${rawTitle}`);
  let text = json
    ? '{"forms":['
    : csvLine([
        'Form',
        'Submission ID',
        'Submitted',
        'Unsubscribed',
        ...columns.flatMap(({ form, fields }) => fields.map((f) => title(form, f.rawTitle))),
      ]);
  for (const [index, { form }] of columns.entries()) {
    const inbox = inboxOf(c, site, form);
    const left = newsletters.includes(form.id) ? await inbox.unsubscribed() : null;
    const source: ExportSource<StoredSubmission, ExportCursor> = {
      page: async (after, size) => {
        const { rows, next } = await inbox.exportSubmissions(after, size);
        return { rows, next: next as ExportCursor | null };
      },
      end: async (after, limit) => (await inbox.exportEnd(after, limit)) as ExportCursor | null,
    };
    const row = (s: StoredSubmission, i: number) => {
      const unsubscribedAt = left ? unsubscribedAtFor(form, s.values, left) : null;
      const submittedAt = new Date(s.submittedAt).toISOString();
      if (json) return (i ? ',' : '') + JSON.stringify({ ...s, submittedAt, ...(left ? { unsubscribedAt } : {}) });
      return csvLine([
        form.name,
        s.id,
        submittedAt,
        unsubscribedAt ?? '',
        ...columns.flatMap((other) => other.fields.map((f) => (other.form === form ? displayValue(f, s.values[f.id]) : ''))),
      ]);
    };
    if (json) text += `${index ? ',' : ''}{"id":${JSON.stringify(form.id)},"name":${JSON.stringify(form.name)},"submissions":[`;
    for await (const rows of pagedRows(source, paging, row)) {
      yield text + rows;
      text = '';
    }
    if (json) text += ']}';
  }
  yield json ? `${text}]}` : text;
}

/**
 * The owner's export of every submission of the site's forms, or of one (?formId=), which may be cut into parts
 * (?limit=, then ?after= from its Link header): GET /api/form/Submissions/export.
 */
endpoint(formsApp, '/api/form/Submissions/export', {
  async GET(c) {
    const site = c.get('site');
    if (!c.get('session')?.isEditor) throw apiError(401, UNAUTHORIZED_MESSAGE);
    const { formId, format, limit, after } = valid(exportQuerySchema, c.req.query(), { reasonsOnly: true });
    if (formId === undefined && (limit !== undefined || after !== undefined))
      throw apiError(400, 'limit and after cut the export of one form: name it with formId');
    const one = formId === undefined ? undefined : site.forms.get(formId);
    if (formId !== undefined && !one) throw apiError(404, FORM_MESSAGES.notConfigured);
    const mode = apiMode(c.env);
    if (mode.kind === 'proxy') return forward(c, mode, site, null);
    const paging: Paging<ExportCursor> = { after: after ?? null, limit, next: null };
    return streamedExport(submissionsExport(c, site, one ? [one] : site.snapshot.forms, format, paging), {
      methods: ['exportSubmissions', 'exportEnd'],
      format,
      name: fileName(site.website.identifier, one ? one.name : 'forms', 'submissions'),
      what: 'submissions',
      next: () => nextPart(c, paging.next),
      log: logOf(c),
    });
  },
});

formsApp.all('/api/form/*', () => {
  throw apiError(404, 'Not Found');
});
