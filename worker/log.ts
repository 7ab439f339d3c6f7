// One structured log line per event, so that Workers Logs can filter by `event`.

export type LogFields = Record<string, unknown>;

function errorFields(error: unknown): LogFields {
  if (error instanceof Error)
    return { error: error.message, errorName: error.name, stack: error.stack?.split('\n').slice(0, 6).join('\n') };
  return { error: String(error) };
}

export const log = {
  info(event: string, fields: LogFields = {}): void {
    console.log(JSON.stringify({ level: 'info', event, ...fields }));
  },
  warn(event: string, fields: LogFields = {}): void {
    console.warn(JSON.stringify({ level: 'warn', event, ...fields }));
  },
  error(event: string, error: unknown, fields: LogFields = {}): void {
    console.error(JSON.stringify({ level: 'error', event, ...fields, ...errorFields(error) }));
  },
};
