// The keys the failed-login, lock-screen, form and unsubscribe limits count under: one identity, one key.
import { describe, expect, it } from 'vitest';
import { accountKey, addressKey } from '../worker/http/address-key.ts';

describe('the account key (lookup and failed-login counter alike)', () => {
  it.each([
    ['owner@kettle.example', 'owner@kettle.example'],
    ['  owner@kettle.example', 'owner@kettle.example'],
    ['owner@kettle.example\n', 'owner@kettle.example'],
    ['\towner@kettle.example\u00a0', 'owner@kettle.example'],
    ['\u2003OWNER@Kettle.Example\u3000', 'owner@kettle.example'],
    ['re\u0301my@kettle.example', 'r\u00e9my@kettle.example'],
  ])('%j is %j', (input, expected) => {
    expect(accountKey(input)).toBe(expected);
  });
});

describe('the client address key (every per-address limit)', () => {
  it.each([
    ['192.0.2.10', '192.0.2.10'],
    [' 192.0.2.10 ', '192.0.2.10'],
    ['2001:db8:aa:bb::1', '2001:db8:aa:bb::/64'],
    ['2001:0DB8:00AA:00BB:ffff:1:2:3', '2001:db8:aa:bb::/64'],
    ['2001:db8:aa:bb:0:0:0:9', '2001:db8:aa:bb::/64'],
    ['[2001:db8:aa:bb::1]', '2001:db8:aa:bb::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::ffff:192.0.2.10', '192.0.2.10'],
    ['::ffff:c000:20a', '192.0.2.10'],
    ['2001:db8:aa:bc::1', '2001:db8:aa:bc::/64'],
    ['64:ff9b::192.0.2.10', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['1::2::3', '1::2::3'],
    ['2001:DB8:XY::1', '2001:db8:xy::1'],
  ])('%j is counted as %j', (input, expected) => {
    expect(addressKey(input)).toBe(expected);
  });
});
