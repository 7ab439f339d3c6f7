// Plain `workerd serve` for the benchmark: writes the capnp config (the Worker as wrangler bundles it, with KV, assets,
// cache, Durable Objects and a closed outbound network standing in for Cloudflare's), starts it and waits for it.
import type { ChildProcess } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { start } from './proc.ts';

export interface SiteWorker {
  /** module files, main first, relative to the build directory */
  modules: string[];
  compatibilityDate: string;
  compatibilityFlags: string[];
  kvBindings: string[];
  assetsBinding: string | undefined;
  /** wrangler vars and the bench's secrets */
  vars: Record<string, unknown>;
  durableObjects: { binding: string; className: string; sqlite: boolean }[];
}

export interface Ports {
  /** the Worker with an in-memory page cache behind the Cache API */
  site?: number;
  /** the same Worker whose Cache API never hits */
  nocache?: number;
  /** the same Worker with the page cache turned off (PAGE_CACHE = "off"): the render path alone, no Cache API call */
  nopagecache?: number;
  baseline?: number;
  /** the captured bytes served through the Cache API */
  ceiling?: number;
  /** the captured bytes after a Cache API lookup that misses and a store of them: the runtime's cost of a miss */
  missReference?: number;
  probe?: number;
  /** assets first, then the Worker (as Cloudflare serves a browser) */
  edge?: number;
  /** the empty Worker of the startup reference */
  empty?: number;
  /** the analytics objects driven over RPC alone, no HTTP front (bench/workers/analytics-probe.ts) */
  analyticsProbe?: number;
}

/** The sockets of the cache process: the Cache API stand-in runs in a workerd of its own, so its CPU is not the Worker's. */
export interface CachePorts {
  /** an in-memory edge cache (bench/workers/cache.ts, MODE=memory) */
  memory: number;
  /** a cache that misses every lookup and drops every put (MODE=miss) */
  miss: number;
}

export interface ConfigOptions {
  buildDir: string;
  /** where the cache process listens */
  cache: CachePorts;
  publicDir: string;
  doDir: string;
  worker: SiteWorker;
  ports: Ports;
  /** files (relative to buildDir) holding the text bindings */
  seedFile: string;
  baselineFile?: string;
  manifestFile?: string;
  slowFeed: { host: string; delayMs: number };
}

const str = (s: string) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;

function moduleEntry(file: string, name = file.split('/').pop()!): string {
  if (file.endsWith('.wasm')) return `(name = ${str(name)}, wasm = embed ${str(file)})`;
  return `(name = ${str(name)}, esModule = embed ${str(file)})`;
}

