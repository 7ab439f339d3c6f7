// npm run hostname -- <add|status|remove> <hostname> --env <staging|production> [--validation txt|http]
// [--metadata '<json>'] [--config wrangler.toml]: a customer's domain as a Cloudflare for SaaS custom hostname on the
// environment's SaaS zone (the zone of its `*/*` route in wrangler.toml). No deploy is involved: the route already
// sends every hostname of the zone to the Worker, which finds the site by the request's host (docs/operations.md,
// "A customer's domain").
//   add     creates the custom hostname and prints the DNS records the customer adds (the CNAME to the fallback origin,
//           the ownership and certificate TXT records)
//   status  prints where validation stands; exits 0 once hostname and certificate are active, 3 while pending
//   remove  deletes it (unpublish the site's host first: npm run unpublish:site)
import { parseArgs } from 'node:util';
import { ApiError, type CloudflareApi, connect, OperatorError, parseEnvironment, readEnvironment } from './cloudflare-api.ts';

interface CustomHostname {
  id: string;
  hostname: string;
  status: string;
  ssl?: {
    status?: string;
    method?: string;
    validation_records?: { txt_name?: string; txt_value?: string; http_url?: string; http_body?: string }[];
    validation_errors?: { message: string }[];
  };
  ownership_verification?: { type?: string; name?: string; value?: string };
  verification_errors?: string[];
  custom_metadata?: Record<string, string>;
}

const HOSTNAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

function describe(h: CustomHostname, fallback: string | null, say: (line: string) => void): boolean {
  const ready = h.status === 'active' && h.ssl?.status === 'active';
  say(`${h.hostname}: hostname ${h.status}, certificate ${h.ssl?.status ?? 'none'} (id ${h.id})`);
  if (ready) {
    say(
      `ready  the Worker answers for ${h.hostname}: publish its site (npm run publish:site -- <site.json> --host ${h.hostname} --env <env>)`,
    );
    return true;
  }
  const apex = h.hostname.split('.').length === 2;
  if (fallback)
    say(
      apex
        ? `dns    ${h.hostname} CNAME ${fallback} (an apex: at a DNS host that flattens CNAMEs at the apex, or the A/AAAA records of apex proxying)`
        : `dns    ${h.hostname} CNAME ${fallback}`,
    );
  if (h.ownership_verification?.name)
    say(`dns    ${h.ownership_verification.name} TXT ${h.ownership_verification.value} (proves the customer owns the name)`);
  for (const r of h.ssl?.validation_records ?? []) {
    if (r.txt_name) say(`dns    ${r.txt_name} TXT ${r.txt_value} (lets the certificate be issued before traffic arrives)`);
    if (r.http_url) say(`http   ${r.http_url} answers ${r.http_body} (Cloudflare serves it once the CNAME is in place)`);
  }
  for (const e of [...(h.verification_errors ?? []), ...(h.ssl?.validation_errors ?? []).map((x) => x.message)]) say(`error  ${e}`);
  return false;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      validation: { type: 'string', default: 'txt' },
      metadata: { type: 'string' },
      config: { type: 'string', default: 'wrangler.toml' },
    },
  });
  const [action, raw] = positionals;
  if (!action || !['add', 'status', 'remove'].includes(action) || !raw || positionals.length !== 2)
    throw new OperatorError('usage: npm run hostname -- <add|status|remove> <hostname> --env <staging|production>');
  const hostname = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!HOSTNAME.test(hostname)) throw new OperatorError(`${raw} is not a hostname`);
  const env = parseEnvironment(values.env);
  const config = readEnvironment(values.config!, env);
  if (!config.zone) throw new OperatorError(`env.${env} routes no SaaS zone yet: npm run setup -- --env ${env} --zone <zone>`);
  if (hostname === config.zone || hostname.endsWith(`.${config.zone}`))
    throw new OperatorError(
      `${hostname} is in the SaaS zone ${config.zone} itself: its wildcard record already serves it; publish the site for it`,
    );
  const say = (line: string) => console.log(line);
  const { api } = await connect();
  const zones = await api.get<{ id: string; name: string }[]>(`/zones?name=${encodeURIComponent(config.zone)}`);
  const zone = zones.find((z) => z.name === config.zone);
  if (!zone) throw new OperatorError(`zone ${config.zone} is not reachable with this token`);
  const base = `/zones/${zone.id}/custom_hostnames`;
  const existing = (await api.get<CustomHostname[]>(`${base}?hostname=${encodeURIComponent(hostname)}`)).find(
    (h) => h.hostname === hostname,
  );
  const fallback = await fallbackOrigin(api, zone.id);

  if (action === 'add') {
    let h = existing;
    if (h) say(`found  custom hostname ${hostname} on ${config.zone}`);
    else {
      let metadata: Record<string, string> | undefined;
      if (values.metadata) {
        try {
          metadata = JSON.parse(values.metadata) as Record<string, string>;
        } catch {
          throw new OperatorError('--metadata must be a JSON object');
        }
      }
      if (values.validation !== 'txt' && values.validation !== 'http') throw new OperatorError('--validation is txt or http');
      h = (
        await api.call<CustomHostname>('POST', base, {
          hostname,
          ssl: { method: values.validation, type: 'dv', settings: { min_tls_version: '1.2' } },
          ...(metadata ? { custom_metadata: metadata } : {}),
        })
      ).result;
      say(`made   custom hostname ${hostname} on ${config.zone}: the customer adds these records`);
    }
    describe(h, fallback, say);
    return 0;
  }
  if (!existing) {
    say(`${hostname} is not a custom hostname of ${config.zone}`);
    return action === 'remove' ? 0 : 1;
  }
  if (action === 'status') return describe(existing, fallback, say) ? 0 : 3;
  await api.call('DELETE', `${base}/${existing.id}`);
  say(
    `removed custom hostname ${hostname} from ${config.zone}: its certificate is revoked, and visitors to it get Cloudflare's error page`,
  );
  return 0;
}

async function fallbackOrigin(api: CloudflareApi, zoneId: string): Promise<string | null> {
  try {
    return (await api.get<{ origin: string }>(`/zones/${zoneId}/custom_hostnames/fallback_origin`)).origin;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

try {
  process.exit(await main());
} catch (error) {
  if (error instanceof OperatorError) {
    console.error(`hostname: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
