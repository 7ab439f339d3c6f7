// Two builds of the Worker against each other, interleaved: `npx tsx bench/ab.ts DIR_A DIR_B [host/path …]`, where
// each DIR is the bench/.build directory an `npm run bench` of that checkout left (any BENCH_PAGES: it is the
// configurations and bundles this reads). For each build it serves the Worker with PAGE_CACHE = "off" and the render
// probe (React alone as a Worker: renderToString of the same tree for every HTTP request), then loads the four of them
// in short slices, in turn, round after round (the order reversed every other round), and reads each workerd's CPU per
// response from /proc. Slices seconds apart share the machine's pace, which on a busy or throttled machine moves by
// tens of percent from one minute to the next (bench/README.md, "Two builds, interleaved").
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { basename, dirname, join, resolve } from 'node:path';
import { load, median } from './lib/load.ts';
import { freePort, installCleanup } from './lib/proc.ts';
import { startWorkerd, waitReady } from './lib/workerd.ts';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 8);
const SECONDS = Number(process.env.AB_SECONDS ?? 2);
const CONNECTIONS = 50;

interface Served {
  name: string;
  /** the Worker with PAGE_CACHE = "off", and the probe */
  site: { port: number; pid: number };
  probe: { port: number; pid: number };
}

/** A copy of one of the run's configurations listening on a free port (the two runs chose theirs independently). */
async function served(dir: string, file: string, socket: string): Promise<{ port: number; pid: number }> {
  const text = readFileSync(join(dir, file), 'utf8');
  const pattern = new RegExp(`(name = "${socket}", address = "127\\.0\\.0\\.1:)(\\d+)"`);
  if (!pattern.test(text)) throw new Error(`${join(dir, file)} has no socket named ${socket}: run npm run bench in that checkout first`);
  const port = await freePort();
  // written beside the run's own (its bundles are named relative to it), as ab-workerd-….capnp, with its log
  const w = startWorkerd(dir, `ab-${file.replace(/\.capnp$/, '')}`, text.replace(pattern, `$1${port}"`));
  await waitReady(w, port, 'startup.localhost', '/', performance.now());
  return { port, pid: w.pid };
}

async function serve(dir: string): Promise<Served> {
  const name = basename(dirname(dirname(resolve(dir))));
  return {
    name,
    site: await served(dir, 'workerd-nopagecache.capnp', 'nopagecache'),
    probe: await served(dir, 'workerd-probe.capnp', 'probe'),
  };
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
        port: b.probe.port,
        pid: b.probe.pid,
        host: 'probe.localhost',
        path: `/react?host=${encodeURIComponent(host)}&path=${encodeURIComponent(path)}`,
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
    for (const s of summary)
      console.log(
        `${url} ${s.name}: PAGE_CACHE off ${s.worker.toFixed(3)} ms CPU per response, React alone ${s.react.toFixed(3)} ms, ÷ it ${s.ratio.toFixed(2)} (medians of ${ROUNDS} rounds)`,
      );
    const [a, b] = summary as [(typeof summary)[0], (typeof summary)[0]];
    console.log(
      `${url} ${b.name} ÷ ${a.name}: PAGE_CACHE off ${(b.worker / a.worker).toFixed(2)}, React alone ${(b.react / a.react).toFixed(2)}`,
    );
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('bench/ab:', error);
  process.exit(1);
});
