// The one Node API the Worker uses, enabled by the `nodejs_als` compatibility flag (wrangler.toml): AsyncLocalStorage,
// which carries a request's context to every log line it causes (context.ts). Declared here because worker/ compiles
// against the Workers types alone; Node's own types (test/node, scripts) declare the same module, and skipLibCheck lets
// the two declarations meet.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
