// Two builds of the Worker against each other, interleaved: `npx tsx bench/ab.ts DIR_A DIR_B [host/path …]`, where
// each DIR is the bench/.build directory an `npm run bench` of that checkout left (its configurations and bundles are
// what this reads; BENCH_PAGES must include the pages asked for when AB_CACHED=1, whose baseline serves the bytes that
// run captured). For each build it serves the Worker and its floor: with PAGE_CACHE = "off" against the render probe
// (React alone as a Worker: renderToString of the same tree for every HTTP request), or with AB_CACHED=1 the Worker with
// its page cache on (the run's Cache API stand-in beside it) against the run's baseline (the constant string of the same
// bytes). It loads the four in short slices, in turn, round after round (the order reversed every other round), and
// reads each workerd's CPU per response from /proc. Slices seconds apart share the machine's pace, which on a busy or
// throttled machine moves by tens of percent from one minute to the next (bench/README.md, "Two builds, interleaved").
import { basename, dirname, resolve } from 'node:path';
import { load, median } from './lib/load.ts';
import { installCleanup } from './lib/proc.ts';
import { rerun } from './lib/rerun.ts';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 8);
const SECONDS = Number(process.env.AB_SECONDS ?? 2);
const CONNECTIONS = 50;
/** AB_CACHED=1: the Worker with its page cache on, loaded with the same URL again and again (a hit), against the run's
 * baseline, the constant string of the same bytes ("cached against the constant string"); else the render path: the
 * Worker with PAGE_CACHE = "off" against React alone as a Worker ("render path against React's floor"). */
const CACHED = process.env.AB_CACHED === '1';

/** What one build serves: the Worker and the floor it is divided by (see the two modes above). */
interface Served {
  name: string;
  site: { port: number; pid: number };
  floor: { port: number; pid: number };
}

/** One of the run's configurations started again on free ports, as ab-{file}. */
const served = (dir: string, file: string, socket: string, addresses?: Record<string, number>) =>
  rerun(dir, file, socket, { prefix: 'ab', ...(addresses ? { addresses } : {}) });

async function serve(dir: string): Promise<Served> {
  const name = basename(dirname(dirname(resolve(dir))));
  if (!CACHED) {
    const site = await served(dir, 'workerd-nopagecache.capnp', 'nopagecache');
    const floor = await served(dir, 'workerd-probe.capnp', 'probe');
    return { name, site, floor };
  }
  // the run's Cache API stand-in first (the cached Worker and the baseline's neighbour name it as external services)
  const cache = await served(dir, 'cache.capnp', 'memory');
  const addresses = { 'cache-memory': cache.ports.memory!, 'cache-miss': cache.ports.miss! };
  const site = await served(dir, 'workerd-site.capnp', 'site', addresses);
  const floor = await served(dir, 'workerd-reference.capnp', 'baseline', addresses);
  return { name, site, floor };
}

async function main(): Promise<void> {
  const [dirA, dirB, ...urls] = process.argv.slice(2);
  if (!dirA || !dirB) throw new Error('usage: npx tsx bench/ab.ts DIR_A DIR_B [host/path …] (each DIR a bench/.build of npm run bench)');
  installCleanup(3_600_000);
  const builds = [await serve(dirA), await serve(dirB)];
  const pages = urls.length ? urls : ['kettle.localhost/', 'lumen.localhost/', 'trailhead.localhost/commerce/email-preview'];
  for (const url of pages) {
    const host = url.slice(0, url.indexOf('/') === -1 ? url.length : url.indexOf('/'));
    const path = url.slice(host.length) || '/';
    const slices = builds.flatMap((b) => [
      { build: b.name, kind: 'worker', port: b.site.port, pid: b.site.pid, host, path },
      {
        build: b.name,
        kind: 'react',
        port: b.floor.port,
        pid: b.floor.pid,
        ...(CACHED
          ? { host, path }
          : { host: 'probe.localhost', path: `/react?host=${encodeURIComponent(host)}&path=${encodeURIComponent(path)}` }),
      },
    ]);
    const cpu = new Map(slices.map((s) => [`${s.build} ${s.kind}`, [] as number[]]));
    for (const s of slices) await load({ ...s, seconds: 1, connections: CONNECTIONS, workerdPid: s.pid });
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 ? [...slices].reverse() : slices) {
        const run = await load({ ...s, seconds: SECONDS, connections: CONNECTIONS, workerdPid: s.pid });
        const failed = Object.entries(run.statuses).filter(([status]) => !status.startsWith('2'));
        if (failed.length || run.errors)
          throw new Error(`${s.build} ${s.kind} ${url}: ${JSON.stringify(run.statuses)}, ${run.errors} errors`);
        cpu.get(`${s.build} ${s.kind}`)!.push(run.serverCpuMsPerRequest);
      }
      const line = builds.map((b) => {
        const w = cpu.get(`${b.name} worker`)![round]!;
        const r = cpu.get(`${b.name} react`)![round]!;
        return `${b.name} ${w.toFixed(3)} / ${r.toFixed(3)} = ${(w / r).toFixed(2)}`;
      });
      console.log(`${url} round ${round + 1}: ${line.join('   ')}`);
    }
    const summary = builds.map((b) => {
      const w = cpu.get(`${b.name} worker`)!;
      const r = cpu.get(`${b.name} react`)!;
      return { name: b.name, worker: median(w), react: median(r), ratio: median(w.map((x, i) => x / r[i]!)) };
    });
    const [worker, floor] = CACHED ? ['cached', 'the constant string'] : ['PAGE_CACHE off', 'React alone'];
    for (const s of summary)
      console.log(
        `${url} ${s.name}: ${worker} ${s.worker.toFixed(3)} ms CPU per response, ${floor} ${s.react.toFixed(3)} ms, ÷ it ${s.ratio.toFixed(2)} (medians of ${ROUNDS} rounds)`,
      );
    const [a, b] = summary as [(typeof summary)[0], (typeof summary)[0]];
    console.log(`${url} ${b.name} ÷ ${a.name}: ${worker} ${(b.worker / a.worker).toFixed(2)}, ${floor} ${(b.react / a.react).toFixed(2)}`);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('bench/ab:', error);
  process.exit(1);
});
