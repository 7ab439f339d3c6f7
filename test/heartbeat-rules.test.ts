// §9 Heartbeat analytics as a table: how activity becomes active time, and when a heartbeat is due.
import { describe, expect, it } from 'vitest';
import { flush, HEARTBEAT, newActivityClock, onActivity, trackingStopped } from '../shared/heartbeat.ts';

/** Activity at the given times (ms); answers the clock and whether the last one asked for a flush. */
function run(times: number[], type = 'mousemove') {
  const clock = newActivityClock();
  let due = false;
  for (const t of times) due = onActivity(clock, type, t);
  return { clock, due };
}

describe('heartbeat active time', () => {
  it.each([
    ['the first activity counts 3000 ms', [1000], 3000],
    ['a gap up to 15000 ms counts the gap', [0, 4000, 19_000], 3000 + 4000 + 15_000],
    ['a gap longer than 15000 ms counts 0', [0, 15_001], 3000],
    ['a clock going backwards counts 0', [10_000, 9000], 3000],
    ['several small gaps add up', [0, 100, 250, 1250], 3000 + 1250],
  ])('%s', (_rule, times, active) => {
    expect(run(times).clock.active).toBe(active);
  });

  it('asks for a flush once the active time exceeds 300000 ms, not at it', () => {
    // 3000 + 19 gaps of 15000 = 288000; one more of 12000 is exactly 300000; the next ms exceeds it
    const times = Array.from({ length: 20 }, (_, i) => i * 15_000);
    expect(run([...times, times[19]! + 12_000]).due).toBe(false);
    expect(run([...times, times[19]! + 12_000, times[19]! + 12_001]).due).toBe(true);
  });

  it('sends nothing below 1000 ms of active time and keeps it for the next flush', () => {
    const clock = newActivityClock();
    onActivity(clock, 'scroll', 0);
    expect(flush(clock)).toEqual({ activeMillis: 3000, eventLog: ['scroll'] });
    onActivity(clock, 'keypress', 500);
    expect(flush(clock)).toBeNull();
    onActivity(clock, 'keypress', 1200);
    expect(flush(clock)).toEqual({ activeMillis: 1200, eventLog: ['keypress'] });
    expect(clock.active).toBe(0);
  });

  it('logs the activity event types in order, a run of one type once', () => {
    const clock = newActivityClock();
    for (const [type, t] of [
      ['mousemove', 0],
      ['mousemove', 10],
      ['scroll', 20],
      ['mousemove', 30],
      ['keypress', 40],
    ] as const) {
      onActivity(clock, type, t);
    }
    expect(flush(clock)?.eventLog).toEqual(['mousemove', 'scroll', 'mousemove', 'keypress']);
  });

  it('stops counting after an hour of tracked time, never past it', () => {
    const times = Array.from({ length: 400 }, (_, i) => i * 15_000);
    const { clock } = run(times);
    expect(clock.tracked).toBe(HEARTBEAT.maxTrackedMs);
    expect(trackingStopped(clock)).toBe(true);
    expect(onActivity(clock, 'scroll', times[399]! + 1000)).toBe(false);
    expect(clock.tracked).toBe(HEARTBEAT.maxTrackedMs);
  });
});
