// npm run publish:site -- <file.json> [--host H] [--remote] [--persist-to DIR]: brings a snapshot to the current format
// (saying what that changed), validates it, then publishes it with its formatVersion to KV (SITES): wrangler's local
// state by default (the one `npm start` serves), or the deployed namespace.
import { parseArgs } from 'node:util';
import { SNAPSHOT_FORMAT } from '../shared/snapshot/format.ts';
import { prepare, writeRecords } from './publish-lib.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { host: { type: 'string' }, remote: { type: 'boolean', default: false }, 'persist-to': { type: 'string' } },
});

if (positionals.length !== 1) {
  console.error('usage: npm run publish:site -- <file.json> [--host H] [--remote] [--persist-to DIR]');
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
writeRecords(prepared.records, values.remote ?? false, values['persist-to']);
console.log(`published ${prepared.title} at ${prepared.host} (${values.remote ? 'remote' : 'local'} KV)`);
