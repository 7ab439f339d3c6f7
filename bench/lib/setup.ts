// What every bench command starts from: the build, the KV seed and the cache process (the Cache API stand-in in a
// workerd of its own), ready for a Worker's workerd to be started on any ports.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildAll, type Built } from './build.ts';
import { freePort } from './proc.ts';
import { benchRecords, SLOW_FEED_HOST } from './sites.ts';
import { cacheConfig, startWorkerd, waitReady, type CachePorts, type ConfigOptions, type Workerd } from './workerd.ts';

export const SLOW_DELAY_MS = 300;

export interface Setup {
  built: Built;
  largestBlocks: number;
  largestItems: number;
  sites: number;
  /** everything a Worker's workerd config needs but its ports */
  base: Omit<ConfigOptions, 'ports'>;
  cache: Workerd;
  cachePorts: CachePorts;
}

export async function setUp(root: string, buildDir: string, options: { minify?: boolean } = {}): Promise<Setup> {
  rmSync(buildDir, { recursive: true, force: true });
  mkdirSync(join(buildDir, 'lighthouse'), { recursive: true });
  const doDir = join(buildDir, 'do-storage');
  mkdirSync(doDir, { recursive: true });
  const built = await buildAll(root, buildDir, options);
  const { records, largestBlocks, largestItems } = await benchRecords(root);
  writeFileSync(join(buildDir, 'seed.json'), JSON.stringify(records));
  writeFileSync(join(buildDir, 'manifest.json'), JSON.stringify(built.publicFiles));
  const cachePorts: CachePorts = { memory: await freePort(), miss: await freePort() };
  const cache = startWorkerd(buildDir, 'cache', cacheConfig(cachePorts, built.worker.compatibilityDate));
  await waitReady(cache, cachePorts.miss, 'cache.localhost', '/', performance.now());
  return {
    built,
    largestBlocks,
    largestItems,
    // one host pointer per published site
    sites: records.filter((r) => r.key.startsWith('host:')).length,
    cache,
    cachePorts,
    base: {
      buildDir,
      cache: cachePorts,
      publicDir: built.publicDir,
      doDir,
      worker: built.worker,
      seedFile: 'seed.json',
      manifestFile: 'manifest.json',
      slowFeed: { host: SLOW_FEED_HOST, delayMs: SLOW_DELAY_MS },
    },
  };
}
