// The dev server for browser tests whose Worker calls the outside world. `wrangler dev` has no way to answer a
// Worker's outbound fetches (wrangler 4's startWorker types a `dev.outboundService` but never hands it to Miniflare),
// so this runs the Worker as `wrangler deploy` builds it (--dry-run) in Miniflare, the engine under wrangler dev, with
// the options wrangler derives from wrangler.toml (bindings, Durable Objects, assets), .dev.vars, the given vars, the
// state directory wrangler dev would use (`<state>/v3`, where publish-site and `wrangler kv --persist-to` write), and
// its outbound fetches answered by test/support/outbound.ts (Cloudflare Turnstile's siteverify, the fake product
// origin, the feed server) as in the workerd tests. Run by startDevServer (dev-server.ts) with tsx, in its own group:
//   tsx test/e2e/support/dev-worker.ts <port> <state dir> <vars as JSON>
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { outbound } from '../../support/outbound.ts';

const [port, state, varsJson] = process.argv.slice(2);
if (!port || !state) throw new Error('usage: dev-worker.ts <port> <state dir> [vars JSON]');
const vars = JSON.parse(varsJson ?? '{}') as Record<string, string>;

const bundle = join(state, 'worker');
const build = spawnSync(join('node_modules', '.bin', 'wrangler'), ['deploy', '--dry-run', '--outdir', bundle], {
  encoding: 'utf8',
  timeout: 120_000,
});
if (build.status !== 0)
  throw new Error(`wrangler deploy --dry-run failed (${build.status ?? build.signal}):\n${build.stdout}\n${build.stderr}`);

/** .dev.vars as wrangler dev reads it: NAME="value" lines, # comments. */
function devVars(): Record<string, string> {
  if (!existsSync('.dev.vars')) return {};
  const entries = readFileSync('.dev.vars', 'utf8')
    .split('\n')
    .map((line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"?(.*?)"?\s*$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => [m[1]!, m[2]!] as const);
  return Object.fromEntries(entries);
}

const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
const mf = new Miniflare({
  host: '127.0.0.1',
  port: Number(port),
  defaultPersistRoot: join(state, 'v3'),
  cf: false,
  workers: [
    {
      ...workerOptions,
      name: 'site-runtime',
      modules: true,
      modulesRoot: bundle,
      scriptPath: join(bundle, 'index.js'),
      bindings: { ...workerOptions.bindings, ...devVars(), ...vars },
      outboundService: outbound,
    },
  ],
});
await mf.ready;

const stop = () => {
  void mf.dispose().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
