// npm run setup -- --env <staging|production> [--zone <SaaS zone>] [--fallback-origin <host>] [--skip-wildcard]
// [--config wrangler.toml]: makes what an environment needs in the Cloudflare account and is not there yet, says what
// it made and what it found, and writes this account's ids where wrangler reads them (wrangler.toml: the SITES
// namespace's id and the SaaS zone's `*/*` route; commit them). Running it again changes nothing that is in place.
//   - the SITES KV namespace, "<worker name>-sites" (the name wrangler's own provisioning would give it);
//   - with a zone (Cloudflare for SaaS, docs/operations.md): the fallback origin's originless DNS record
//     (AAAA 100::, proxied), the zone's fallback origin, and a wildcard record for the platform's subdomains;
//   - the required secrets: it cannot know their values, so it lists the missing ones with the command that sets each.
// CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID as for wrangler; CLOUDFLARE_API_BASE_URL for another API (the tests).
import { parseArgs } from 'node:util';
import {
  ApiError,
  type CloudflareApi,
  connect,
  OperatorError,
  parseEnvironment,
  readEnvironment,
  writeEnvironment,
} from './cloudflare-api.ts';

/** The record Cloudflare for SaaS asks for on a fallback origin that is a Worker: no origin server behind it. */
const ORIGINLESS = { type: 'AAAA', content: '100::', proxied: true } as const;

interface DnsRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied?: boolean;
}

async function ensureOriginlessRecord(api: CloudflareApi, zoneId: string, name: string, why: string, say: (line: string) => void) {
  const existing = await api.list<DnsRecord>(`/zones/${zoneId}/dns_records?name=${encodeURIComponent(name)}`);
  if (existing.length) {
    const r = existing[0]!;
    const fits = existing.some((x) => x.type === 'AAAA' && x.content === ORIGINLESS.content && x.proxied);
    say(
      `${fits ? 'found' : 'kept '}  DNS ${r.type} ${name} → ${r.content}${r.proxied ? ' (proxied)' : ''}${fits ? '' : `: not the originless AAAA 100:: record; ${why} needs a proxied record, which this one is${r.proxied ? '' : ' not'}`}`,
    );
    return;
  }
  await api.call('POST', `/zones/${zoneId}/dns_records`, { ...ORIGINLESS, name, ttl: 1, comment: `site-runtime: ${why}` });
  say(`made   DNS AAAA ${name} → 100:: (proxied), for ${why}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      env: { type: 'string' },
      zone: { type: 'string' },
      'fallback-origin': { type: 'string' },
      'skip-wildcard': { type: 'boolean', default: false },
      config: { type: 'string', default: 'wrangler.toml' },
    },
  });
  const env = parseEnvironment(values.env);
  const config = readEnvironment(values.config!, env);
  const say = (line: string) => console.log(line);
  const { api, accountId, accountNote } = await connect();
  say(`setting up env.${env} (Worker ${config.workerName}) in account ${accountId} (${accountNote})`);

  // --- the SITES namespace
  const title = `${config.workerName}-sites`;
  const namespaces = await api.list<{ id: string; title: string }>(`/accounts/${accountId}/storage/kv/namespaces`);
  let namespaceId: string;
  if (config.sitesNamespaceId) {
    const named = namespaces.find((ns) => ns.id === config.sitesNamespaceId);
    if (!named)
      throw new OperatorError(
        `${config.configPath} names SITES namespace ${config.sitesNamespaceId} for env.${env}, which account ${accountId} does not have: is this the right account? (remove the id to create a namespace)`,
      );
    namespaceId = named.id;
    say(`found  KV namespace ${named.title} (${named.id}), as ${config.configPath} names it`);
  } else {
    const found = namespaces.find((ns) => ns.title === title);
    if (found) {
      namespaceId = found.id;
      say(`found  KV namespace ${title} (${found.id})`);
    } else {
      namespaceId = (await api.call<{ id: string }>('POST', `/accounts/${accountId}/storage/kv/namespaces`, { title })).result.id;
      say(`made   KV namespace ${title} (${namespaceId})`);
    }
  }

  // --- the SaaS zone: fallback origin, its record, the platform subdomains, the route
  const zone = values.zone ?? config.zone;
  if (values.zone && config.zone && values.zone !== config.zone)
    throw new OperatorError(
      `env.${env} already routes zone ${config.zone}; moving an environment to another zone is a change to make by hand`,
    );
  if (zone) {
    const zones = await api.get<{ id: string; name: string; status: string }[]>(
      `/zones?name=${encodeURIComponent(zone)}&account.id=${encodeURIComponent(accountId)}`,
    );
    const found = zones.find((z) => z.name === zone);
    if (!found)
      throw new OperatorError(
        `zone ${zone} is not in account ${accountId}: add it to Cloudflare first (docs/operations.md, "Customer domains")`,
      );
    say(`found  zone ${zone} (${found.id}, ${found.status})`);
    let fallback: { origin: string; status: string } | null = null;
    try {
      fallback = await api.get<{ origin: string; status: string }>(`/zones/${found.id}/custom_hostnames/fallback_origin`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    const origin = fallback?.origin ?? values['fallback-origin'] ?? `fallback.${zone}`;
    if (fallback && values['fallback-origin'] && values['fallback-origin'] !== fallback.origin)
      throw new OperatorError(
        `zone ${zone} already has fallback origin ${fallback.origin}; change it in the dashboard if that is really meant`,
      );
    await ensureOriginlessRecord(api, found.id, origin, 'the fallback origin', say);
    if (fallback) say(`found  fallback origin ${fallback.origin} (${fallback.status})`);
    else {
      const set = await api.call<{ origin: string; status: string }>('PUT', `/zones/${found.id}/custom_hostnames/fallback_origin`, {
        origin,
      });
      say(`made   fallback origin ${set.result.origin} (${set.result.status}): customer domains CNAME to it`);
    }
    if (!values['skip-wildcard'])
      await ensureOriginlessRecord(api, found.id, `*.${zone}`, `the platform's subdomains ({site}.${zone})`, say);
  } else if (env === 'production') {
    say(`note   no --zone: production serves customer domains through a SaaS zone's route; run again with --zone <zone>`);
  }

  // --- wrangler.toml
  const written = writeEnvironment(config, { sitesNamespaceId: namespaceId, ...(zone ? { zone } : {}) });
  for (const line of written) say(`wrote  ${config.configPath}: ${line}`);
  if (!written.length) say(`found  ${config.configPath} already says all of this`);

  // --- secrets
  let present: string[] = [];
  try {
    present = (await api.get<{ name: string }[]>(`/accounts/${accountId}/workers/scripts/${config.workerName}/secrets`)).map((s) => s.name);
  } catch (error) {
    // a Worker that was never deployed has no secrets yet; `wrangler secret put` creates it
    if (!(error instanceof ApiError && (error.status === 404 || error.codes.includes(10007)))) throw error;
  }
  const missing = config.requiredSecrets.filter((name) => !present.includes(name));
  for (const name of config.requiredSecrets)
    say(
      present.includes(name)
        ? `found  secret ${name}`
        : `todo   secret ${name} is not set: ${name === 'SESSION_SECRET' ? 'openssl rand -base64 48 | ' : ''}npx wrangler secret put ${name} --env ${env}`,
    );
  say(
    missing.length
      ? `next   set the secrets above, then: npm run deploy -- --env ${env}`
      : `next   npm run deploy -- --env ${env}${written.length ? ` (after committing ${config.configPath})` : ''}`,
  );
}

try {
  await main();
} catch (error) {
  if (error instanceof OperatorError) {
    console.error(`setup: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
