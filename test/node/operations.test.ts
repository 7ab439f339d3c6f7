// docs/operations.md, run as an operator runs it, as far as it can run without an account: npm run setup against a
// stand-in for the Cloudflare API (test/node/support/cloudflare-stand-in.ts), the deploy's preflight and dry-run
// bundles of both environments, a customer's domain through npm run hostname, and a published site smoke-checked on a
// customer's apex, its www host and a platform subdomain through npm start's server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../../scripts/cloudflare-api.ts';
import { startStandIn, type StandIn } from './support/cloudflare-stand-in.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'operations-test-'));
const QUIET = { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_DISABLE_EXPERIMENTAL_WARNING: '1' };
const ACCOUNT = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const ZONE = 'sites-example.net';
const TOKEN = 'stand-in-token';

/** A copy of the repository's wrangler.toml in a directory of its own, its paths made absolute, as a fresh clone has it. */
function freshConfig(name: string): string {
  const text = readFileSync(join(root, 'wrangler.toml'), 'utf8')
    .replace(/^main = "worker\/index.ts"$/m, `main = ${JSON.stringify(join(root, 'worker', 'index.ts'))}`)
    .replace(/^directory = "public"$/m, `directory = ${JSON.stringify(join(root, 'public'))}`);
  const path = join(dir, `${name}.toml`);
  writeFileSync(path, text);
  return path;
}

/** A script as `npm run <script>` runs it; asynchronous, so that the stand-in in this process can answer it. */
function run(
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join('scripts', script), ...args], {
      cwd: root,
      env: { ...process.env, ...QUIET, CLOUDFLARE_API_TOKEN: undefined, CLOUDFLARE_ACCOUNT_ID: undefined, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, out, err });
    });
  });
}

let api: StandIn;
const withApi = (extra: Record<string, string> = {}) => ({ CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_API_BASE_URL: api.url, ...extra });

