// A value the site model may have at once (its records are held by this isolate) or only after reading KV: returned as
// the value itself or as a promise, so a page whose records are held renders in one pass without waiting on anything.
// Promises of record reads are marked: a render that waits only on them reads them and renders again in one pass
// (worker/render/one-pass.tsx) instead of streaming, which is for parts that take real time (a remote feed).

export type Maybe<T> = T | Promise<T>;

const recordReads = new WeakSet<Promise<unknown>>();

/** Marks a promise as a read of site records: quick, and worth waiting for before a page is sent. */
export function recordRead<T>(promise: Promise<T>): Promise<T> {
  recordReads.add(promise);
  return promise;
}

export function isRecordRead(value: unknown): boolean {
  return value instanceof Promise && recordReads.has(value);
}

/** f of the value, at once when the value is there, else once it is (the promise marked as a record read). */
export function andThen<T, U>(value: Maybe<T>, f: (value: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? recordRead(value.then(f)) : f(value);
}

/** Every value, at once when all are there. */
export function all<T>(values: readonly Maybe<T>[]): Maybe<T[]> {
  return values.some((v) => v instanceof Promise) ? recordRead(Promise.all(values)) : (values as T[]);
}
