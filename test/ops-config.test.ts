// The configuration checked once, loudly (worker/http/config.ts, worker/http/config-check.ts): every setting read by one
// schema, a refused configuration answered with a 503 page and logged once per isolate, no unreadable value replaced by
// a default, and production refusing the test payment provider.
import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIG_RETRY_AFTER_S, CONFIG_UNAVAILABLE } from '../worker/http/config-check.ts';
import {
  DEFAULT_POINTER_TTL_MS,
  DEFAULT_RENDER_TIMEOUT_MS,
  parseSettings,
  SETTINGS,
  type SettingName,
  type Settings,
} from '../worker/http/config.ts';
import { DEFAULT_ORIGIN_TIMEOUT_MS } from '../worker/http/limits.ts';
import { UNAVAILABLE_MESSAGE } from '../worker/http/request.ts';
import worker, { app } from '../worker/index.ts';
import { hostOf, publishFixtures, textOf } from './support/fixtures.ts';
import { visit } from './support/sites.ts';

const SECRET = 'a-session-secret-of-forty-characters-xx';
/** A configuration every environment accepts, as wrangler.toml's top level and .dev.vars give it. */
const BASE: Partial<Record<SettingName, string>> = { ENVIRONMENT: 'development', SESSION_SECRET: SECRET, PAYMENT_PROVIDER: 'test' };

function settings(change: Partial<Record<SettingName, string | undefined>>): Settings {
  const result = parseSettings({ ...BASE, ...change });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.settings;
}

