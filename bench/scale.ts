// The scale table alone (npx tsx bench/scale.ts): builds what `npm run bench` builds, starts its cache process, then
// runs bench/lib/scale.ts and prints the table; its figures go to bench/.build-scale/scale.json. `npm run bench` runs the
// same table after its other figures (BENCH_SCALE=0 skips it there).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installCleanup, stop } from './lib/proc.ts';
import { measureScale, renderScaleTable } from './lib/scale.ts';
import { setUp } from './lib/setup.ts';

const root = process.cwd();
// a build directory of its own, so that it can run beside another bench command
const buildDir = join(root, 'bench', '.build-scale');
installCleanup(Number(process.env.BENCH_TIMEOUT_S ?? 3600) * 1000);
const setup = await setUp(root, buildDir);
try {
  const results = await measureScale(root, buildDir, setup.built, setup.cachePorts);
  writeFileSync(join(buildDir, 'scale.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${renderScaleTable(results)}`);
} finally {
  await stop(setup.cache.child);
}
process.exit(0);
