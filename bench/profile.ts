// npm run bench:profile -- [--cached | --no-page-cache] [--cpu] [--seconds S] host/path ...: where the Worker's CPU goes for a URL.
// Builds the Worker, serves it in plain workerd beside the cache process exactly as `npm run bench` does, and loads
// the URL with the bench's load client (uncached unless --cached; --no-page-cache: the Worker with PAGE_CACHE = "off"). It prints workerd's CPU per response (read from
// /proc as the bench reads it, the cache process apart), then, under V8's sampling profiler, the functions that took
// it (self and total time per response). --cpu prints only the CPU figures (five rounds, the bundle minified as
// deployed); otherwise the bundle is built unminified so that the functions have their names. The .cpuprofile files
// (for Chrome's DevTools) are written to bench/.build/profiles/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectInspector, costs, type CpuProfile, type FunctionCost } from './lib/inspector.ts';
import { load, median } from './lib/load.ts';
import { freePort, installCleanup, stop } from './lib/proc.ts';
import { setUp } from './lib/setup.ts';
import { startWorkerd, waitReady, workerdConfig } from './lib/workerd.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const cached = flag('--cached');
const noPageCache = flag('--no-page-cache');
const cpuOnly = flag('--cpu');
const seconds = option('--seconds', 3);
const VALUED = ['--seconds', '--connections', '--interval-us'];
const urls = args.filter((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1] ?? ''));
if (!urls.length) {
  console.error(
    'usage: npm run bench:profile -- [--cached | --no-page-cache] [--cpu] [--seconds S] host/path ... (e.g. bench-largest.localhost/largest)',
  );
  process.exit(2);
}

const CONNECTIONS = option('--connections', 50);
const ROUNDS = cpuOnly ? 5 : 1;

function print(title: string, list: FunctionCost[], responses: number): void {
  console.log(`  ${title}`);
  for (const c of list) {
    const self = (c.selfMs / responses).toFixed(4).padStart(8);
    const total = (c.totalMs / responses).toFixed(4).padStart(8);
    console.log(`    ${self} self ${total} total  ${c.name}  ${c.where}`);
  }
}

async function main(): Promise<void> {
  installCleanup(30 * 60 * 1000);
  const root = process.cwd();
  const buildDir = join(root, 'bench', '.build');
  const setup = await setUp(root, buildDir, { minify: cpuOnly });
  const port = await freePort();
  const inspectorPort = await freePort();
  const w = startWorkerd(
    buildDir,
    'profile',
    workerdConfig({ ...setup.base, ports: cached ? { site: port } : noPageCache ? { nopagecache: port } : { nocache: port } }),
    cpuOnly ? [] : [`--inspector-addr=127.0.0.1:${inspectorPort}`],
  );
  await waitReady(w, port, 'startup.localhost', '/media/', performance.now());
  const inspector = cpuOnly
    ? undefined
    : await connectInspector(inspectorPort, cached ? 'site' : noPageCache ? 'site-nopagecache' : 'site-nocache');
  await inspector?.send('Profiler.enable');
  await inspector?.send('Profiler.setSamplingInterval', { interval: option('--interval-us', 200) });
  const outDir = join(buildDir, 'profiles');
  mkdirSync(outDir, { recursive: true });

  for (const url of urls) {
    const slash = url.indexOf('/');
    const host = slash < 0 ? url : url.slice(0, slash);
    const path = slash < 0 ? '/' : url.slice(slash);
    const run = { port, host, path, connections: CONNECTIONS, workerdPid: w.pid, cachePid: setup.cache.pid };
    await load({ ...run, seconds: 1 });
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await load({ ...run, seconds }));
    const worker = median(rounds.map((r) => r.serverCpuMsPerRequest));
    const standIn = median(rounds.map((r) => r.cacheCpuMsPerRequest));
    const figures =
      `${url} (${cached ? 'cached' : noPageCache ? 'PAGE_CACHE off' : 'uncached'}): workerd ${worker.toFixed(3)} ms CPU per response` +
      (ROUNDS > 1 ? ` (rounds ${rounds.map((r) => r.serverCpuMsPerRequest.toFixed(3)).join(' ')})` : '') +
      `, the cache process ${standIn.toFixed(3)} ms; ${rounds[0]!.rps} rps`;
    if (!inspector) {
      console.log(figures);
      continue;
    }
    await inspector.send('Profiler.start');
    const profiled = await load({ ...run, seconds });
    const { profile } = await inspector.send<{ profile: CpuProfile }>('Profiler.stop');
    const file = join(outDir, `${url.replace(/\W+/g, '-')}${cached ? '-cached' : ''}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const all = costs(profile);
    const responses = profiled.requests;
    const sampled = all.find((c) => c.name === '(root)')?.totalMs ?? 0;
    const idle = all.find((c) => c.name === '(idle)')?.selfMs ?? 0;
    console.log(`\n${figures}; under the profiler ${((sampled - idle) / responses).toFixed(3)} ms sampled per response; ${file}`);
    const named = all.filter((c) => c.name !== '(idle)' && c.name !== '(root)');
    print('by self time, ms per response:', [...named].sort((a, b) => b.selfMs - a.selfMs).slice(0, 40), responses);
    print('by total time, ms per response:', [...named].sort((a, b) => b.totalMs - a.totalMs).slice(0, 60), responses);
  }
  inspector?.close();
  await stop(w.child);
  await stop(setup.cache.child);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error('bench:profile: failed:', error);
    process.exit(1);
  },
);
