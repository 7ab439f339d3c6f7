// Per-isolate memos of values that depend on their key alone (an empty cart, a month's label, a formatted date): made
// once, then shared by every request, and bounded, because an isolate serves many sites.

/**
 * The value kept under `key`, or the one `make()` returns, kept for next time. At most `max` values are kept: the
 * oldest is dropped first (a Map keeps insertion order). A `make` that throws keeps nothing and drops nothing.
 */
export function keptOrMade<K, V>(kept: Map<K, V>, key: K, max: number, make: () => V): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
  }
  return value;
}
