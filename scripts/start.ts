// npm start: builds the assets, publishes every fixture site into local KV and serves them with wrangler dev.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { publishRecords } from '../shared/snapshot/publish.ts';
import { prepare, writeRecords, type KvRecord } from './publish-lib.ts';

const PORT = process.env.PORT ?? '8787';
const sitesDir = join('fixtures', 'sites');
const records: KvRecord[] = [];
const hosts: string[] = [];
for (const name of readdirSync(sitesDir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const prepared = await prepare(join(sitesDir, name));
  if (!prepared.ok) {
    console.error(`fixtures/sites/${name} is not valid:\n  ${prepared.errors.join('\n  ')}`);
    process.exit(1);
  }
  records.push(...prepared.records);
  hosts.push(prepared.host);
}
// A deliberately broken snapshot, so the ERROR page type can be seen at http://broken.localhost:8787/.
records.push(
  ...(await publishRecords(
    '{"version": "broken", "website": {"identifier": "broken"}}',
    { version: 'broken', identifier: 'broken', title: 'A broken snapshot' },
    'broken.localhost',
  )),
);
hosts.push('broken.localhost');
writeRecords(records, false);

/** The list of sites, printed once wrangler says it is ready, so that it is the last thing on the screen. */
function printSites(): void {
  console.log(`\nServing on http://127.0.0.1:${PORT}/ (another port: PORT=8790 npm start):`);
  for (const host of hosts) console.log(`  http://${host}:${PORT}/`);
  console.log('');
}

// wrangler's output passes through as it comes (its colours kept on a terminal); the list follows its "Ready on" line
const child = spawn(
  join('node_modules', '.bin', 'wrangler'),
  ['dev', '--ip', '127.0.0.1', '--port', PORT, '--show-interactive-dev-session=false'],
  {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
      NODE_ENV: 'production',
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    },
  },
);
let printed = false;
let pending = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (printed) return;
  pending = (pending + chunk.toString('utf8')).slice(-4096);
  if (/Ready on http/.test(pending)) {
    printed = true;
    // after the rest of wrangler's start-up lines, which come in the same moment
    setTimeout(printSites, 300);
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
