// npm start: publishes every fixture site into local KV and serves them with wrangler dev (production React), after
// `npm start` has built the assets. npm run dev: the same with React's development build, and the browser code
// rebuilt whenever a file it is made from changes, so a change to an island shows on the next reload (wrangler dev
// reloads the Worker itself when its code or the client manifest changes).
//   tsx scripts/start.ts [--dev] [--persist-to DIR] [--inspector-port N]   (PORT=8790 for another port)
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { storedSnapshotRecords } from '../shared/snapshot/publish.ts';
import { buildClient, MANIFEST_PATH } from './build-client.mjs';
import { prepare, writeRecords, type KvRecord } from './publish-lib.ts';

const { values } = parseArgs({
  options: { dev: { type: 'boolean', default: false }, 'persist-to': { type: 'string' }, 'inspector-port': { type: 'string' } },
});
const dev = values.dev ?? false;
const persistTo = values['persist-to'];
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
  // then the owners of its donation pages: secure.localhost sends donation links to the site's host
  records.push(...prepared.records, ...prepared.donations);
  hosts.push(prepared.host);
}
// A deliberately broken snapshot, so the ERROR page type can be seen at http://broken.localhost:8787/ (stored as a
// whole, as sites were before records: publish:site would refuse it).
records.push(
  ...(await storedSnapshotRecords(
    '{"version": "broken", "website": {"identifier": "broken"}}',
    { version: 'broken', identifier: 'broken', title: 'A broken snapshot' },
    'broken.localhost',
  )),
);
hosts.push('broken.localhost');
writeRecords(records, { remote: false, persistTo });

/** The list of sites, printed once wrangler says it is ready, so that it is the last thing on the screen. */
function printSites(): void {
  console.log(`\nServing on http://127.0.0.1:${PORT}/ (another port: PORT=8790 npm ${dev ? 'run dev' : 'start'}):`);
  for (const host of hosts) console.log(`  http://${host}:${PORT}/`);
  if (dev) console.log('Watching client/, shared/ and worker/: the browser code is rebuilt on change; reload the page.');
  console.log('');
}

// wrangler's output passes through as it comes (its colours kept on a terminal); the list follows its "Ready on" line
const child = spawn(
  join('node_modules', '.bin', 'wrangler'),
  [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    PORT,
    '--show-interactive-dev-session=false',
    ...(persistTo ? ['--persist-to', persistTo] : []),
    ...(values['inspector-port'] ? ['--inspector-port', values['inspector-port']] : []),
  ],
  {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
      // npm start serves what production serves; npm run dev React's development build, with its warnings
      NODE_ENV: dev ? 'development' : 'production',
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

if (dev) watchClient();

/**
 * Rebuilds public/client/ when a source of the browser code changes (a burst of saves is one build). The manifest is
 * written only when it changed, so a change that leaves every chunk as it was does not reload the Worker.
 */
function watchClient(): void {
  const sources = /\.(tsx?|css|json)$/;
  let timer: NodeJS.Timeout | undefined;
  let building: Promise<void> = Promise.resolve();
  const rebuild = () => {
    building = building.then(async () => {
      const started = Date.now();
      try {
        const { manifest } = await buildClient(join('public', 'client'), { writeManifest: false });
        const text = `${JSON.stringify(manifest, null, 2)}\n`;
        const changed = !existsSync(MANIFEST_PATH) || readFileSync(MANIFEST_PATH, 'utf8') !== text;
        if (changed) writeFileSync(MANIFEST_PATH, text);
        console.log(`[dev] browser code rebuilt in ${Date.now() - started} ms${changed ? '' : ' (no chunk changed)'}`);
      } catch (error) {
        // esbuild has printed what is wrong; the last good build keeps being served
        console.error(`[dev] the browser code did not build: ${(error as Error).message.split('\n')[0]}`);
      }
    });
  };
  for (const dir of ['client', 'shared', 'worker']) {
    watch(dir, { recursive: true }, (_event, file) => {
      if (!file || !sources.test(file) || file.startsWith('generated') || file.endsWith('.d.ts')) return;
      clearTimeout(timer);
      timer = setTimeout(rebuild, 150);
    });
  }
}
