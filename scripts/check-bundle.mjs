// Bundles the Worker offline as `wrangler deploy` would (--dry-run) and fails if it is over 1 MiB gzip.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT = 1024 * 1024;
const out = 'dist';
const run = spawnSync(join('node_modules', '.bin', 'wrangler'), ['deploy', '--dry-run', '--outdir', out], {
  stdio: 'inherit',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
if (run.status !== 0) process.exit(run.status ?? 1);
let raw = 0;
let gzip = 0;
for (const f of readdirSync(out)) {
  const p = join(out, f);
  if (!statSync(p).isFile() || !/\.(m?js|wasm)$/.test(f)) continue;
  const buf = readFileSync(p);
  raw += buf.length;
  gzip += gzipSync(buf, { level: 9 }).length;
}
console.log(`worker bundle: ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip (limit ${LIMIT / 1024} KiB gzip)`);
if (gzip > LIMIT) {
  console.error('the worker bundle is over 1 MiB gzip');
  process.exit(1);
}
