// wrangler.toml's environments as wrangler reads them: each deployed environment binds everything the top level binds
// (wrangler inherits no binding, so one added at the top level alone would be missing in production), its vars are the
// same settings with its own values and pass the Worker's own schema, and production is what the issue asks of it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unstable_readConfig } from 'wrangler';
import { parseSettings, SETTINGS, type SettingName } from '../../worker/http/config.ts';

const root = join(import.meta.dirname, '..', '..');

interface Read {
  name?: string;
  workers_dev?: boolean;
  vars: Record<string, unknown>;
  kv_namespaces: { binding: string; id?: string }[];
  durable_objects: { bindings: { name: string; class_name: string }[] };
  version_metadata?: { binding: string };
  analytics_engine_datasets: { binding: string; dataset?: string }[];
  assets?: { binding?: string; directory?: string };
  secrets?: { required?: string[] };
  limits?: { cpu_ms?: number };
  observability?: { enabled?: boolean; head_sampling_rate?: number; traces?: { enabled?: boolean; head_sampling_rate?: number } };
  compatibility_flags?: string[];
  upload_source_maps?: boolean;
  routes?: unknown[];
}

const read = (env?: string) => unstable_readConfig({ config: join(root, 'wrangler.toml'), ...(env ? { env } : {}) }) as unknown as Read;
const top = read();
const deployed = { staging: read('staging'), production: read('production') };

/** The bindings an environment gives the Worker, by name and what they are. */
function bindings(c: Read): string[] {
  return [
    ...c.kv_namespaces.map((k) => `kv ${k.binding}`),
    ...c.durable_objects.bindings.map((d) => `durable object ${d.name} ${d.class_name}`),
    ...(c.version_metadata ? [`version metadata ${c.version_metadata.binding}`] : []),
    ...c.analytics_engine_datasets.map((d) => `analytics engine ${d.binding}`),
    ...(c.assets?.binding ? [`assets ${c.assets.binding} ${c.assets.directory}`] : []),
  ].sort();
}

describe('wrangler.toml', () => {
  it.each(Object.keys(deployed) as (keyof typeof deployed)[])('binds in env.%s everything the top level binds, and nothing else', (env) => {
    expect(bindings(deployed[env])).toEqual(bindings(top));
    expect(deployed[env].name).toBe(`site-runtime-${env}`);
  });

  it.each([['top level'], ['staging'], ['production']] as const)(
    'gives the %s every setting the Worker reads as a var, and they pass its schema',
    (which) => {
      const c = which === 'top level' ? top : deployed[which];
      const vars = Object.keys(SETTINGS).filter((k) => SETTINGS[k as SettingName] === 'var');
      expect(Object.keys(c.vars).sort()).toEqual(vars.sort());
      expect(c.secrets?.required).toEqual(['SESSION_SECRET']);
      // a secret of the right length stands in for the one `wrangler secret put` sets
      const parsed = parseSettings({ ...(c.vars as Record<string, string>), SESSION_SECRET: 'x'.repeat(48) });
      expect(parsed.ok ? [] : parsed.problems).toEqual([]);
    },
  );

  it('names the environment in each: development locally, then staging and production', () => {
    expect([top.vars.ENVIRONMENT, deployed.staging.vars.ENVIRONMENT, deployed.production.vars.ENVIRONMENT]).toEqual([
      'development',
      'staging',
      'production',
    ]);
  });

  it('deploys production without workers.dev, without a payment provider, with sampled logs; staging logs every request', () => {
    expect(deployed.production.workers_dev).toBe(false);
    expect(deployed.production.vars.PAYMENT_PROVIDER).toBe('');
    expect(deployed.production.observability).toEqual({
      enabled: true,
      head_sampling_rate: 0.1,
      traces: { enabled: true, head_sampling_rate: 0.01 },
    });
    expect(deployed.staging.observability).toEqual({
      enabled: true,
      head_sampling_rate: 1,
      traces: { enabled: true, head_sampling_rate: 1 },
    });
    expect(deployed.staging.vars.PAYMENT_PROVIDER).toBe('test');
    // the top level is local development: never deployed anywhere public
    expect(top.workers_dev).toBe(false);
    expect(top.routes ?? []).toEqual([]);
  });

  it('holds no placeholder id: a namespace id is this account’s, written by npm run setup', () => {
    for (const c of [top, deployed.staging, deployed.production])
      for (const kv of c.kv_namespaces) expect(kv.id === undefined || (/^[0-9a-f]{32}$/.test(kv.id) && !/^0+$/.test(kv.id))).toBe(true);
  });

  it('caps every environment’s CPU per request and uploads source maps', () => {
    for (const c of [top, deployed.staging, deployed.production]) {
      expect(c.limits?.cpu_ms).toBe(200);
      expect(c.upload_source_maps).toBe(true);
    }
  });

  it('writes each environment’s request metrics to a dataset of its own, and runs no environment with AsyncLocalStorage (nodejs_als)', () => {
    const datasets = [top, deployed.staging, deployed.production].map((c) =>
      c.analytics_engine_datasets.map((d) => `${d.binding} ${d.dataset}`),
    );
    expect(datasets).toEqual([
      ['REQUEST_METRICS site_runtime_requests'],
      ['REQUEST_METRICS site_runtime_staging_requests'],
      ['REQUEST_METRICS site_runtime_production_requests'],
    ]);
    // a request's facts are handed on explicitly (worker/observability/context.ts): the flag would make workerd carry a
    // context through every promise of every request
    for (const c of [top, deployed.staging, deployed.production]) expect(c.compatibility_flags ?? []).not.toContain('nodejs_als');
  });
});
