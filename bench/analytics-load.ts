// The owner's analytics under load alone (npm run bench:analytics): builds what `npm run bench` builds, starts its
// cache process, then runs bench/lib/analytics-load.ts (one site's page views at rising rates, the day in one object
// written per hit against the day sharded by visitor with hits coalesced per shard, then one object alone over RPC)
// and prints the table; its figures go to bench/.build-analytics/analytics.json.
// `npm run bench` runs the same table after its other figures (BENCH_ANALYTICS=0 skips it there).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureAnalytics, renderAnalyticsTable } from './lib/analytics-load.ts';
import { installCleanup, stop } from './lib/proc.ts';
import { setUp } from './lib/setup.ts';

const root = process.cwd();
// a build directory of its own, so that it can run beside another bench command
const buildDir = join(root, 'bench', '.build-analytics');
installCleanup(Number(process.env.BENCH_TIMEOUT_S ?? 3600) * 1000);
const setup = await setUp(root, buildDir);
try {
  const results = await measureAnalytics(setup);
  writeFileSync(join(buildDir, 'analytics.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${renderAnalyticsTable(results)}`);
} finally {
  await stop(setup.cache.child);
}
process.exit(0);
