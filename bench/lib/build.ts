// Builds what the benchmark runs, offline: public/, the Worker exactly as `wrangler deploy` bundles it (--dry-run),
// the bench's own small workers and the render probe (esbuild with the same conditions wrangler uses).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { unstable_readConfig } from 'wrangler';
import type { SiteWorker } from './workerd.ts';

const QUIET_ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: QUIET_ENV, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** KEY=VALUE lines of a .dev.vars file. */
function devVars(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/i.exec(line);
    if (m && !line.trimStart().startsWith('#')) out[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1');
  }
  return out;
}

/** The parts of wrangler's resolved configuration the bench reads (its published types are loose). */
interface WranglerConfig {
  compatibility_date?: string;
  compatibility_flags?: string[];
  vars: Record<string, unknown>;
  kv_namespaces: { binding: string }[];
  assets?: { binding?: string };
  durable_objects: { bindings: { name: string; class_name: string; script_name?: string }[] };
  migrations: { new_sqlite_classes?: string[] }[];
  [binding: string]: unknown;
}

export interface Built {
  worker: SiteWorker;
  bundle: { rawBytes: number; gzipBytes: number; files: string[] };
  /** the run's own copy of public/, so that a rebuild of public/ by another command cannot disturb it */
  publicDir: string;
  /** paths of public/ as URLs ("/media/x/100w.jpg") */
  publicFiles: string[];
  warnings: string[];
}

export async function buildAll(root: string, buildDir: string, options: { minify?: boolean } = {}): Promise<Built> {
  const warnings: string[] = [];
  run('node', [join(root, 'scripts', 'build-assets.mjs')]);

  const outdir = join(buildDir, 'worker');
  rmSync(outdir, { recursive: true, force: true });
  // unminified only for profiles (bench:profile), whose function names must be readable
  run(join(root, 'node_modules', '.bin', 'wrangler'), [
    'deploy',
    '--dry-run',
    '--outdir',
    outdir,
    ...(options.minify === false ? ['--no-minify'] : []),
  ]);
  const moduleFiles = files(outdir).filter((f) => /\.(m?js|wasm)$/.test(f));
  const main = moduleFiles.find((f) => /index\.m?js$/.test(relative(outdir, f)));
  if (!main) throw new Error(`wrangler wrote no index.js to ${outdir}`);
  const ordered = [main, ...moduleFiles.filter((f) => f !== main)];
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of ordered) {
    const buf = readFileSync(f);
    rawBytes += buf.length;
    gzipBytes += gzipSync(buf, { level: 9 }).length;
  }

  const config = unstable_readConfig({ config: join(root, 'wrangler.toml') }) as unknown as WranglerConfig;
  const sqliteClasses = new Set(config.migrations.flatMap((m) => m.new_sqlite_classes ?? []));
  const durableObjects = config.durable_objects.bindings
    .filter((b) => {
      if (b.script_name)
        warnings.push(`Durable Object binding ${b.name} lives in another Worker (${b.script_name}): not bound in the bench`);
      return !b.script_name;
    })
    .map((b) => ({ binding: b.name, className: b.class_name, sqlite: sqliteClasses.has(b.class_name) }));
  const unsupported = Object.entries({
    r2_buckets: config.r2_buckets,
    d1_databases: config.d1_databases,
    services: config.services,
    queues: (config.queues as { producers?: unknown[] } | undefined)?.producers,
    analytics_engine_datasets: config.analytics_engine_datasets,
    hyperdrive: config.hyperdrive,
    vectorize: config.vectorize,
    workflows: config.workflows,
  }).filter(([, v]) => Array.isArray(v) && v.length > 0);
  for (const [kind] of unsupported) warnings.push(`wrangler.toml has ${kind}: the bench's workerd config does not provide them`);
  const worker: SiteWorker = {
    modules: ordered.map((f) => relative(buildDir, f)),
    compatibilityDate: config.compatibility_date ?? '2026-04-20',
    compatibilityFlags: config.compatibility_flags ?? [],
    kvBindings: config.kv_namespaces.map((k) => k.binding),
    assetsBinding: config.assets?.binding,
    // the development secrets of .dev.vars, as wrangler dev and the tests use them
    vars: { ...config.vars, SESSION_SECRET: 'bench-only-session-secret-not-for-production', ...devVars(join(root, '.dev.vars')) },
    durableObjects,
  };

  const workersOut = join(buildDir, 'workers');
  mkdirSync(workersOut, { recursive: true });
  const src = join(root, 'bench', 'workers');
  const common = {
    bundle: true,
    format: 'esm' as const,
    platform: 'neutral' as const,
    target: 'es2022',
    // what wrangler resolves for workerd: react-dom/server's edge build, production React
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic' as const,
    external: ['cloudflare:*', 'node:*'],
    logLevel: 'warning' as const,
    minify: true,
  };
  await build({
    ...common,
    entryPoints: ['kv', 'cache', 'assets', 'outbound', 'baseline', 'edge', 'empty', 'analytics-probe'].map((n) => join(src, `${n}.ts`)),
    outdir: workersOut,
  });
  await build({ ...common, entryPoints: [join(src, 'probe.tsx')], outdir: workersOut });

  const publicDir = join(buildDir, 'public');
  cpSync(join(root, 'public'), publicDir, { recursive: true });
  const publicFiles = files(publicDir).map((f) => `/${relative(publicDir, f).split('\\').join('/')}`);
  if (!publicFiles.some((f) => f.startsWith('/media/')))
    throw new Error('public/ has no media: was it being rebuilt by another command? Run again.');
  return { worker, bundle: { rawBytes, gzipBytes, files: worker.modules }, publicDir, publicFiles, warnings };
}
