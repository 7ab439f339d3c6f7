// The few Cloudflare API calls the operations scripts make (npm run setup, npm run hostname), and what they share: the
// token and account from the environment, the API's envelope, and an environment's settings from wrangler.toml.
// CLOUDFLARE_API_BASE_URL (also read by wrangler) points them at another API: the tests' stand-in
// (test/node/support/cloudflare-stand-in.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { unstable_readConfig } from 'wrangler';

export const DEFAULT_API_BASE_URL = 'https://api.cloudflare.com/client/v4';

/** The deployed environments of wrangler.toml (its top level is local development and is never set up). */
export const DEPLOYED_ENVIRONMENTS = ['staging', 'production'] as const;
export type DeployedEnvironment = (typeof DEPLOYED_ENVIRONMENTS)[number];

/** A refusal worth one clear line to the operator (no stack trace). */
export class OperatorError extends Error {}

interface Envelope<T> {
  success: boolean;
  errors?: { code: number; message: string }[];
  result: T;
  result_info?: { page?: number; per_page?: number; total_pages?: number; count?: number; total_count?: number };
}

export class ApiError extends OperatorError {
  constructor(
    readonly status: number,
    readonly codes: number[],
    message: string,
  ) {
    super(message);
  }
}

export class CloudflareApi {
  readonly base: string;
  constructor(
    private readonly token: string,
    base = process.env.CLOUDFLARE_API_BASE_URL || DEFAULT_API_BASE_URL,
  ) {
    this.base = base.replace(/\/+$/, '');
  }

  /** One call; the `result` of a successful envelope, or an ApiError naming the API's own codes and messages. */
  async call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new OperatorError(`${method} ${this.base}${path} could not be sent: ${(error as Error).message}`);
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await res.json()) as Envelope<T>;
    } catch {
      throw new ApiError(res.status, [], `${method} ${path} answered ${res.status} without JSON`);
    }
    if (!res.ok || !envelope.success) {
      const errors = envelope.errors ?? [];
      const text = errors.map((e) => `${e.message} (${e.code})`).join('; ') || `status ${res.status}`;
      throw new ApiError(
        res.status,
        errors.map((e) => e.code),
        `${method} ${path}: ${text}`,
      );
    }
    return envelope;
  }

  async get<T>(path: string): Promise<T> {
    return (await this.call<T>('GET', path)).result;
  }

  /** Every page of a list. */
  async list<T>(path: string, perPage = 100): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const joiner = path.includes('?') ? '&' : '?';
      const envelope = await this.call<T[]>('GET', `${path}${joiner}page=${page}&per_page=${perPage}`);
      out.push(...envelope.result);
      const info = envelope.result_info;
      const pages = info?.total_pages ?? (info?.total_count !== undefined ? Math.ceil(info.total_count / perPage) : undefined);
      if (envelope.result.length < perPage || (pages !== undefined && page >= pages)) return out;
    }
  }
}

/** The API client and account of the environment (CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID), or a clear refusal. */
export async function connect(): Promise<{ api: CloudflareApi; accountId: string; accountNote: string }> {
  const token = process.env.CLOUDFLARE_API_TOKEN;
  if (!token)
    throw new OperatorError('CLOUDFLARE_API_TOKEN is not set: create an API token (docs/operations.md, "Account and token") and export it');
  const api = new CloudflareApi(token);
  const given = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (given) return { api, accountId: given, accountNote: 'from CLOUDFLARE_ACCOUNT_ID' };
  const accounts = await api.list<{ id: string; name: string }>('/accounts');
  if (accounts.length === 1) return { api, accountId: accounts[0]!.id, accountNote: `the token's only account, ${accounts[0]!.name}` };
  throw new OperatorError(
    `CLOUDFLARE_ACCOUNT_ID is not set and the token reaches ${accounts.length} accounts: export the one to use (${accounts
      .map((a) => `${a.name} ${a.id}`)
      .join(', ')})`,
  );
}

/** What the operations scripts read of one deployed environment in wrangler.toml. */
export interface EnvironmentConfig {
  configPath: string;
  env: DeployedEnvironment;
  /** the Worker's name in this environment */
  workerName: string;
  /** the SITES namespace id, when one is written */
  sitesNamespaceId: string | undefined;
  /** the zone of the environment's `*\/*` route (its SaaS zone), when one is written */
  zone: string | undefined;
  workersDev: boolean;
  requiredSecrets: string[];
}

