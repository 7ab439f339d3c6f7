// The isolate's records (worker/hosting/records.ts): one cache bounded by measured bytes, emptied least recently used
// first, whatever the sites' sizes and however many an isolate serves. Sizes here are the budget's own, not a fixture's.
import { describe, expect, it } from 'vitest';
import {
  forget,
  heldOrRead,
  heldValue,
  hold,
  isHeld,
  measuredBytes,
  RECORDS_BUDGET_BYTES,
  recordStats,
} from '../worker/hosting/records.ts';

const B = RECORDS_BUDGET_BYTES;
let run = 0;
/** Keys of their own for each test: the cache is the isolate's, shared with every other test of this file. */
const keys = (...names: string[]) => {
  run++;
  return names.map((name) => `test:held:${run}:${name}`);
};

describe('the records an isolate holds', () => {
  it('evicts the least recently used first, not the oldest: reading a record keeps it', () => {
    const [a, b, c] = keys('a', 'b', 'c');
    hold(a!, 'a', Math.floor(B * 0.4));
    hold(b!, 'b', Math.floor(B * 0.4));
    expect(heldValue(a!)).toBe('a');
    hold(c!, 'c', Math.floor(B * 0.4));
    expect(isHeld(b!)).toBe(false);
    expect(isHeld(a!)).toBe(true);
    expect(isHeld(c!)).toBe(true);
  });

  it('never holds more than the budget, however much is read', () => {
    const names = keys(...Array.from({ length: 50 }, (_, i) => `r${i}`));
    const evictionsBefore = recordStats().evictions;
    for (const key of names) {
      hold(key, key, Math.floor(B / 7));
      expect(recordStats().heldBytes).toBeLessThanOrEqual(B);
    }
    // seven of these fit at once (with whatever else is held): the rest were evicted on the way
    expect(names.filter(isHeld).length).toBeLessThanOrEqual(7);
    expect(names.slice(-6).every(isHeld)).toBe(true);
    expect(recordStats().evictions - evictionsBefore).toBeGreaterThanOrEqual(43);
  });

  it('does not hold a record larger than the whole budget, and evicts nothing for it', () => {
    const [small, huge] = keys('small', 'huge');
    hold(small!, 'small', 1000);
    hold(huge!, 'huge', B + 1);
    expect(isHeld(huge!)).toBe(false);
    expect(isHeld(small!)).toBe(true);
  });

  it('counts a record held again under its key once, with its new size', () => {
    const [a] = keys('a');
    hold(a!, 'first', 5000);
    const before = recordStats().heldBytes;
    hold(a!, 'second', 7000);
    expect(recordStats().heldBytes - before).toBe(2000);
    expect(heldValue(a!)).toBe('second');
    forget(a!);
    expect(recordStats().heldBytes - before).toBe(-5000);
  });

  it('reads a record once for requests that ask at once, and again after a read that failed', async () => {
    const [a, b] = keys('a', 'b');
    let loads = 0;
    const load = async () => {
      loads++;
      return { value: { loaded: loads }, bytes: measuredBytes(100) };
    };
    const [first, second] = await Promise.all([heldOrRead(a!, load), heldOrRead(a!, load)]);
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(heldOrRead(a!, load)).toBe(first);

    let attempts = 0;
    const flaky = async () => {
      attempts++;
      if (attempts === 1) throw new Error('KV is unavailable');
      return { value: 'read', bytes: 100 };
    };
    await expect(heldOrRead(b!, flaky)).rejects.toThrow('KV is unavailable');
    expect(isHeld(b!)).toBe(false);
    expect(await heldOrRead(b!, flaky)).toBe('read');
    expect(isHeld(b!)).toBe(true);
  });
});
