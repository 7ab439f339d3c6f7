// Script error reporting (§7, §8, §9): the constants of the error reporter and the stack-trace cut, shared by the
// client that sends reports and the edge that receives them.

/** §9 error reporting and logs. */
export const ERROR_REPORTING = {
  debounceMs: 1000,
  maxSends: 20,
  maxQueued: 10,
  stackLimit: 5000,
  traceFlushIntervalMs: 30_000,
} as const;

export const STACK_TRUNCATED_MARKER = '[STACK TRACE TRUNCATED]';

/**
 * The event name of an error report: 'interface_error_{app}'. §8's missing app name (which becomes 'unknown') cannot
 * happen here: the site runtime's reporter has its name built in (ERROR_APP, 'site').
 */
export function errorEventName(app: string): string {
  return `interface_error_${app}`;
}

/** §8: a stack longer than 5000 characters is cut there and marked; one already cut this way is left as it is. */
export function truncateStack(stack: string): string {
  const limit = ERROR_REPORTING.stackLimit;
  if (stack.length <= limit) return stack;
  if (stack.endsWith(STACK_TRUNCATED_MARKER) && stack.length - STACK_TRUNCATED_MARKER.length <= limit) return stack;
  return stack.slice(0, limit) + STACK_TRUNCATED_MARKER;
}
