// The visitor cookies of §3, §4, §5, §6 and §9 as pure rules: formats, validation, the session rule, no-cookie mode.
import { describe, expect, it } from 'vitest';
import {
  formatVisitorRecord,
  isNoCookieMode,
  isValidVisitorId,
  NO_COOKIE_MODE_REMOVED,
  parseVisitorRecord,
  parseVisitorTime,
  visit,
  VISITOR_RECORD_LIFETIME_MS,
  VISITOR_TIME_LIFETIME_MS,
} from '../shared/visitor-cookies.ts';

describe('the visitor record cookie (§5: word characters or dashes, then four pipe-separated positive integers)', () => {
  it.each([
    ['abc|1|2|3|4', { id: 'abc', firstTime: 1, t2: 2, lastTime: 3, count: 4 }],
    [
      'a-b_C9|1700000000000|1700000000000|1700000360000|12',
      { id: 'a-b_C9', firstTime: 1700000000000, t2: 1700000000000, lastTime: 1700000360000, count: 12 },
    ],
    ['3f2c-uuid-like|0010|1|1|1', { id: '3f2c-uuid-like', firstTime: 10, t2: 1, lastTime: 1, count: 1 }],
  ])('reads %s', (value, record) => {
    expect(parseVisitorRecord(value)).toEqual(record);
  });

  it.each([
    ['', 'empty'],
    ['abc|1|2|3', 'three numbers'],
    ['abc|1|2|3|4|5', 'five numbers'],
    ['abc|0|2|3|4', 'a zero'],
    ['abc|1|2|3|-4', 'a negative number'],
    ['abc|1.5|2|3|4', 'a fraction'],
    ['a.b|1|2|3|4', 'a dot in the id'],
    ['a b|1|2|3|4', 'a space in the id'],
    ['|1|2|3|4', 'no id'],
    ['abc|1|2|3|99999999999999999', 'a number past the safe range'],
    [`${'x'.repeat(65)}|1|2|3|4`, 'an id over 64 characters'],
    ['abc%7C1%7C2%7C3%7C4', 'an encoded record'],
  ])('treats %s (%s) as absent', (value) => {
    expect(parseVisitorRecord(value)).toBeNull();
  });

  it('writes a record back in the same form', () => {
    const record = { id: 'v-1', firstTime: 10, t2: 20, lastTime: 30, count: 2 };
    expect(formatVisitorRecord(record)).toBe('v-1|10|20|30|2');
    expect(parseVisitorRecord(formatVisitorRecord(record))).toEqual(record);
  });
});

describe('the visitor time cookie (§5: a positive integer with no leading zero)', () => {
  it.each([
    ['1', 1],
    ['1700000000000', 1700000000000],
    ['0', null],
    ['01', null],
    ['-5', null],
    ['12.5', null],
    ['1e5', null],
    ['', null],
    [undefined, null],
  ])('reads %s as %s', (value, time) => {
    expect(parseVisitorTime(value)).toBe(time);
  });
});

describe('the visitor session (§4)', () => {
  const now = 5_000;
  const newId = () => 'fresh-id';
  const record = { id: 'v', firstTime: 100, t2: 100, lastTime: 200, count: 3 };

  it.each([
    ['a live session keeps its record', record, 4_000, null, { record, newVisitor: false, newSession: false }],
    [
      'an expired session counts one more and moves lastTime',
      record,
      null,
      null,
      { record: { ...record, lastTime: now, count: 4 }, newVisitor: false, newSession: true },
    ],
    [
      'no record starts one with count 1',
      null,
      null,
      null,
      { record: { id: 'fresh-id', firstTime: now, t2: now, lastTime: now, count: 1 }, newVisitor: true, newSession: true },
    ],
    [
      'a visitor id cookie seeds the new record',
      null,
      null,
      'seed-7',
      { record: { id: 'seed-7', firstTime: now, t2: now, lastTime: now, count: 1 }, newVisitor: true, newSession: true },
    ],
    [
      'an invalid visitor id cookie is ignored',
      null,
      4_000,
      'bad seed',
      { record: { id: 'fresh-id', firstTime: now, t2: now, lastTime: now, count: 1 }, newVisitor: true, newSession: true },
    ],
  ] as const)('%s', (_, rec, time, seedId, expected) => {
    expect(visit({ record: rec, time, seedId, now, newId })).toEqual(expected);
  });

  it('accepts as visitor ids what the record accepts as ids', () => {
    expect(isValidVisitorId('abc-123_X')).toBe(true);
    expect(isValidVisitorId('abc 123')).toBe(false);
    expect(isValidVisitorId('')).toBe(false);
  });
});

describe('§9 lifetimes and §6 no-cookie mode', () => {
  it('keeps the record 2 years and the session 30 minutes', () => {
    expect(VISITOR_RECORD_LIFETIME_MS).toBe(63_072_000_000);
    expect(VISITOR_TIME_LIFETIME_MS).toBe(1_800_000);
  });

  it.each([
    [true, undefined, true],
    [true, '', true],
    [true, 'true', false],
    [false, undefined, false],
  ])('restrictive policy %s with consent %s: no-cookie mode %s', (restrictive, consent, expected) => {
    expect(isNoCookieMode(restrictive, consent)).toBe(expected);
  });

  it('removes the cookies §6 lists', () => {
    expect([...NO_COOKIE_MODE_REMOVED]).toEqual([
      'SS_MATTR',
      'SS_MID',
      'SS_lastvisit',
      'user_segment',
      'ss_cid',
      'ss_cpvisit',
      'ss_cvisit',
      'ss_cvr',
      'ss_cvt',
    ]);
  });
});
