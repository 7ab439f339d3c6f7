// Load on workerd over 127.0.0.1 from another process (wrk when installed, else autocannon in this one), with
// workerd's CPU use over the same window, and the first- and last-byte times of single streamed responses.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpuMs, machineBusyMs, start } from './proc.ts';

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  /** responses per status code */
  statuses: Record<string, number>;
  /** workerd's CPU time over the run divided by its duration: 1.0 is one core busy the whole time */
  serverCores: number;
  /** workerd's CPU time per response (the Worker's workerd; the Cache API stand-in runs in a process of its own) */
  serverCpuMsPerRequest: number;
  /** the cache process's CPU time per response over the same run: the Cache API stand-in's own work, not the Worker's */
  cacheCpuMsPerRequest: number;
  /** the load client's CPU over the run, in cores */
  clientCores: number;
  /** CPU used by every other process of the machine over the run, in cores: above ~0.2 the figures are disturbed */
  otherCores: number;
}

export interface LoadOptions {
  port: number;
  host: string;
  path: string;
  seconds: number;
  connections: number;
  workerdPid: number;
  /** the cache process (bench/lib/workerd.ts cacheConfig), whose CPU is counted apart */
  cachePid?: number | undefined;
  headers?: Record<string, string>;
}

/** The load client: BENCH_CLIENT=wrk|autocannon; by default wrk (C, one thread) when it is on PATH. */
export function loadClient(): 'wrk' | 'autocannon' {
  const asked = process.env.BENCH_CLIENT;
  if (asked === 'wrk' || asked === 'autocannon') return asked;
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error ? 'autocannon' : 'wrk';
}

const DEFAULT_HEADERS = { 'user-agent': 'Mozilla/5.0 (bench)', accept: 'text/html' };

interface ClientResult {
  /** CPU time the client used, ms */
  cpuMs: number;
  responses: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

async function runAutocannon(o: LoadOptions): Promise<ClientResult> {
  const cpu0 = process.cpuUsage();
  const result = await autocannon({
    url: `http://127.0.0.1:${o.port}${o.path}`,
    connections: o.connections,
    duration: o.seconds,
    timeout: 10,
    headers: { host: o.host, ...DEFAULT_HEADERS, ...o.headers },
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const responses = Object.values(statuses).reduce((a, b) => a + b, 0);
  const cpu = process.cpuUsage(cpu0);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    responses,
    seconds: result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

function wrkMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
}

/** wrk with one thread (the other core is workerd's); its text report parsed. */
async function runWrk(o: LoadOptions): Promise<ClientResult> {
  const headers = { Host: o.host, 'User-Agent': DEFAULT_HEADERS['user-agent'], Accept: DEFAULT_HEADERS.accept, ...o.headers };
  const args = [
    '-t1',
    `-c${o.connections}`,
    `-d${o.seconds}s`,
    '--timeout',
    '10s',
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    `http://127.0.0.1:${o.port}${o.path}`,
  ];
  let clientCpu = 0;
  const out = await new Promise<string>((resolve, reject) => {
    const child = start('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // wrk's own CPU, read while it runs (its /proc entry is gone once it exits)
    const sampler = setInterval(() => {
      try {
        clientCpu = cpuMs(child.pid!);
      } catch {
        // exiting
      }
    }, 200);
    child.on('exit', () => clearInterval(sampler));
    let text = '';
    child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
  });
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(out);
  if (!total) throw new Error(`wrk printed no totals:\n${out}`);
  const responses = Number(total[1]);
  const seconds = wrkMs(`${total[2]}${total[3]}`) / 1000;
  const pct = (p: string) => wrkMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const statuses: Record<string, number> = {};
  if (responses - non2xx) statuses['2xx/3xx'] = responses - non2xx;
  if (non2xx) statuses.other = non2xx;
  return {
    cpuMs: clientCpu,
    responses,
    seconds,
    p50Ms: Number(pct('50').toFixed(2)),
    p99Ms: Number(pct('99').toFixed(2)),
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
    statuses,
  };
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const cpu0 = cpuMs(o.workerdPid);
  const cache0 = o.cachePid ? cpuMs(o.cachePid) : 0;
  const busy0 = machineBusyMs();
  const t0 = performance.now();
  const r = loadClient() === 'wrk' ? await runWrk(o) : await runAutocannon(o);
  const wallMs = performance.now() - t0;
  const cpu = cpuMs(o.workerdPid) - cpu0;
  const cacheCpu = o.cachePid ? cpuMs(o.cachePid) - cache0 : 0;
  const others = Math.max(0, machineBusyMs() - busy0 - cpu - cacheCpu - r.cpuMs);
  const responses = r.responses;
  return {
    rps: Math.round(responses / r.seconds),
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    requests: responses,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses: r.statuses,
    serverCores: Number((cpu / wallMs).toFixed(2)),
    serverCpuMsPerRequest: responses ? Number((cpu / responses).toFixed(4)) : 0,
    cacheCpuMsPerRequest: responses ? Number((cacheCpu / responses).toFixed(4)) : 0,
    clientCores: Number((r.cpuMs / wallMs).toFixed(2)),
    otherCores: Number((others / wallMs).toFixed(2)),
  };
}

export interface Timing {
  status: number;
  headersMs: number;
  firstByteMs: number;
  lastByteMs: number;
  firstChunk: string;
  bytes: number;
}

/** One GET on a fresh connection: when the headers, the first body bytes and the last body bytes arrived. */
export function timeOne(port: number, host: string, path: string, headers: Record<string, string> = {}): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        agent: false,
        timeout: 30_000,
        headers: { Host: host, 'User-Agent': 'Mozilla/5.0 (bench)', Accept: 'text/html', ...headers },
      },
      (res) => {
        const headersMs = performance.now() - t0;
        let firstByteMs = 0;
        let firstChunk = '';
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          if (!firstByteMs) {
            firstByteMs = performance.now() - t0;
            firstChunk = chunk.toString('utf8');
          }
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headersMs, firstByteMs, lastByteMs: performance.now() - t0, firstChunk, bytes }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${host}${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};
