// npm run publish:site -- <file.json> [--host H] [--remote] [--env staging|production] [--persist-to DIR]: brings a
// snapshot to the current format (saying what that changed), validates it, splits it into the records of its version
// (docs/site-snapshot.md, "How a site is stored") and writes to KV (SITES) those the version the host serves now does
// not have already, then the host's pointer: wrangler's local state by default (the one `npm start` serves), the
// deployed namespace with --remote, or an environment's with --env (passed on to wrangler). Says what it wrote.
import { parseArgs } from 'node:util';
import { SNAPSHOT_FORMAT } from '../shared/snapshot/format.ts';
import { manifestKeys, recordBytes, recordsToWrite } from '../shared/snapshot/publish.ts';
import { checkPointer, hostKey, isLegacyPointer } from '../shared/snapshot/records.ts';
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
console.log(
  `${prepared.pointer.version}: ${versionRecords} records (${mib(versionBytes)}); wrote ${written} records (${mib(writtenBytes)})` +
    `${before.size ? `, ${versionRecords - written} unchanged since the version published there before` : ''}, then the pointer`,
);
console.log(`published ${prepared.title} at ${prepared.host} (${describeTarget(target)})`);
