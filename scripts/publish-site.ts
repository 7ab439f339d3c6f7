// npm run publish:site -- <file.json> [--host H] [--remote] [--env staging|production] [--persist-to DIR]: brings a
// snapshot to the current format (saying what that changed), validates it, splits it into the records of its version
// (docs/site-snapshot.md, "How a site is stored") and writes to KV (SITES) those the version the host serves now does
// not have already, then the host's pointer, then the owners of its donation pages (`donate:{donatePageId}`, which the
// secure host reads; an id another site offers now is refused, naming it): wrangler's local state by default (the one
// `npm start` serves), the deployed namespace with --remote, or an environment's with --env (passed on to wrangler).
// Says what it wrote.
import { parseArgs } from 'node:util';
import { SNAPSHOT_FORMAT } from '../shared/snapshot/format.ts';
import { isSecureHost } from '../shared/product-domains.ts';
import { donationConflictError, donationConflicts, manifestKeys, recordBytes, recordsToWrite } from '../shared/snapshot/publish.ts';
import { checkPointer, DONATE_KEY_PREFIX, hostKey, isLegacyPointer, normaliseHost } from '../shared/snapshot/records.ts';
import { describeTarget, mib, prepare, readKey, targetOf, writeRecords, type Target } from './publish-lib.ts';

const USAGE = 'usage: npm run publish:site -- <file.json> [--host H] [--remote] [--env staging|production] [--persist-to DIR]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    host: { type: 'string' },
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
const [file] = positionals as [string];
const prepared = await prepare(file, values.host);
if (!prepared.ok) {
  console.error(`${file} is not a valid site snapshot; nothing was published:`);
  for (const e of prepared.errors) console.error(`  ${e}`);
  process.exit(1);
}
// the secure host answers donation links before any site is looked up (worker/hosting/secure-host.ts): a site there
// would never be seen
if (isSecureHost(prepared.host)) {
  console.error(`${normaliseHost(prepared.host)} is the product's secure host, which serves no site; nothing was published`);
  process.exit(1);
}
// a donation page id is one link on the secure host: another site that offers it now keeps it
const conflicts = await donationConflicts(prepared.donations, prepared.pointer.identifier, (key) => readKey(key, target));
if (conflicts.length) {
  console.error(`${file} offers donation pages another site offers; nothing was published:`);
  for (const conflict of conflicts) console.error(`  ${donationConflictError(conflict)}`);
  process.exit(1);
}
const { from, changes } = prepared.upgraded;
if (changes.length) {
  console.log(`${file} is a snapshot of format ${from}; brought to format ${SNAPSHOT_FORMAT} for publishing:`);
  for (const change of changes) console.log(`  ${change}`);
}

/** The records the version the host serves now has (its manifest): each is in KV under its content's name already. */
function present(): Set<string> {
  const text = readKey(hostKey(prepared.ok ? prepared.host : ''), target);
  if (text === null) return new Set();
  let pointer: unknown;
  try {
    pointer = JSON.parse(text);
  } catch {
    return new Set();
  }
  const checked = checkPointer(pointer);
  if (!checked.ok || isLegacyPointer(checked.pointer)) return new Set();
  return manifestKeys(readKey(checked.pointer.manifest, target));
}

const before = present();
const toWrite = recordsToWrite(prepared.records, before);
const versionRecords = prepared.records.length - 1;
const versionBytes = recordBytes(prepared.records.slice(0, -1));
const written = toWrite.length - 1;
const writtenBytes = recordBytes(toWrite.slice(0, -1));
// every record before the pointer: the version served now keeps serving until the pointer names the new one
writeRecords(toWrite, target);
// then the owners of its donation pages, so the secure host sends their links to this host
writeRecords(prepared.donations, target);
const donatePageIds = prepared.donations.map(({ key }) => key.slice(DONATE_KEY_PREFIX.length));
console.log(
  `${prepared.pointer.version}: ${versionRecords} records (${mib(versionBytes)}); wrote ${written} records (${mib(writtenBytes)})` +
    `${before.size ? `, ${versionRecords - written} unchanged since the version published there before` : ''}, then the pointer` +
    `${donatePageIds.length ? `, then the owner of its donation pages on the secure host (donate:${donatePageIds.join(', donate:')})` : ''}`,
);
console.log(`published ${prepared.title} at ${prepared.host} (${describeTarget(target)})`);
