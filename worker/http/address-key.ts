// The keys the per-account and per-address limits count under. One identity must always give one key: an e-mail
// padded with spaces or typed in capitals is the same account, and the many IPv6 addresses of one subscriber's network
// are one client. Otherwise each spelling would open a fresh budget of guesses.

/**
 * An account's key, used alike to look the account up and to count its failed logins: the e-mail trimmed (any
 * Unicode white space), in Unicode normal form C and lower case.
 */
export function accountKey(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail becomes the last two); null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const parts = v4[1]!.split('.').map(Number);
    if (parts.some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const split = (half: string) => (half === '' ? [] : half.split(':'));
  const head = split(halves[0]!);
  const tail = halves.length === 2 ? split(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * A client address as the per-address limits count it: an IPv4 address as it is (an IPv4-mapped IPv6 address too),
 * an IPv6 address by its /64 network, written in one canonical form (a subscriber is given a whole /64, so counting
 * each address alone would hand out 2^64 budgets). Anything else is counted as written, lower case.
 */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  if (IPV4.test(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed.toLowerCase();
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
