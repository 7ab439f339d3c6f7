// A real server for browser tests: fixture sites published into a private state directory and `wrangler dev` on a
// free port (production React), stopped with its whole process group (wrangler and its workerd).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = process.cwd();
const BIN = join(ROOT, 'node_modules', '.bin');
const QUIET_ENV = { NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

export interface DevServer {
  port: number;
  /** http://{host}:{port} */
  origin(host: string): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

export interface DevServerOptions {
  startTimeoutMs?: number;
  /** KV records (SITES) written as they are, beside the fixtures: e.g. a deliberately invalid snapshot that
   * publish:site would refuse, for the ERROR page type */
  records?: { key: string; value: string }[];
  /** The Worker's outbound fetches answered by test/support/outbound.ts (siteverify, the fake origin, feeds), which
   * `wrangler dev` cannot do: the Worker as `wrangler deploy` builds it, in Miniflare with the options wrangler derives
   * from wrangler.toml (dev-worker.ts), and these vars beside .dev.vars' (e.g. TURNSTILE_SECRET_KEY). Without it the
   * command-line `wrangler dev` runs, with the real network. */
  outbound?: { vars?: Record<string, string> };
}

/** Publishes the fixture files (and any raw records) and starts wrangler dev; resolves once the server answers. */
export async function startDevServer(
  fixtures: string[],
  { startTimeoutMs = 120_000, records = [], outbound }: DevServerOptions = {},
): Promise<DevServer> {
  if (!existsSync(join(ROOT, 'worker', 'generated', 'client-manifest.json'))) {
    throw new Error('public/ has no client bundles: run `node scripts/build-assets.mjs` (npm test does) first');
  }
  const state = mkdtempSync(join(tmpdir(), 'site-runtime-e2e-'));
  for (const file of fixtures) {
    const run = spawnSync(join(BIN, 'tsx'), ['scripts/publish-site.ts', file, '--persist-to', state], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, ...QUIET_ENV },
    });
    if (run.status !== 0) throw new Error(`publishing ${file} failed (${run.status ?? run.signal}):\n${run.stdout}\n${run.stderr}`);
  }
  if (records.length > 0) {
    const file = join(state, 'raw-records.json');
    writeFileSync(file, JSON.stringify(records));
    const run = spawnSync(
      join(BIN, 'wrangler'),
      ['kv', 'bulk', 'put', file, '--binding', 'SITES', '--local', '--persist-to', state, '--preview', 'false'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, ...QUIET_ENV },
      },
    );
    rmSync(file, { force: true });
    if (run.status !== 0) throw new Error(`writing raw records failed (${run.status ?? run.signal}):\n${run.stdout}\n${run.stderr}`);
  }
  const port = await freePort();
  const inspectorPort = await freePort();
  let output = '';
  const [command, args] = outbound
    ? [join(BIN, 'tsx'), [join('test', 'e2e', 'support', 'dev-worker.ts'), String(port), state, JSON.stringify(outbound.vars ?? {})]]
    : [
        join(BIN, 'wrangler'),
        [
          'dev',
          '--ip',
          '127.0.0.1',
          '--port',
          String(port),
          '--inspector-port',
          String(inspectorPort),
          '--persist-to',
          state,
          '--show-interactive-dev-session=false',
        ],
      ];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...QUIET_ENV },
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // a test run that ends without its teardown (interrupted, crashed) still takes wrangler and workerd with it
  const orphanGuard = () => killGroup(child, 'SIGKILL');
  process.once('exit', orphanGuard);

  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const exited = new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
    );
    await Promise.race([exited, sleep(5_000)]);
    killGroup(child, 'SIGKILL');
    process.off('exit', orphanGuard);
    rmSync(state, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`wrangler dev exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
      await res.body?.cancel();
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer on port ${port} within ${startTimeoutMs} ms:\n${output}`);
    }
    await sleep(250);
  }
  return { port, origin: (host) => `http://${host}:${port}`, stop };
}
