// npm run publish:site -- <file.json> [--host H] [--remote]: validates a snapshot, then publishes it to KV (SITES).
import { parseArgs } from 'node:util';
import { prepare, writeRecords } from './publish-lib.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { host: { type: 'string' }, remote: { type: 'boolean', default: false } },
});

if (positionals.length !== 1) {
  console.error('usage: npm run publish:site -- <file.json> [--host H] [--remote]');
  process.exit(2);
}
const [file] = positionals as [string];
const prepared = await prepare(file, values.host);
if (!prepared.ok) {
  console.error(`${file} is not a valid site snapshot; nothing was published:`);
  for (const e of prepared.errors) console.error(`  ${e}`);
  process.exit(1);
}
writeRecords(prepared.records, values.remote ?? false);
console.log(`published ${prepared.title} at ${prepared.host} (${values.remote ? 'remote' : 'local'} KV)`);
