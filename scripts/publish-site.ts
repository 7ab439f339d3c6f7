// npm run publish:site -- <file.json> [--host H] [--remote] [--persist-to DIR]: validates a snapshot, then publishes
// it to KV (SITES): wrangler's local state by default (the one `npm start` serves), or the deployed namespace.
import { parseArgs } from 'node:util';
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
writeRecords(prepared.records, values.remote ?? false, values['persist-to']);
console.log(`published ${prepared.title} at ${prepared.host} (${values.remote ? 'remote' : 'local'} KV)`);
