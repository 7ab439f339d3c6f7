// npm run ops:report -- --env <staging|production> [--hours 24] [--site <identifier>] [--config wrangler.toml]
//
// Runs docs/operations.md's request-metrics queries ("Request metrics") against the environment's Analytics Engine
// dataset (REQUEST_METRICS in wrangler.toml) through the Analytics Engine SQL API, and prints one table per query:
// cache hit ratio by site and page type, render time percentiles, 5xx and error pages by site, the slowest sites, and
// traffic by deployed version. CLOUDFLARE_API_TOKEN (Account Analytics: Read) and CLOUDFLARE_ACCOUNT_ID as for the
// other scripts; CLOUDFLARE_API_BASE_URL points it at another API (the tests' stand-in). `--sql` prints the queries
// without running them.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { unstable_readConfig } from 'wrangler';
import { DEFAULT_API_BASE_URL, OperatorError, parseEnvironment } from './cloudflare-api.ts';

/** The data point's columns (worker/observability/data-points.ts writes them in this order). */
export const COLUMNS = {
  site: 'blob1',
  host: 'blob2',
  route: 'blob3',
  cacheTier: 'blob4',
  snapshot: 'blob5',
  deploy: 'blob6',
  colo: 'blob7',
  method: 'blob8',
  status: 'double1',
  renderMs: 'double2',
  totalMs: 'double3',
  bytes: 'double4',
  errors: 'double5',
  reportsReceived: 'double6',
  reportsLogged: 'double7',
  reportsDropped: 'double8',
} as const;

export interface Query {
  title: string;
  sql: string;
}

/**
 * The report's queries over the last `hours` hours, optionally of one site. Counts are weighted by _sample_interval
 * (Analytics Engine samples a busy index, and each row then stands for that many requests).
 */
export function reportQueries(dataset: string, hours: number, site?: string): Query[] {
  const c = COLUMNS;
  const since = `timestamp > NOW() - INTERVAL '${Math.max(1, Math.floor(hours))}' HOUR`;
  const where = site ? `${since} AND ${c.site} = '${site.replace(/[^A-Za-z0-9_.-]/g, '')}'` : since;
  return [
    {
      title: 'Cache hit ratio by site and page type',
      sql: `SELECT ${c.site} AS site, ${c.route} AS page_type, SUM(_sample_interval) AS requests,
  SUM(IF(${c.cacheTier} = 'memory', _sample_interval, 0)) AS memory,
  SUM(IF(${c.cacheTier} = 'cache-api', _sample_interval, 0)) AS cache_api,
  SUM(IF(${c.cacheTier} = 'miss', _sample_interval, 0)) AS miss,
  SUM(IF(${c.cacheTier} = 'miss', 0, _sample_interval)) / SUM(_sample_interval) AS hit_ratio
FROM ${dataset}
WHERE ${where} AND ${c.cacheTier} != 'bypass'
GROUP BY site, page_type
ORDER BY requests DESC
LIMIT 50`,
    },
    {
      title: 'Render time of rendered pages (ms), by page type',
      sql: `SELECT ${c.route} AS page_type, SUM(_sample_interval) AS renders,
  quantileExactWeighted(0.5)(${c.renderMs}, _sample_interval) AS p50,
  quantileExactWeighted(0.95)(${c.renderMs}, _sample_interval) AS p95,
  quantileExactWeighted(0.99)(${c.renderMs}, _sample_interval) AS p99
FROM ${dataset}
WHERE ${where} AND ${c.cacheTier} = 'miss'
GROUP BY page_type
ORDER BY renders DESC
LIMIT 50`,
    },
    {
      title: '5xx answers, error pages and logged errors by site',
      sql: `SELECT ${c.site} AS site, ${c.host} AS host, SUM(_sample_interval) AS requests,
  SUM(IF(${c.status} >= 500, _sample_interval, 0)) AS status_5xx,
  SUM(IF(${c.route} = 'ERROR', _sample_interval, 0)) AS error_pages,
  SUM(${c.errors} * _sample_interval) AS logged_errors,
  SUM(${c.reportsReceived} * _sample_interval) AS client_reports,
  SUM(${c.reportsDropped} * _sample_interval) AS client_reports_not_logged
FROM ${dataset}
WHERE ${where}
GROUP BY site, host
ORDER BY status_5xx DESC, error_pages DESC, logged_errors DESC
LIMIT 50`,
    },
    {
      title: 'Slowest sites (total ms)',
      sql: `SELECT ${c.site} AS site, SUM(_sample_interval) AS requests,
  quantileExactWeighted(0.5)(${c.totalMs}, _sample_interval) AS p50,
  quantileExactWeighted(0.95)(${c.totalMs}, _sample_interval) AS p95,
  quantileExactWeighted(0.99)(${c.totalMs}, _sample_interval) AS p99
FROM ${dataset}
WHERE ${where} AND ${c.site} != ''
GROUP BY site
ORDER BY p95 DESC
LIMIT 20`,
    },
    {
      title: 'Traffic by deployed version',
      sql: `SELECT ${c.deploy} AS deploy_version, SUM(_sample_interval) AS requests,
  SUM(IF(${c.status} >= 500, _sample_interval, 0)) AS status_5xx,
  MIN(timestamp) AS first_seen, MAX(timestamp) AS last_seen
FROM ${dataset}
WHERE ${where}
GROUP BY deploy_version
ORDER BY last_seen DESC
LIMIT 20`,
    },
  ];
}