export function parseEnvironment(value: string | undefined): DeployedEnvironment {
  if ((DEPLOYED_ENVIRONMENTS as readonly string[]).includes(value ?? '')) return value as DeployedEnvironment;
  throw new OperatorError(
    `--env must name a deployed environment: ${DEPLOYED_ENVIRONMENTS.join(' or ')}${value ? ` (not "${value}")` : ''}`,
  );
}

/** The fields of wrangler's configuration read here. */
interface WranglerEnvironment {
  name?: string;
  workers_dev?: boolean;
  kv_namespaces: { binding: string; id?: unknown }[];
  routes?: unknown[];
  secrets?: { required?: string[] };
}

export function readEnvironment(configPath: string, env: DeployedEnvironment): EnvironmentConfig {
  const config = unstable_readConfig({ config: configPath, env }) as unknown as WranglerEnvironment;
  if (!config.name) throw new OperatorError(`${configPath} names no Worker for env.${env}`);
  const sites = config.kv_namespaces.find((ns) => ns.binding === 'SITES');
  if (!sites) throw new OperatorError(`${configPath} has no SITES namespace in env.${env}`);
  const route = (config.routes ?? []).find(
    (r): r is { pattern: string; zone_name: string } => typeof r === 'object' && r !== null && 'zone_name' in r,
  );
  return {
    configPath,
    env,
    workerName: config.name,
    sitesNamespaceId: typeof sites.id === 'string' && sites.id ? sites.id : undefined,
    zone: route?.zone_name,
    workersDev: config.workers_dev ?? false,
    requiredSecrets: config.secrets?.required ?? [],
  };
}

/** The lines of one table of wrangler.toml: from its header to the next header. */
function tableRange(lines: string[], header: string): [number, number] {
  const start = lines.findIndex((l) => l.trim() === header);
  if (start < 0) throw new OperatorError(`wrangler.toml has no ${header} table: restore it from the repository before running setup`);
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end]!)) end++;
  return [start, end];
}

/** Sets `key = value` inside one table of wrangler.toml, keeping everything else (comments included) as it is. */
function setKey(lines: string[], header: string, key: string, value: string): void {
  const [start, end] = tableRange(lines, header);
  const at = lines.slice(start + 1, end).findIndex((l) => new RegExp(`^\\s*${key}\\s*=`).test(l));
  if (at >= 0) lines[start + 1 + at] = `${key} = ${value}`;
  else {
    // after the table's last key, before the blank lines and comments that lead to the next table
    let last = start;
    for (let i = start + 1; i < end; i++) if (/^\s*[A-Za-z_]+\s*=/.test(lines[i]!)) last = i;
    lines.splice(last + 1, 0, `${key} = ${value}`);
  }
}

/**
 * Writes this account's ids into an environment of wrangler.toml (the SITES namespace's id, the SaaS zone's route) and
 * reads the file back through wrangler to be sure it says what was meant. Returns what changed.
 */
export function writeEnvironment(config: EnvironmentConfig, change: { sitesNamespaceId?: string; zone?: string }): string[] {
  const text = readFileSync(config.configPath, 'utf8');
  const lines = text.split('\n');
  const changed: string[] = [];
  if (change.sitesNamespaceId && change.sitesNamespaceId !== config.sitesNamespaceId) {
    const [start, end] = tableRange(lines, `[[env.${config.env}.kv_namespaces]]`);
    if (!lines.slice(start, end).some((l) => /^\s*binding\s*=\s*"SITES"/.test(l)))
      throw new OperatorError(`the first [[env.${config.env}.kv_namespaces]] of ${config.configPath} is not SITES`);
    setKey(lines, `[[env.${config.env}.kv_namespaces]]`, 'id', JSON.stringify(change.sitesNamespaceId));
    changed.push(`env.${config.env} SITES id = "${change.sitesNamespaceId}"`);
  }
  if (change.zone && change.zone !== config.zone) {
    setKey(lines, `[env.${config.env}]`, 'routes', `[{ pattern = "*/*", zone_name = ${JSON.stringify(change.zone)} }]`);
    changed.push(`env.${config.env} routes = [{ pattern = "*/*", zone_name = "${change.zone}" }]`);
  }
  if (!changed.length) return changed;
  writeFileSync(config.configPath, lines.join('\n'));
  const check = readEnvironment(config.configPath, config.env);
  if ((change.sitesNamespaceId && check.sitesNamespaceId !== change.sitesNamespaceId) || (change.zone && check.zone !== change.zone)) {
    writeFileSync(config.configPath, text);
    throw new OperatorError(`${config.configPath} did not read back as written; it is left as it was`);
  }
  return changed;
}
