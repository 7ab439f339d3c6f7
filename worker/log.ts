// One structured log line per event, so that Workers Logs can filter by `event`. Every line written while a request
// runs carries that request's site (identifier and host), cf-ray and deployed version (observability/context.ts), so a
// line found by its event leads to the site, the request and the build; an error carries its stack, and is counted in
// the request's data point whether or not head sampling keeps the line (observability/data-points.ts).
import { currentRequest } from './observability/context.ts';

export type LogFields = Record<string, unknown>;

function errorFields(error: unknown): LogFields {
  if (error instanceof Error)
    return { error: error.message, errorName: error.name, stack: error.stack?.split('\n').slice(0, 12).join('\n') };
  return { error: String(error) };
}

/** The request's context for a line: what the request is, never what the visitor sent. */
function requestFields(): LogFields {
  const facts = currentRequest();
  if (!facts) return {};
  return { site: facts.site, host: facts.host, ray: facts.ray, deploy: facts.deploy };
}

export const log = {
  info(event: string, fields: LogFields = {}): void {
    console.log(JSON.stringify({ level: 'info', event, ...requestFields(), ...fields }));
  },
  warn(event: string, fields: LogFields = {}): void {
    console.warn(JSON.stringify({ level: 'warn', event, ...requestFields(), ...fields }));
  },
  error(event: string, error: unknown, fields: LogFields = {}): void {
    const facts = currentRequest();
    if (facts) facts.errors++;
    console.error(JSON.stringify({ level: 'error', event, ...requestFields(), ...fields, ...errorFields(error) }));
  },
};