function refusal(change: Partial<Record<SettingName, string | undefined>>): string {
  const result = parseSettings({ ...BASE, ...change });
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(change)}`);
  return result.problems.map((p) => `${p.setting} ${p.reason}`).join('; ');
}

afterEach(() => vi.restoreAllMocks());

describe('the settings schema', () => {
  it('reads unset optional settings as their documented defaults', () => {
    expect(settings({})).toEqual({
      environment: 'development',
      renderTimeoutMs: DEFAULT_RENDER_TIMEOUT_MS,
      sitePointerTtlMs: DEFAULT_POINTER_TTL_MS,
      pageCache: true,
      apiOrigin: null,
      apiTimeoutMs: DEFAULT_ORIGIN_TIMEOUT_MS,
      paymentProvider: 'test',
      sessionSecret: SECRET,
      sessionSecretPrevious: null,
      turnstile: { kind: 'none' },
      opsToken: null,
    } satisfies Settings);
  });

  it.each([
    ['SITE_POINTER_TTL_MS', '', 'sitePointerTtlMs', DEFAULT_POINTER_TTL_MS],
    ['SITE_POINTER_TTL_MS', '0', 'sitePointerTtlMs', 0],
    ['SITE_POINTER_TTL_MS', ' 2500 ', 'sitePointerTtlMs', 2500],
    ['RENDER_TIMEOUT_MS', '5000', 'renderTimeoutMs', 5000],
    ['API_TIMEOUT_MS', '250', 'apiTimeoutMs', 250],
    ['PAGE_CACHE', 'off', 'pageCache', false],
    ['PAGE_CACHE', 'on', 'pageCache', true],
    ['PAGE_CACHE', '', 'pageCache', true],
    ['API_ORIGIN', 'https://api.example.com', 'apiOrigin', 'https://api.example.com'],
    ['API_ORIGIN', 'http://127.0.0.1:9000/', 'apiOrigin', 'http://127.0.0.1:9000'],
    ['API_ORIGIN', '', 'apiOrigin', null],
    ['PAYMENT_PROVIDER', '', 'paymentProvider', null],
    ['TURNSTILE_SECRET_KEY', '0x4AAA-secret', 'turnstile', { kind: 'one', secret: '0x4AAA-secret' }],
    ['TURNSTILE_SECRET_KEY', '{"0xA": " one "}', 'turnstile', { kind: 'per-site-key', secrets: { '0xA': 'one' } }],
  ] as const)('reads %s=%j', (name, value, key, expected) => {
    expect(settings({ [name]: value })[key]).toEqual(expected);
  });

  it.each([
    ['SITE_POINTER_TTL_MS', '-1', /SITE_POINTER_TTL_MS "-1" is not a whole number of milliseconds of at least 0/],
    ['SITE_POINTER_TTL_MS', 'soon', /SITE_POINTER_TTL_MS "soon" is not a whole number/],
    ['RENDER_TIMEOUT_MS', '0', /RENDER_TIMEOUT_MS "0" is not a whole number of milliseconds of at least 1/],
    ['RENDER_TIMEOUT_MS', '10s', /RENDER_TIMEOUT_MS "10s"/],
    ['API_TIMEOUT_MS', '2.5', /API_TIMEOUT_MS "2.5"/],
    ['PAGE_CACHE', 'of', /PAGE_CACHE "of" is neither "on" nor "off"/],
    ['API_ORIGIN', 'api.example.com', /API_ORIGIN "api.example.com" is not an http\(s\) URL/],
    ['API_ORIGIN', 'ftp://api.example.com', /is not an http\(s\) URL/],
    ['API_ORIGIN', 'https://api.example.com/v2', /is more than an origin/],
    ['PAYMENT_PROVIDER', 'stirpe', /PAYMENT_PROVIDER "stirpe" names no payment provider \(known: test\)/],
    ['ENVIRONMENT', undefined, /ENVIRONMENT is not set: one of development, staging, production/],
    ['ENVIRONMENT', 'prod', /ENVIRONMENT "prod" is not: one of/],
    ['SESSION_SECRET', undefined, /SESSION_SECRET is not set \(a wrangler secret/],
    ['SESSION_SECRET', '  ', /SESSION_SECRET is not set/],
    ['SESSION_SECRET', 'short-secret', /SESSION_SECRET is 12 characters long; at least 32 are required/],
    ['SESSION_SECRET_PREVIOUS', SECRET, /SESSION_SECRET_PREVIOUS is the same as SESSION_SECRET/],
    ['TURNSTILE_SECRET_KEY', '{"0xA":', /TURNSTILE_SECRET_KEY starts like a JSON object .* but is not valid JSON/],
    ['TURNSTILE_SECRET_KEY', '{"0xA":" "}', /TURNSTILE_SECRET_KEY is a JSON value, but not an object of site key → non-empty secret/],
  ] as const)('refuses %s=%j, never taking a default instead', (name, value, reason) => {
    expect(refusal({ [name]: value })).toMatch(reason);
  });

  it('names every refused setting at once, and quotes no secret', () => {
    const text = refusal({ SESSION_SECRET: 'hunter2-hunter2', TURNSTILE_SECRET_KEY: '{"0xA": "visible-if-quoted"', PAGE_CACHE: 'maybe' });
    expect(text).toMatch(/SESSION_SECRET .*; TURNSTILE_SECRET_KEY .*; PAGE_CACHE|PAGE_CACHE/);
    for (const setting of ['SESSION_SECRET', 'TURNSTILE_SECRET_KEY', 'PAGE_CACHE']) expect(text).toContain(setting);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('visible-if-quoted');
  });

  it('refuses a setting that is not text (a binding in its place)', () => {
    const result = parseSettings({ ...BASE, RENDER_TIMEOUT_MS: 5000 as unknown as string });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([{ setting: 'RENDER_TIMEOUT_MS', reason: 'is a number, not text' }]);
  });

  it('refuses the test payment provider and plain http origins in production, and takes them in development', () => {
    expect(refusal({ ENVIRONMENT: 'production', PAYMENT_PROVIDER: 'test' })).toMatch(
      /PAYMENT_PROVIDER "test" takes no money and is refused in production/,
    );
    expect(settings({ ENVIRONMENT: 'production', PAYMENT_PROVIDER: '' }).paymentProvider).toBeNull();
    expect(settings({ ENVIRONMENT: 'staging', PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
    expect(refusal({ ENVIRONMENT: 'staging', API_ORIGIN: 'http://api.example.com' })).toMatch(/API_ORIGIN is plain http; staging/);
    expect(settings({ ENVIRONMENT: 'development', API_ORIGIN: 'http://127.0.0.1:9000' }).apiOrigin).toBe('http://127.0.0.1:9000');
  });

  it('knows every setting it reads by name and kind', () => {
    expect(SETTINGS).toEqual({
      ENVIRONMENT: 'var',
      RENDER_TIMEOUT_MS: 'var',
      SITE_POINTER_TTL_MS: 'var',
      PAGE_CACHE: 'var',
      API_ORIGIN: 'var',
      API_TIMEOUT_MS: 'var',
      PAYMENT_PROVIDER: 'var',
      SESSION_SECRET: 'secret',
      SESSION_SECRET_PREVIOUS: 'secret',
      TURNSTILE_SECRET_KEY: 'secret',
      OPS_TOKEN: 'secret',
    });
  });
});

/** The Worker's own fetch (fast path and app) with another environment object, as the runtime would hand it. */
function fetchWith(config: Record<string, unknown>, host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(worker.fetch(new Request(`http://${host}${path}`, init), config as unknown as Env, createExecutionContext()));
}