/** The workerd config for one run; only the services that the given ports (and files) call for are included. */
export function workerdConfig(o: ConfigOptions): string {
  const { worker: w, ports } = o;
  const date = str(w.compatibilityDate);
  const flags = `[${w.compatibilityFlags.map(str).join(', ')}]`;
  const services: string[] = [];
  const sockets: string[] = [];
  const socket = (name: string, port: number | undefined, service: string) => {
    if (port) sockets.push(`(name = ${str(name)}, address = ${str(`127.0.0.1:${port}`)}, http = (), service = ${str(service)})`);
  };
  const small = (name: string, file: string, bindings: string[] = [], extra = '') =>
    services.push(
      `(name = ${str(name)}, worker = (modules = [${moduleEntry(file)}], compatibilityDate = ${date}, bindings = [${bindings.join(', ')}]${extra}))`,
    );

  if (ports.empty) {
    small('empty', 'workers/empty.js');
    socket('empty', ports.empty, 'empty');
  }
  const needsSite = Boolean(ports.site || ports.nocache || ports.nopagecache || ports.probe || ports.edge || ports.analyticsProbe);
  if (needsSite) {
    const doClasses = w.durableObjects;
    const siteBindings = (owner: 'site' | 'other', vars: Record<string, unknown> = w.vars) => [
      ...w.kvBindings.map((b) => `(name = ${str(b)}, kvNamespace = ${str(b === 'SITES' ? 'kv-sites' : 'kv-empty')})`),
      ...(w.assetsBinding ? [`(name = ${str(w.assetsBinding)}, service = "assets")`] : []),
      ...Object.entries(vars).map(([k, v]) =>
        typeof v === 'string' ? `(name = ${str(k)}, text = ${str(v)})` : `(name = ${str(k)}, json = ${str(JSON.stringify(v))})`,
      ),
      ...doClasses.map((d) =>
        owner === 'site'
          ? `(name = ${str(d.binding)}, durableObjectNamespace = ${str(d.className)})`
          : `(name = ${str(d.binding)}, durableObjectNamespace = (className = ${str(d.className)}, serviceName = "site"))`,
      ),
    ];
    const modules = `[${w.modules.map((m) => moduleEntry(m, relative('worker', m))).join(', ')}]`;
    const doConfig = doClasses.length
      ? `, durableObjectNamespaces = [${doClasses.map((d) => `(className = ${str(d.className)}, uniqueKey = ${str(`bench-${d.className}`)}, enableSql = ${d.sqlite})`).join(', ')}], durableObjectStorage = (localDisk = "do-disk")`
      : '';
    services.push(
      `(name = "site", worker = (modules = ${modules}, compatibilityDate = ${date}, compatibilityFlags = ${flags}, bindings = [${siteBindings('site').join(', ')}], globalOutbound = "outbound", cacheApiOutbound = "cache-memory"${doConfig}))`,
    );
    if (ports.nocache) {
      services.push(
        `(name = "site-nocache", worker = (modules = ${modules}, compatibilityDate = ${date}, compatibilityFlags = ${flags}, bindings = [${siteBindings('other').join(', ')}], globalOutbound = "outbound", cacheApiOutbound = "cache-miss"))`,
      );
    }
    if (ports.nopagecache) {
      const off = siteBindings('other', { ...w.vars, PAGE_CACHE: 'off' });
      services.push(
        `(name = "site-nopagecache", worker = (modules = ${modules}, compatibilityDate = ${date}, compatibilityFlags = ${flags}, bindings = [${off.join(', ')}], globalOutbound = "outbound", cacheApiOutbound = "cache-miss"))`,
      );
    }
    if (ports.probe) {
      services.push(
        `(name = "probe", worker = (modules = [${moduleEntry('workers/probe.js')}], compatibilityDate = ${date}, compatibilityFlags = ${flags}, bindings = [${[...siteBindings('other'), '(name = "CACHE_STATS", service = "cache-memory")'].join(', ')}], globalOutbound = "outbound", cacheApiOutbound = "cache-miss"))`,
      );
    }
    if (doClasses.length) services.push(`(name = "do-disk", disk = (path = ${str(o.doDir)}, writable = true))`);
    small('kv-sites', 'workers/kv.js', [`(name = "SEED", text = embed ${str(o.seedFile)})`]);
    small('kv-empty', 'workers/kv.js', ['(name = "SEED", text = "[]")']);
    small('assets', 'workers/assets.js', ['(name = "DISK", service = "public-disk")']);
    services.push(`(name = "public-disk", disk = (path = ${str(o.publicDir)}, writable = false))`);
    // the Cache API stand-in is another process (cacheConfig): reached over 127.0.0.1 like any external service
    services.push(`(name = "cache-memory", external = (address = ${str(`127.0.0.1:${o.cache.memory}`)}, http = ()))`);
    services.push(`(name = "cache-miss", external = (address = ${str(`127.0.0.1:${o.cache.miss}`)}, http = ()))`);
    small('outbound', 'workers/outbound.js', [
      `(name = "SLOW_FEED_HOST", text = ${str(o.slowFeed.host)})`,
      `(name = "DELAY_MS", text = ${str(String(o.slowFeed.delayMs))})`,
    ]);
    socket('site', ports.site, 'site');
    socket('nocache', ports.nocache, 'site-nocache');
    socket('nopagecache', ports.nopagecache, 'site-nopagecache');
    socket('probe', ports.probe, 'probe');
    if (ports.analyticsProbe) {
      const analytics = doClasses.find((d) => d.binding === 'SITE_ANALYTICS');
      if (!analytics) throw new Error('wrangler.toml binds no SITE_ANALYTICS');
      small('analytics-probe', 'workers/analytics-probe.js', [
        `(name = "SITE_ANALYTICS", durableObjectNamespace = (className = ${str(analytics.className)}, serviceName = "site"))`,
      ]);
      socket('analytics-probe', ports.analyticsProbe, 'analytics-probe');
    }
    if (ports.edge && o.manifestFile) {
      small('edge', 'workers/edge.js', [
        `(name = "MANIFEST", text = embed ${str(o.manifestFile)})`,
        '(name = "ASSETS", service = "assets")',
        '(name = "SITE", service = "site")',
      ]);
      socket('edge', ports.edge, 'edge');
    }
  }
  if (ports.baseline && o.baselineFile) {
    small('baseline', 'workers/baseline.js', [
      `(name = "PAGES", text = embed ${str(o.baselineFile)})`,
      '(name = "MODE", text = "constant")',
    ]);
    socket('baseline', ports.baseline, 'baseline');
  }
  // the captured bytes through the Cache API: the cache ceiling (a working cache) and the miss reference (one that never hits)
  const throughCache = (name: string, port: number | undefined, mode: 'cache' | 'miss', cache: 'memory' | 'miss') => {
    if (!port || !o.baselineFile) return;
    const service = `cache-${cache}`;
    if (!needsSite && !services.some((s) => s.startsWith(`(name = ${str(service)},`))) {
      services.push(`(name = ${str(service)}, external = (address = ${str(`127.0.0.1:${o.cache[cache]}`)}, http = ()))`);
    }
    small(
      name,
      'workers/baseline.js',
      [`(name = "PAGES", text = embed ${str(o.baselineFile)})`, `(name = "MODE", text = ${str(mode)})`],
      `, cacheApiOutbound = ${str(service)}`,
    );
    socket(name, port, name);
  };
  throughCache('ceiling', ports.ceiling, 'cache', 'memory');
  throughCache('miss-reference', ports.missReference, 'miss', 'miss');
  return `# Generated by bench/run.ts for one benchmark run; not for editing.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    ${services.join(',\n    ')}
  ],
  sockets = [
    ${sockets.join(',\n    ')}
  ],
);
`;
}