beforeAll(async () => {
  api = await startStandIn({
    token: TOKEN,
    accounts: [{ id: ACCOUNT, name: 'Site Builder' }],
    zones: [{ id: 'zone-saas', name: ZONE, account: ACCOUNT, status: 'active' }],
    // another application's namespace, which setup must leave alone
    namespaces: new Map([[ACCOUNT, [{ id: 'ffffffffffffffffffffffffffffffff', title: 'newsletter-sites' }]]]),
  });
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run setup', () => {
  it('refuses without a token, saying which variable to set', async () => {
    const result = await run('setup.ts', ['--env', 'staging', '--config', freshConfig('no-token')]);
    expect(result.status).toBe(1);
    expect(result.err).toContain('setup: CLOUDFLARE_API_TOKEN is not set');
  });

  it('makes staging’s namespace, says what it made and what is left, and writes the id where wrangler reads it', async () => {
    const config = freshConfig('staging');
    const result = await run('setup.ts', ['--env', 'staging', '--config', config], withApi());
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    const made = api.state.namespaces.get(ACCOUNT)!.find((ns) => ns.title === 'site-runtime-staging-sites')!;
    expect(made).toBeDefined();
    expect(result.out).toContain(`in account ${ACCOUNT} (the token's only account, Site Builder)`);
    expect(result.out).toContain(`made   KV namespace site-runtime-staging-sites (${made.id})`);
    expect(result.out).toContain(`wrote  ${config}: env.staging SITES id = "${made.id}"`);
    expect(result.out).toContain(
      'todo   secret SESSION_SECRET is not set: openssl rand -base64 48 | npx wrangler secret put SESSION_SECRET --env staging',
    );
    expect(readEnvironment(config, 'staging')).toMatchObject({
      workerName: 'site-runtime-staging',
      sitesNamespaceId: made.id,
      workersDev: true,
    });
    // the rest of the file is as it was: comments, the other environment, the top level
    expect(readFileSync(config, 'utf8').replace(`binding = "SITES"\nid = "${made.id}"`, 'binding = "SITES"')).toBe(
      readFileSync(freshConfig('compare'), 'utf8'),
    );

    // again: nothing is made twice
    const posts = api.calls.filter((c) => c.method === 'POST').length;
    const again = await run('setup.ts', ['--env', 'staging', '--config', config], withApi());
    expect(again.status).toBe(0);
    expect(again.out).toContain(`found  KV namespace site-runtime-staging-sites (${made.id}), as ${config} names it`);
    expect(again.out).toContain(`found  ${config} already says all of this`);
    expect(api.calls.filter((c) => c.method === 'POST').length).toBe(posts);
    expect(api.calls.every((c) => c.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('sets production up on its SaaS zone: fallback origin, its originless record, the subdomains’ wildcard, the route', async () => {
    api.state.scripts.set('site-runtime-production', ['SESSION_SECRET']);
    const config = freshConfig('production');
    const result = await run(
      'setup.ts',
      ['--env', 'production', '--zone', ZONE, '--config', config],
      withApi({ CLOUDFLARE_ACCOUNT_ID: ACCOUNT }),
    );
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    const lines = result.out.split('\n');
    expect(lines).toContain(`found  zone ${ZONE} (zone-saas, active)`);
    expect(lines).toContain(`made   DNS AAAA fallback.${ZONE} → 100:: (proxied), for the fallback origin`);
    expect(lines).toContain(`made   fallback origin fallback.${ZONE} (pending_deployment): customer domains CNAME to it`);
    expect(lines).toContain(`made   DNS AAAA *.${ZONE} → 100:: (proxied), for the platform's subdomains ({site}.${ZONE})`);
    expect(lines).toContain(`wrote  ${config}: env.production routes = [{ pattern = "*/*", zone_name = "${ZONE}" }]`);
    expect(lines).toContain('found  secret SESSION_SECRET');
    expect(lines).toContain(`next   npm run deploy -- --env production (after committing ${config})`);
    expect(api.state.dns.get('zone-saas')).toEqual([
      expect.objectContaining({ type: 'AAAA', name: `fallback.${ZONE}`, content: '100::', proxied: true }),
      expect.objectContaining({ type: 'AAAA', name: `*.${ZONE}`, content: '100::', proxied: true }),
    ]);
    expect(readEnvironment(config, 'production')).toMatchObject({ workerName: 'site-runtime-production', zone: ZONE, workersDev: false });
    expect(readEnvironment(config, 'production').sitesNamespaceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a namespace id this account does not have, and leaves the file as it was', async () => {
    const config = freshConfig('foreign');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        '[[env.staging.kv_namespaces]]\nbinding = "SITES"',
        '[[env.staging.kv_namespaces]]\nbinding = "SITES"\nid = "0123456789abcdef0123456789abcdef"',
      ),
    );
    const before = readFileSync(config, 'utf8');
    const result = await run('setup.ts', ['--env', 'staging', '--config', config], withApi());
    expect(result.status).toBe(1);
    expect(result.err).toContain('names SITES namespace 0123456789abcdef0123456789abcdef for env.staging, which account');
    expect(readFileSync(config, 'utf8')).toBe(before);
  });
});

describe('npm run deploy', () => {
  it('refuses an environment setup has not written, naming the command', async () => {
    const result = await run('deploy.ts', ['--env', 'production', '--config', freshConfig('unset'), '--dry-run', '--skip-build']);
    expect(result.status).toBe(1);
    expect(result.err).toContain(
      'deploy: env.production names no SITES namespace id; env.production routes no SaaS zone and has no workers.dev address: run npm run setup -- --env production --zone <SaaS zone> first',
    );
  });

  it.each(['staging', 'production'] as const)('bundles %s offline with its own name, namespace and vars (--dry-run)', async (env) => {
    const config = join(dir, `${env}.toml`);
    const outdir = join(dir, `dist-${env}`);
    const result = await run('deploy.ts', ['--env', env, '--config', config, '--dry-run', '--outdir', outdir, '--skip-build']);
    expect(result.status, result.err).toBe(0);
    const id = readEnvironment(config, env).sitesNamespaceId!;
    expect(result.out).toContain(`deploy: env.${env} is Worker site-runtime-${env}, SITES ${id}`);
    expect(result.out).toContain(`env.SITES (${id})`);
    expect(result.out).toContain(`env.ENVIRONMENT ("${env}")`);
    expect(result.out).toContain('--dry-run: exiting now.');
    expect(readFileSync(join(outdir, 'index.js'), 'utf8').length).toBeGreaterThan(100_000);
  });
});

describe('npm run hostname (a customer’s domain on the SaaS zone)', () => {
  const config = () => join(dir, 'production.toml');

  it('adds a custom hostname and prints the records the customer adds', async () => {
    const result = await run('hostname.ts', ['add', 'Shop.Customer.example', '--env', 'production', '--config', config()], withApi());
    expect(result.status, result.err).toBe(0);
    const created = api.state.customHostnames.get('zone-saas')!.find((h) => h.hostname === 'shop.customer.example')!;
    expect(api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/custom_hostnames'))!.body).toEqual({
      hostname: 'shop.customer.example',
      ssl: { method: 'txt', type: 'dv', settings: { min_tls_version: '1.2' } },
    });
    const ownership = created.ownership_verification as { name: string; value: string };
    expect(result.out).toContain(`made   custom hostname shop.customer.example on ${ZONE}`);
    expect(result.out).toContain(`dns    shop.customer.example CNAME fallback.${ZONE}\n`);
    expect(result.out).toContain(`dns    ${ownership.name} TXT ${ownership.value}`);
    expect(result.out).toContain('dns    _acme-challenge.shop.customer.example TXT ');
  });

  it('tells an apex domain how to point at the zone', async () => {
    const result = await run('hostname.ts', ['add', 'customer.example', '--env', 'production', '--config', config()], withApi());
    expect(result.status).toBe(0);
    expect(result.out).toContain(`dns    customer.example CNAME fallback.${ZONE} (an apex: at a DNS host that flattens CNAMEs at the apex`);
  });

  it('reports pending until hostname and certificate are active, then ready to publish', async () => {
    const pending = await run('hostname.ts', ['status', 'shop.customer.example', '--env', 'production', '--config', config()], withApi());
    expect(pending.status).toBe(3);
    expect(pending.out).toContain('shop.customer.example: hostname pending, certificate pending_validation');
    const h = api.state.customHostnames.get('zone-saas')!.find((x) => x.hostname === 'shop.customer.example')!;
    h.status = 'active';
    (h.ssl as { status: string }).status = 'active';
    const ready = await run('hostname.ts', ['status', 'shop.customer.example', '--env', 'production', '--config', config()], withApi());
    expect(ready.status).toBe(0);
    expect(ready.out).toContain('ready  the Worker answers for shop.customer.example: publish its site');
  });

  it('refuses a host of the SaaS zone itself, and removes a custom hostname', async () => {
    const own = await run('hostname.ts', ['add', `fernwood.${ZONE}`, '--env', 'production', '--config', config()], withApi());
    expect(own.status).toBe(1);
    expect(own.err).toContain('its wildcard record already serves it');
    const removed = await run('hostname.ts', ['remove', 'shop.customer.example', '--env', 'production', '--config', config()], withApi());
    expect(removed.status).toBe(0);
    expect(api.state.customHostnames.get('zone-saas')!.map((h) => h.hostname)).toEqual(['customer.example']);
  });
});

// ----- a published site on a customer's domain, through npm start's server -----

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('a published site on a customer’s apex, its www host and a platform subdomain (npm start, npm run smoke)', () => {
  const state = join(dir, 'state');
  const hosts = ['customer.example', 'www.customer.example', `kettle.${ZONE}`];
  let port = 0;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    for (const host of hosts) {
      const published = await run('publish-site.ts', ['fixtures/sites/kettle.json', '--host', host, '--persist-to', state]);
      expect(published.status, published.err).toBe(0);
    }
    port = await freePort();
    // npm start without its asset build (npm test has built public/, which other test files are reading)
    server = spawn(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/start.ts', '--persist-to', state, '--inspector-port', String(await freePort())],
      {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...QUIET, PORT: String(port) },
      },
    );
    let output = '';
    server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const deadline = Date.now() + 120_000;
    while (!/Serving on http:\/\/127\.0\.0\.1:\d+\//.test(output)) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
      await sleep(250);
    }
  }, 180_000);
  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await Promise.race([new Promise((r) => server!.once('exit', r)), sleep(5000)]);
      if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
    }
  });

  const smoke = (...args: string[]) => run('smoke.ts', args, { PORT: String(port) });

  it('passes every smoke check on npm start’s fixture site (--local)', async () => {
    const result = await smoke('--local');
    expect(result.status, result.out).toBe(0);
    for (const check of [
      'home /: 200 PAGE',
      'home security headers',
      'crumb cookie',
      'nonce:',
      'fresh nonce',
      'stylesheet',
      'page cache: ',
      'not found /smoke-check-',
      'search /search?q=smoke: 200 SEARCH',
      'robots.txt: 200',
      'API refuses a write without a crumb: 403',
    ])
      expect(result.out).toMatch(new RegExp(`^ok {4}${check.replace(/[?.*()[\]]/g, '\\$&')}`, 'm'));
    expect(result.out).toMatch(/^ok {4}page cache: miss, hit, hit \(memory\)$/m);
  });

  it.each(hosts)('serves %s as every other host: the same checks pass, with HSTS and a Secure crumb off local hosts', async (host) => {
    const result = await smoke(`http://${host}:${port}/`, '--resolve', '127.0.0.1');
    expect(result.status, result.out).toBe(0);
    expect(result.out).toMatch(/^ok {4}home \/: 200 MAIN_CONTENT$/m);
    expect(result.out).toMatch(/^ok {4}home security headers: nosniff, referrer policy, CSP, HSTS$/m);
    expect(result.out).toMatch(/^ok {4}crumb cookie: crumb=…; Path=\/; Secure; SameSite=Lax$/m);
    expect(result.out).toContain(`checks, 0 failed: http://${host}:${port}`);
  });

  it('fails, line by line, for a host with no site', async () => {
    const result = await smoke(`http://shop.nobody.example:${port}/`, '--resolve', '127.0.0.1');
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/^FAIL {2}home \/: 404/m);
  });
});
