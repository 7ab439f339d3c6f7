// npm run unpublish:site -- <host> [--remote] [--env staging|production] [--persist-to DIR]: removes a host's pointer
// (`host:{hostname}`) from KV (SITES), so the host answers 404 like any host with no site. The records of the version
// it named stay until `npm run gc` removes those no pointer names. Says what it removed and when the pages stop.
import { parseArgs } from 'node:util';
import { checkPointer, hostKey, isLegacyPointer, normaliseHost, POINTER_CACHE_TTL } from '../shared/snapshot/records.ts';
import { DEFAULT_POINTER_TTL_MS } from '../worker/http/config.ts';
import { deleteKeys, describeTarget, readKey, targetOf, type Target } from './publish-lib.ts';

const USAGE = 'usage: npm run unpublish:site -- <host> [--remote] [--env staging|production] [--persist-to DIR]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    remote: { type: 'boolean', default: false },
    env: { type: 'string' },
    'persist-to': { type: 'string' },
  },
});

if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
let target: Target;
try {
  target = targetOf(values);
} catch (e) {
  console.error(`${(e as Error).message}\n${USAGE}`);
  process.exit(2);
}
const host = normaliseHost(positionals[0]!);
const key = hostKey(host);
const text = readKey(key, target);
if (text === null) {
  console.error(`no site is published at ${host} (${describeTarget(target)}): nothing was removed`);
  process.exit(1);
}
let about = 'a pointer that is not valid';
try {
  const checked = checkPointer(JSON.parse(text));
  if (checked.ok) {
    const { pointer } = checked;
    about = `${pointer.identifier} ${pointer.version}${isLegacyPointer(pointer) ? ' (stored whole, before records)' : ''}`;
  }
} catch {
  // removed all the same: a pointer that is not JSON serves nothing
}
deleteKeys([key], target);
// KV's edge cache may serve the pointer it read for POINTER_CACHE_TTL seconds, and an isolate keeps it for
// SITE_POINTER_TTL_MS; a cached page is found from the pointer alone, so the pages go with it
const seconds = POINTER_CACHE_TTL + Math.ceil(DEFAULT_POINTER_TTL_MS / 1000);
console.log(`removed the pointer of ${host} (${about}) from ${describeTarget(target)}`);
console.log(
  `its pages answer 404 within ${seconds} s (KV's edge cache of the pointer, ${POINTER_CACHE_TTL} s, and an isolate's, ` +
    `SITE_POINTER_TTL_MS ${DEFAULT_POINTER_TTL_MS} ms by default); npm run gc removes the records no pointer names`,
);
