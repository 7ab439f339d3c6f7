// npm run ops:report against a stand-in for the Analytics Engine SQL API on 127.0.0.1 (CLOUDFLARE_API_BASE_URL), as
// test/node/operations.test.ts runs setup against a stand-in for the rest of the Cloudflare API: the report sends each
// of docs/operations.md's queries to the environment's dataset with the token, and prints what comes back as tables.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportQueries } from '../../scripts/ops-report.ts';

const root = join(import.meta.dirname, '..', '..');
const ACCOUNT = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const TOKEN = 'stand-in-token';
const QUIET = { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_DISABLE_EXPERIMENTAL_WARNING: '1' };

interface Received {
  path: string;
  authorization: string | undefined;
  sql: string;
}

let server: Server;
let base = '';
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, sql: body });
      if (req.method !== 'POST' || req.url !== `/client/v4/accounts/${ACCOUNT}/analytics_engine/sql`) {
        res.writeHead(404).end('not found');
        return;
      }
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(401).end('Authentication error');
        return;
      }
      if (body.includes('quantileExactWeighted')) {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            meta: [
              { name: 'page_type', type: 'String' },
              { name: 'p50', type: 'Float64' },
            ],
            data: [
              { page_type: 'ITEM', p50: 12 },
              { page_type: 'HOME', p50: 7.5 },
            ],
            rows: 2,
          }),
        );
        return;
      }
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ meta: [{ name: 'site', type: 'String' }], data: [], rows: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function report(args: string[], env: Record<string, string | undefined>): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join('scripts', 'ops-report.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...QUIET, CLOUDFLARE_API_TOKEN: undefined, CLOUDFLARE_ACCOUNT_ID: undefined, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, out, err }));
  });
}

describe('npm run ops:report', () => {
  it('runs each query against the environment’s dataset through the SQL API and prints tables', async () => {
    received.length = 0;
    const result = await report(['--env', 'production', '--hours', '6'], {
      CLOUDFLARE_API_TOKEN: TOKEN,
      CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
      CLOUDFLARE_API_BASE_URL: base,
    });
    expect(result.err).not.toContain('ops:report:');
    expect(result.status).toBe(0);
    const queries = reportQueries('site_runtime_production_requests', 6);
    expect(received.map((r) => r.sql)).toEqual(queries.map((q) => q.sql));
    expect(received.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    for (const q of queries) expect(result.out).toContain(q.title);
    expect(result.out).toContain('env.production: the last 6 hours');
    // a table: header, rule, rows
    expect(result.out).toMatch(/page_type {2}p50\n-{9} {2}-{3}\nITEM {7}12\nHOME {7}7\.5/);
    expect(result.out).toContain('(no rows)');
  });

  it('names the site it is asked about in every query, and nothing a site name could smuggle in', () => {
    for (const q of reportQueries('d', 24, "fernwood' OR 1=1 --")) expect(q.sql).toContain("blob1 = 'fernwoodOR11--'");
  });

  it('says what the API refused, and what is missing', async () => {
    const refused = await report(['--env', 'staging'], {
      CLOUDFLARE_API_TOKEN: 'wrong',
      CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
      CLOUDFLARE_API_BASE_URL: base,
    });
    expect(refused.status).toBe(1);
    expect(refused.err).toContain('ops:report: the Analytics Engine SQL API answered 401: Authentication error');
    const noToken = await report(['--env', 'staging'], { CLOUDFLARE_ACCOUNT_ID: ACCOUNT });
    expect(noToken.status).toBe(1);
    expect(noToken.err).toContain('ops:report: CLOUDFLARE_API_TOKEN is not set');
    const noEnv = await report([], { CLOUDFLARE_API_TOKEN: TOKEN });
    expect(noEnv.err).toContain('ops:report: --env must name a deployed environment: staging or production');
  });

  it('runs the queries docs/operations.md shows', () => {
    const doc = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
    for (const q of reportQueries('site_runtime_production_requests', 24)) expect(doc).toContain(q.sql);
  });
});
