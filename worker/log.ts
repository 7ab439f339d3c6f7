// One structured log line per event, so that Workers Logs can filter by `event`. A line a request causes carries that
// request's site (identifier and host), cf-ray and deployed version (observability/context.ts), so a line found by its
// event leads to the site, the request and the build; an error carries its stack, and is counted in the request's data
// point whether or not head sampling keeps the line (observability/data-points.ts). The request's facts are handed to
// the logger (logOf(c), logFor(facts)); a line about the isolate or a Durable Object's own work is an isolateLog line.
import { factsOf, type RequestFacts } from './observability/context.ts';

export type LogFields = Record<string, unknown>;

function errorFields(error: unknown): LogFields {
  if (error instanceof Error)
    return { error: error.message, errorName: error.name, stack: error.stack?.split('\n').slice(0, 12).join('\n') };
  return { error: String(error) };
}

/** The request's context for a line: what the request is, never what the visitor sent. */
function requestFields(facts: RequestFacts | undefined): LogFields {
  if (!facts) return {};
  return { site: facts.site, host: facts.host, ray: facts.ray, deploy: facts.deploy };
}

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, error: unknown, fields?: LogFields): void;
}

/** Lines with the facts of the given request (none: a line about no request). */
export function logFor(facts: RequestFacts | undefined): Logger {
  return {
    info(event, fields = {}) {
      console.log(JSON.stringify({ level: 'info', event, ...requestFields(facts), ...fields }));
    },
    warn(event, fields = {}) {
      console.warn(JSON.stringify({ level: 'warn', event, ...requestFields(facts), ...fields }));
    },
    error(event, error, fields = {}) {
      if (facts) facts.errors++;
      console.error(JSON.stringify({ level: 'error', event, ...requestFields(facts), ...fields, ...errorFields(error) }));
    },
  };
}

/** Lines with the facts of the request a Hono context serves. */
export function logOf(c: { req: { raw: Request } }): Logger {
  return logFor(factsOf(c.req.raw));
}

/** Lines about the isolate or a Durable Object's own work, not about one request: they carry no request's facts. */
export const isolateLog: Logger = logFor(undefined);