function configLines(spy: { mock: { calls: unknown[][] } }): Array<Record<string, unknown>> {
  return spy.mock.calls
    .map((args) => String(args[0]))
    .filter((line) => line.includes('"config.invalid"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('a Worker whose configuration is refused', () => {
  beforeAll(async () => {
    await publishFixtures();
  });

  it('answers every page with a 503 page that asks visitors to come back, and names no setting', async () => {
    const broken = { ...env, SESSION_SECRET: undefined };
    for (const path of ['/', '/journal', '/robots.txt', '/login', '/media/missing.jpg']) {
      const res = await fetchWith(broken, hostOf('fernwood'), path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=UTF-8');
      expect(res.headers.get('retry-after'), path).toBe(String(CONFIG_RETRY_AFTER_S));
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      // the security headers of every response
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), path).toContain("script-src 'none'");
      const html = await res.text();
      expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(textOf(html)).toContain(CONFIG_UNAVAILABLE.message);
      expect(html).not.toContain('SESSION_SECRET');
      expect(html).not.toContain('Fernwood');
    }
  });

  it('answers the API with its JSON 503, and a HEAD without a body', async () => {
    const broken = { ...env, PAGE_CACHE: 'sometimes' };
    const api = await fetchWith(broken, hostOf('fernwood'), '/api/census/RecordHit', { method: 'POST', body: '{}' });
    expect(api.status).toBe(503);
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(await api.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    const head = await fetchWith(broken, hostOf('fernwood'), '/', { method: 'HEAD' });
    expect(head.status).toBe(503);
    expect(await head.text()).toBe('');
  });

  it('logs one config.invalid line per isolate naming each setting, however many requests it refuses', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...env, RENDER_TIMEOUT_MS: 'ten seconds', SESSION_SECRET: 'too-short' };
    for (let i = 0; i < 3; i++) expect((await fetchWith(broken, hostOf('kettle'), '/')).status).toBe(503);
    // the runtime hands each request the same environment object; another object with the same fault is not logged again
    expect((await fetchWith({ ...broken }, hostOf('lumen'), '/')).status).toBe(503);
    const lines = configLines(spy);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      event: 'config.invalid',
      environment: 'development',
      settings: ['RENDER_TIMEOUT_MS', 'SESSION_SECRET'],
    });
    expect(JSON.stringify(lines[0])).not.toContain('too-short');
    // a different fault is a line of its own
    await fetchWith({ ...env, API_TIMEOUT_MS: '-5' }, hostOf('kettle'), '/');
    expect(configLines(spy).map((l) => l.settings)).toEqual([['RENDER_TIMEOUT_MS', 'SESSION_SECRET'], ['API_TIMEOUT_MS']]);
  });

  it('is refused even for a page this isolate holds in memory (the cached-page fast path checks first)', async () => {
    const host = hostOf('lumen');
    // the second visit is an edge hit, which fills the memory tier; the third is served from memory
    await (await visit(host, '/')).arrayBuffer();
    await (await visit(host, '/')).arrayBuffer();
    const held = await visit(host, '/');
    expect(held.headers.get('x-page-cache-tier')).toBe('memory');
    await held.arrayBuffer();
    const refused = await fetchWith({ ...env, ENVIRONMENT: 'production' }, host, '/');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('x-page-cache')).toBeNull();
  });

  it('serves as usual with the configuration of wrangler.toml and .dev.vars', async () => {
    const res = await SELF.fetch(`http://${hostOf('fernwood')}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Fernwood');
  });
});

describe('production without a payment provider', () => {
  it('refuses the test provider: the Worker answers 503 rather than take test orders', async () => {
    const res = await app.fetch(
      new Request(`http://${hostOf('trailhead')}/checkout`),
      { ...env, ENVIRONMENT: 'production', PAYMENT_PROVIDER: 'test' },
      createExecutionContext(),
    );
    expect(res.status).toBe(503);
  });
});
