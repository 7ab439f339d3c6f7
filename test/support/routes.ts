// The Worker's routes as its router holds them, so tests that must cover every route (every POST, every /api/ path)
// cover a new one without being told.
import { app } from '../../worker/index.ts';

/** Concrete paths for a route pattern's parameters (`:name`, `:name{re}`) and wildcards. */
function concrete(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => params[name] ?? `sample-${name}`).replace(/\*/g, 'anything');
}

/**
 * Every distinct path a method is routed on (its own handlers, not `.all` catch-alls or middleware, nor the middleware
 * registered for that method on every path: worker/index.ts's body limit and same-site rule for writes).
 */
export function routedPaths(method: string, params: Record<string, string> = {}): string[] {
  const paths = app.routes.filter((r) => r.method === method && r.path !== '/*').map((r) => concrete(r.path, params));
  return [...new Set(paths)].sort();
}