/** What the SQL API answers a query with (FORMAT JSON, its default). */
interface SqlAnswer {
  meta: { name: string; type: string }[];
  data: Record<string, unknown>[];
  rows: number;
}

/** Runs one query; a refusal is the API's own text. */
export async function runQuery(base: string, accountId: string, token: string, sql: string): Promise<SqlAnswer> {
  const url = `${base.replace(/\/+$/, '')}/accounts/${encodeURIComponent(accountId)}/analytics_engine/sql`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: sql,
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    throw new OperatorError(`POST ${url} could not be sent: ${(error as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw new OperatorError(`the Analytics Engine SQL API answered ${res.status}: ${text.trim().slice(0, 500)}`);
  try {
    return JSON.parse(text) as SqlAnswer;
  } catch {
    throw new OperatorError(`the Analytics Engine SQL API answered ${res.status} without JSON: ${text.slice(0, 200)}`);
  }
}

/** A plain-text table: a header, a rule, a row per result, columns as wide as their widest cell. */
export function table(answer: SqlAnswer): string {
  const names = answer.meta.map((m) => m.name);
  if (!answer.data.length) return '(no rows)';
  const cells = answer.data.map((row) => names.map((n) => (row[n] === null || row[n] === undefined ? '' : String(row[n]))));
  const widths = names.map((n, i) => Math.max(n.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(names), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** The environment's dataset, as wrangler reads wrangler.toml. */
function datasetOf(configPath: string, env: string): string {
  const config = unstable_readConfig({ config: configPath, env }) as unknown as {
    analytics_engine_datasets?: { binding: string; dataset?: string }[];
  };
  const dataset = config.analytics_engine_datasets?.find((d) => d.binding === 'REQUEST_METRICS')?.dataset;
  if (!dataset) throw new OperatorError(`${configPath} binds no REQUEST_METRICS dataset in env.${env}`);
  return dataset;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      env: { type: 'string' },
      hours: { type: 'string', default: '24' },
      site: { type: 'string' },
      config: { type: 'string', default: join(import.meta.dirname, '..', 'wrangler.toml') },
      sql: { type: 'boolean', default: false },
    },
  });
  const env = parseEnvironment(values.env);
  const hours = Number(values.hours);
  if (!Number.isFinite(hours) || hours < 1)
    throw new OperatorError(`--hours must be a whole number of hours, 1 or more (not "${values.hours}")`);
  const queries = reportQueries(datasetOf(values.config!, env), hours, values.site);
  if (values.sql) {
    for (const q of queries) console.log(`-- ${q.title}\n${q.sql};\n`);
    return;
  }
  const token = process.env.CLOUDFLARE_API_TOKEN;
  if (!token)
    throw new OperatorError(
      'CLOUDFLARE_API_TOKEN is not set: a token with Account Analytics: Read (docs/operations.md, "Request metrics")',
    );
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (!accountId) throw new OperatorError('CLOUDFLARE_ACCOUNT_ID is not set: the account the Worker runs in');
  const base = process.env.CLOUDFLARE_API_BASE_URL || DEFAULT_API_BASE_URL;
  console.log(`env.${env}: the last ${hours} hours${values.site ? ` of ${values.site}` : ''}`);
  for (const q of queries) console.log(`\n${q.title}\n\n${table(await runQuery(base, accountId, token, q.sql))}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    if (error instanceof OperatorError) {
      console.error(`ops:report: ${error.message}`);
      process.exit(1);
    }
    throw error;
  });
}
