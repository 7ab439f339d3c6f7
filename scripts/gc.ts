// npm run gc -- [--remote] [--env staging|production] [--persist-to DIR] [--grace SECONDS] [--dry-run]: removes from KV
// (SITES) every record of a site that no host pointer names: the records of versions replaced by a later publish, and
// of hosts unpublished. A record is live when a pointer's manifest lists it (or, for a site stored before records, when
// a pointer names its snapshot). Records written less than --grace seconds ago (an hour by default) are kept whatever
// names them: a publish writes its records before its pointer, and gc must not take them from under it.
import { parseArgs } from 'node:util';
import { manifestKeys } from '../shared/snapshot/publish.ts';
import { checkPointer, HOST_KEY_PREFIX, isLegacyPointer, kindOfKey } from '../shared/snapshot/records.ts';
import { deleteKeys, describeTarget, listKeys, readKey, targetOf, type Target } from './publish-lib.ts';

const USAGE = 'usage: npm run gc -- [--remote] [--env staging|production] [--persist-to DIR] [--grace SECONDS] [--dry-run]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    remote: { type: 'boolean', default: false },
    env: { type: 'string' },
    'persist-to': { type: 'string' },
    grace: { type: 'string', default: '3600' },
    'dry-run': { type: 'boolean', default: false },
  },
});

const grace = Number(values.grace);
if (positionals.length || !Number.isFinite(grace) || grace < 0) {
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

const keys = listKeys(target);
const live = new Set<string>();
let pointers = 0;
for (const { name } of keys) {
  if (!name.startsWith(HOST_KEY_PREFIX)) continue;
  const text = readKey(name, target);
  if (text === null) continue;
  let checked: ReturnType<typeof checkPointer>;
  try {
    checked = checkPointer(JSON.parse(text));
  } catch {
    continue;
  }
  if (!checked.ok) continue;
  pointers++;
  const { pointer } = checked;
  if (isLegacyPointer(pointer)) {
    live.add(pointer.snapshotKey);
    continue;
  }
  // the manifest lists every record of its version, the site record and itself included
  const manifest = readKey(pointer.manifest, target);
  const named = manifestKeys(manifest);
  if (!named.size) {
    // a version whose manifest cannot be read: nothing of its site can be told dead, so nothing of it is removed
    console.error(
      `the pointer ${name} names manifest ${pointer.manifest}, which cannot be read: keeping every record of ${pointer.identifier}`,
    );
    for (const { name: key } of keys) if (key.split(':')[1] === pointer.identifier) live.add(key);
    continue;
  }
  for (const key of named) live.add(key);
}

const now = Date.now();
const dead: string[] = [];
let young = 0;
for (const { name, metadata } of keys) {
  if (!kindOfKey(name) || live.has(name)) continue;
  const writtenAt = Date.parse(String(metadata?.writtenAt ?? ''));
  if (Number.isFinite(writtenAt) && now - writtenAt < grace * 1000) {
    young++;
    continue;
  }
  dead.push(name);
}

if (!values['dry-run'] && dead.length) deleteKeys(dead, target);
console.log(
  `${describeTarget(target)}: ${keys.length} keys, ${pointers} host pointers naming ${live.size} records; ` +
    `${values['dry-run'] ? 'would remove' : 'removed'} ${dead.length} records no pointer names` +
    `${young ? `, kept ${young} written less than ${grace} s ago` : ''}`,
);
for (const key of dead.slice(0, 20)) console.log(`  ${key}`);
if (dead.length > 20) console.log(`  … and ${dead.length - 20} more`);
