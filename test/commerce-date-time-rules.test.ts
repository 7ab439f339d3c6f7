// §9's commerce date-time format, 'MMM D, YYYY  h:mma' (two spaces before the time, am/pm in lower case), in the site's
// time zone. The formatter is kept per time zone for the isolate's life: each zone keeps its own answer whatever was
// formatted before it, and an unknown zone is an error rather than another zone's time.
import { describe, expect, it } from 'vitest';
import { formatCommerceDateTime } from '../worker/kit/store.tsx';

const INSTANT = new Date('2026-03-03T16:05:00Z');

describe('the commerce date-time format (§9)', () => {
  it.each([
    ['UTC', 'Mar 3, 2026  4:05pm'],
    ['America/New_York', 'Mar 3, 2026  11:05am'],
    ['Europe/Paris', 'Mar 3, 2026  5:05pm'],
    ['Asia/Tokyo', 'Mar 4, 2026  1:05am'],
    ['America/Los_Angeles', 'Mar 3, 2026  8:05am'],
  ])('in %s reads %s', (timeZone, expected) => {
    expect(formatCommerceDateTime(INSTANT, timeZone)).toBe(expected);
  });

  it('gives each time zone its own time when zones alternate (one kept formatter per zone)', () => {
    const seen = ['UTC', 'Asia/Tokyo', 'UTC', 'America/New_York', 'Asia/Tokyo'].map((zone) => formatCommerceDateTime(INSTANT, zone));
    expect(seen).toEqual([
      'Mar 3, 2026  4:05pm',
      'Mar 4, 2026  1:05am',
      'Mar 3, 2026  4:05pm',
      'Mar 3, 2026  11:05am',
      'Mar 4, 2026  1:05am',
    ]);
  });

  it('formats other instants with the kept formatter, midnight and noon included', () => {
    expect(formatCommerceDateTime(new Date('2026-12-31T00:00:00Z'), 'UTC')).toBe('Dec 31, 2026  12:00am');
    expect(formatCommerceDateTime(new Date('2026-07-01T12:30:00Z'), 'UTC')).toBe('Jul 1, 2026  12:30pm');
  });

  it('refuses an unknown time zone, every time', () => {
    expect(() => formatCommerceDateTime(INSTANT, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => formatCommerceDateTime(INSTANT, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
