// The analytics wire rules: RecordHit's event kinds (§3), the site-day keys analytics are kept by, and the §8 stack
// cut of error reports.
import { describe, expect, it } from 'vitest';
import { addDays, dayKey, daysBetween, isDayKey, parseHitEvent } from '../shared/census.ts';
import { STACK_TRUNCATED_MARKER, truncateStack } from '../shared/error-report.ts';

describe('RecordHit event kinds', () => {
  it.each([
    ['1', 'PAGE_VIEW'],
    ['PAGE_VIEW', 'PAGE_VIEW'],
    ['2', 'SITE_SEARCH'],
    ['10', 'HEARTBEAT'],
    ['HEARTBEAT', 'HEARTBEAT'],
    ['20', 'AUDIO'],
    ['21', 'VIDEO'],
    ['3', null],
    ['page view', null],
    ['heartbeat', null],
    ['', null],
  ])('%s is %s', (value, name) => {
    expect(parseHitEvent(value)).toBe(name);
  });
});

describe('site days', () => {
  it.each([
    ['2026-03-01T23:30:00Z', 'UTC', '2026-03-01'],
    ['2026-03-01T23:30:00Z', 'Europe/London', '2026-03-01'],
    ['2026-07-01T23:30:00Z', 'Europe/London', '2026-07-02'],
    ['2026-03-01T03:00:00Z', 'America/New_York', '2026-02-28'],
    ['2026-03-01T12:00:00Z', 'Pacific/Kiritimati', '2026-03-02'],
    ['2026-03-01T12:00:00Z', 'Not/AZone', '2026-03-01'],
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(dayKey(Date.parse(instant), zone)).toBe(day);
  });

  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['yesterday', false],
  ])('%s is a day: %s', (value, ok) => {
    expect(isDayKey(value)).toBe(ok);
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('error report stacks (§8)', () => {
  it.each([
    ['a short stack', 'x'.repeat(10), 'x'.repeat(10)],
    ['exactly 5000 characters', 'x'.repeat(5000), 'x'.repeat(5000)],
    ['5001 characters', 'x'.repeat(5001), 'x'.repeat(5000) + STACK_TRUNCATED_MARKER],
    ['a stack the client already cut', 'x'.repeat(5000) + STACK_TRUNCATED_MARKER, 'x'.repeat(5000) + STACK_TRUNCATED_MARKER],
  ])('%s', (_, stack, expected) => {
    expect(truncateStack(stack)).toBe(expected);
  });
});
