// shared/kept.ts: the per-isolate memo behind the empty cart, month labels, formatted dates and broken sites' stand-ins.
import { describe, expect, it } from 'vitest';
import { keptOrMade } from '../shared/kept.ts';

describe('a value kept per isolate', () => {
  it('is made once per key and then shared', () => {
    const kept = new Map<string, { n: number }>();
    let made = 0;
    const make = () => ({ n: ++made });
    const first = keptOrMade(kept, 'a', 4, make);
    expect(keptOrMade(kept, 'a', 4, make)).toBe(first);
    expect(keptOrMade(kept, 'b', 4, make)).not.toBe(first);
    expect(made).toBe(2);
  });

  it('keeps at most its bound, dropping the oldest first', () => {
    const kept = new Map<number, number>();
    for (let i = 0; i < 5; i++) keptOrMade(kept, i, 3, () => i * 10);
    expect([...kept.keys()]).toEqual([2, 3, 4]);
  });

  it('keeps nothing and drops nothing when making the value throws', () => {
    const kept = new Map<string, number>([['a', 1]]);
    expect(() =>
      keptOrMade(kept, 'b', 1, () => {
        throw new Error('broken');
      }),
    ).toThrow('broken');
    expect([...kept.entries()]).toEqual([['a', 1]]);
  });
});
