// The one hook every endpoint's input goes through: a value checked by its zod schema, or the API's 400 naming what
// does not fit (at most three reasons). Bodies are read by http/request.ts first (415 for another type, 400 for one
// that cannot be read, the bytes kept for the origin), and several values are JSON inside a form field (§7 `data`),
// so the check takes the value, not the request: Hono's validator() would read the body again and check before a
// route's own earlier answers (an owner-only list says 401 before it reads its query).
import type * as z from 'zod';
import { describeIssues } from '../../shared/census.ts';
import { issueReasons } from '../../shared/form-submission.ts';
import { apiError } from './errors.ts';

export interface ValidOptions {
  /** the name of the field the value came from, put before each path ('data: url: …') */
  field?: string;
  /** reasons only, without paths, as §7's form calls word them */
  reasonsOnly?: boolean;
  /** the error thrown instead of the API's 400 (the store's, which its plain-HTML pages also render) */
  refuse?: (reasons: string) => Error;
}

export function valid<S extends z.ZodType>(schema: S, value: unknown, options: ValidOptions = {}): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const reasons = options.reasonsOnly ? issueReasons(parsed.error) : describeIssues(parsed.error, options.field);
  throw options.refuse ? options.refuse(reasons) : apiError(400, reasons);
}