/**
 * The cache process: the bench's Cache API stand-in (bench/workers/cache.ts) in a workerd of its own, one socket per
 * mode. Its CPU time is read apart from the Worker's, so the Worker is charged only for its own side of a lookup or a
 * store (making the subrequest), as it would be at Cloudflare, whose cache is not part of the isolate.
 */
export function cacheConfig(ports: CachePorts, compatibilityDate: string): string {
  const date = str(compatibilityDate);
  return `# Generated by bench/run.ts for one benchmark run; not for editing.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "cache-memory", worker = (modules = [${moduleEntry('workers/cache.js')}], compatibilityDate = ${date}, bindings = [(name = "MODE", text = "memory")])),
    (name = "cache-miss", worker = (modules = [${moduleEntry('workers/cache.js')}], compatibilityDate = ${date}, bindings = [(name = "MODE", text = "miss")]))
  ],
  sockets = [
    (name = "memory", address = ${str(`127.0.0.1:${ports.memory}`)}, http = (), service = "cache-memory"),
    (name = "miss", address = ${str(`127.0.0.1:${ports.miss}`)}, http = (), service = "cache-miss")
  ],
);
`;
}

export interface Workerd {
  child: ChildProcess;
  pid: number;
  log: string;
}

/**
 * workerd's own binary (the platform package's), as the `workerd` package names it. Not node_modules/.bin/workerd:
 * without the package's install script (this project does not run it, see the README) that is a Node script that
 * starts the binary as its child, and the CPU the bench reads from its pid would be the wrapper's, not the Worker's.
 */
const WORKERD_BINARY: string = createRequire(import.meta.url)('workerd').default;

/** Starts workerd on a config file; its output goes to a log file beside it. */
export function startWorkerd(buildDir: string, name: string, config: string, extraArgs: string[] = []): Workerd {
  const file = join(buildDir, `${name}.capnp`);
  writeFileSync(file, config);
  const log = join(buildDir, `${name}.log`);
  const out = openSync(log, 'w');
  const child = start(WORKERD_BINARY, ['serve', file, ...extraArgs], {
    stdio: ['ignore', out, out],
    cwd: buildDir,
  });
  if (child.pid === undefined) throw new Error('workerd did not start');
  return { child, pid: child.pid, log };
}

/** One GET to 127.0.0.1 with a Host header; the full body. */
export function get(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { Host: host, ...headers }, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${host}${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** Milliseconds from `since` until the port answers a request (any status); fails after timeoutMs or if workerd exits. */
export async function waitReady(w: Workerd, port: number, host: string, path: string, since: number, timeoutMs = 30_000): Promise<number> {
  for (;;) {
    if (w.child.exitCode !== null) throw new Error(`workerd exited with ${w.child.exitCode}; see ${w.log}`);
    try {
      await get(port, host, path, {}, 5000);
      return performance.now() - since;
    } catch {
      if (performance.now() - since > timeoutMs) throw new Error(`workerd did not answer on ${port} within ${timeoutMs} ms; see ${w.log}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }
}
