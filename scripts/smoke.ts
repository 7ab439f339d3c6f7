// npm run smoke -- https://<host> | --local: a published site's page types through the deployed Worker (or `npm start`'s),
// one line per check: status and page type, the security headers, the crumb cookie, the page's nonce, the page cache
// and the API's refusal of a write without a crumb. Exits 1 when any check fails. Sends nothing that changes data:
// GETs, and one POST the crumb check refuses before any handler runs.
//   npm run smoke -- https://www.example.com
//   npm run smoke -- --local            # http://fernwood.localhost:$PORT (8787), as npm start serves it
//   npm run smoke -- https://shop.customer.example --resolve <address>   # before the customer's DNS is changed
//   npm run smoke -- https://<host> --version site-runtime-production=<version id>   # one version, mid-rollout
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { parseArgs } from 'node:util';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Hosts sent to a given address instead of the resolver's (`--resolve`, as curl's), and *.localhost to loopback. */
const resolved = new Map<string, string>();
/** Headers every request carries (`--version`: Cloudflare-Workers-Version-Overrides, to check one version of a gradual deployment). */
const extraHeaders: Record<string, string> = {};

/** *.localhost resolves to the loopback address (RFC 6761), whatever the machine's resolver says. */
const lookup: LookupFunction = (hostname, options, callback) => {
  const address = resolved.get(hostname) ?? (hostname === 'localhost' || hostname.endsWith('.localhost') ? '127.0.0.1' : undefined);
  if (address) {
    const family = address.includes(':') ? 6 : 4;
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
    return;
  }
  void import('node:dns').then((dns) => dns.lookup(hostname, options, callback));
};

/** One request, without following redirects; the body as text. */
export function send(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  timeoutMs = 15_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const make = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = make(
      url,
      {
        method: init.method ?? 'GET',
        headers: { 'User-Agent': 'site-runtime-smoke/1', ...extraHeaders, ...init.headers },
        lookup,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

const header = (a: Answer, name: string): string => {
  const v = a.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
};
const cookies = (a: Answer): string[] => {
  const v = a.headers['set-cookie'];
  return Array.isArray(v) ? v : v ? [v] : [];
};

/** The page type the document says it is (its §3 page context). */
export function pageTypeOf(html: string): string | null {
  const m = /<script type="application\/json" id="site-context"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!m) return null;
  try {
    return (JSON.parse(m[1]!) as { pageTypeName?: string }).pageTypeName ?? null;
  } catch {
    return null;
  }
}

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeResult {
  checks: Check[];
  failed: number;
}

/** Runs every check against one site; `print` gets one line per check as it is made. */
export async function smoke(base: URL, print: (line: string) => void = console.log): Promise<SmokeResult> {
  const checks: Check[] = [];
  const local = base.hostname === 'localhost' || base.hostname.endsWith('.localhost') || base.hostname === '127.0.0.1';
  // the Cache API does nothing on workers.dev: every page is rendered there
  const cacheless = base.hostname.endsWith('.workers.dev');
  const record = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail });
    print(`${ok ? 'ok  ' : 'FAIL'}  ${name}: ${detail}`);
  };
  const at = (path: string) => new URL(path, base);
  const attempt = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      record(name, false, (error as Error).message);
    }
  };

  /** The headers every response of the Worker carries. */
  const securityHeaders = (name: string, a: Answer) => {
    const missing: string[] = [];
    if (header(a, 'x-content-type-options') !== 'nosniff') missing.push('X-Content-Type-Options: nosniff');
    if (header(a, 'referrer-policy') !== 'strict-origin-when-cross-origin') missing.push('Referrer-Policy');
    const csp = header(a, 'content-security-policy');
    if (!/frame-ancestors /.test(csp)) missing.push('Content-Security-Policy with frame-ancestors');
    const hsts = header(a, 'strict-transport-security');
    if (!local && !/max-age=\d+/.test(hsts)) missing.push('Strict-Transport-Security');
    if (local && hsts) missing.push('no HSTS on a local host');
    record(
      `${name} security headers`,
      missing.length === 0,
      missing.length ? `missing ${missing.join(', ')}` : `nosniff, referrer policy, CSP${local ? '' : ', HSTS'}`,
    );
  };

  /** A page: its status and page type, then its headers. */
  const page = async (name: string, path: string, status: number, pageType?: string, cookie?: string): Promise<Answer> => {
    const a = await send(at(path), { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) } });
    const type = pageTypeOf(a.body);
    const html = header(a, 'content-type').startsWith('text/html');
    if (html) pages.push({ path, answer: a });
    const ok = a.status === status && html && (pageType === undefined ? type !== null : type === pageType);
    record(
      `${name} ${path}`,
      ok,
      `${a.status} ${type ?? (html ? 'HTML without a page context' : header(a, 'content-type') || 'no content type')}${ok ? '' : ` (expected ${status}${pageType ? ` ${pageType}` : ''})`}`,
    );
    return a;
  };

  /** Every HTML page fetched, for the nonce checks at the end. */
  const pages: { path: string; answer: Answer }[] = [];
  let home: Answer | undefined;
  let crumb = '';
  await attempt('home', async () => {
    home = await page('home', '/', 200);
    const a = home;
    securityHeaders('home', a);
    // the crumb: 128 random bits, base64url, for the whole site, Secure off local hosts
    const set = cookies(a).find((c) => c.startsWith('crumb='));
    const value = set ? /^crumb=([^;]*)/.exec(set)![1]! : '';
    const crumbOk =
      !!set &&
      /^[A-Za-z0-9_-]{22}$/.test(value) &&
      /;\s*Path=\//i.test(set) &&
      /;\s*SameSite=Lax/i.test(set) &&
      /;\s*Secure/i.test(set) === !local;
    record('crumb cookie', crumbOk, set ? set.replace(value, '…') : 'no crumb cookie on a visitor’s first page');
    crumb = value;
    // the shared stylesheet, fingerprinted and immutable
    const href = /<link rel="stylesheet" href="(\/_runtime\/styles\.[^"]+\.css)"/.exec(a.body)?.[1];
    if (!href) record('stylesheet', false, 'the page links no /_runtime/ stylesheet');
    else {
      const css = await send(at(href));
      record(
        'stylesheet',
        css.status === 200 && header(css, 'content-type').startsWith('text/css') && /immutable/.test(header(css, 'cache-control')),
        `${href} ${css.status} ${header(css, 'cache-control')}`,
      );
    }
  });

  await attempt('page cache', async () => {
    if (home?.status !== 200) return record('page cache', false, 'no home page to ask for twice');
    // a visitor who holds the crumb: the second and third requests may come from the cache
    const cookie = crumb ? `crumb=${crumb}` : '';
    const first = header(home, 'x-page-cache');
    const again = await send(at('/'), { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) } });
    const third = await send(at('/'), { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) } });
    const states = [first, header(again, 'x-page-cache'), header(third, 'x-page-cache')];
    const tier = header(third, 'x-page-cache-tier');
    const uncacheable = /no-store|private/.test(header(home, 'cache-control'));
    if (cacheless)
      record(
        'page cache',
        states.every((s) => s === 'miss'),
        `${states.join(', ')} (workers.dev has no Cache API: always a miss)`,
      );
    else if (uncacheable)
      record('page cache', true, `the home page is ${header(home, 'cache-control')}: never cached (a lock screen or a session)`);
    else record('page cache', states[2] === 'hit', `${states.join(', ')}${tier ? ` (${tier})` : ''}`);
  });

  await attempt('linked pages', async () => {
    if (!home) return;
    // up to four pages the home page links to: whatever page types this site has
    const paths = [...home.body.matchAll(/<a [^>]*href="(\/[^"#?]*)"/g)]
      .map((m) => m[1]!)
      .filter((p, i, all) => p !== '/' && !p.startsWith('/api/') && !/^\/(cart|checkout|login|config)/.test(p) && all.indexOf(p) === i)
      .slice(0, 4);
    for (const path of paths) {
      const a = await page('page', path, 200);
      if (!header(a, 'x-page-cache') && !/no-store/.test(header(a, 'cache-control')))
        record(`page ${path} cache status`, false, 'no X-Page-Cache header');
    }
    if (!paths.length) record('linked pages', true, 'the home page links to no other page of the site');
  });

  await attempt('not found', async () => {
    const a = await page('not found', `/smoke-check-${Date.now().toString(36)}`, 404, 'NOT_FOUND');
    securityHeaders('not found', a);
  });
  await attempt('search', async () => {
    const a = await page('search', '/search?q=smoke', 200, 'SEARCH');
    record('search is noindex', /<meta name="robots" content="noindex/.test(a.body), 'robots meta noindex');
  });
  await attempt('robots.txt', async () => {
    const a = await send(at('/robots.txt'));
    record(
      'robots.txt',
      a.status === 200 && header(a, 'content-type').startsWith('text/plain') && a.body.startsWith('User-agent:'),
      `${a.status} ${header(a, 'content-type')}`,
    );
  });
  await attempt('API without a crumb', async () => {
    // a write without the crumb: refused before any endpoint runs, with a fresh crumb to retry with (§8)
    const a = await send(at('/api/census/RecordHit'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    let body: { crumbFail?: unknown; crumb?: unknown } = {};
    try {
      body = JSON.parse(a.body) as typeof body;
    } catch {
      // reported below
    }
    const ok = a.status === 403 && body.crumbFail === true && typeof body.crumb === 'string' && /no-store/.test(header(a, 'cache-control'));
    record('API refuses a write without a crumb', ok, `${a.status} ${a.body.slice(0, 80)}`);
  });

  await attempt('nonce', async () => {
    // the nonce: every script and style the runtime emits carries the one its response's policy names; a page with
    // owner code has the owner-code policy instead ('unsafe-inline', no nonce)
    const policyNonce = (a: Answer) => /'nonce-([^']+)'/.exec(header(a, 'content-security-policy'))?.[1];
    const strict = pages.filter((p) => policyNonce(p.answer));
    const owner = pages.filter(
      (p) => !policyNonce(p.answer) && /script-src [^;]*'unsafe-inline'/.test(header(p.answer, 'content-security-policy')),
    );
    const wrong = strict.filter((p) => {
      const used = [...p.answer.body.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]);
      return used.length === 0 || used.some((n) => n !== policyNonce(p.answer));
    });
    const neither = pages.length - strict.length - owner.length;
    record(
      'nonce',
      strict.length > 0 && wrong.length === 0 && neither === 0,
      `${strict.length} pages with the nonce policy, every element carrying their nonce${wrong.length ? `; not on ${wrong.map((p) => p.path).join(', ')}` : ''}; ${owner.length} with owner code (no nonce)${neither ? `; ${neither} with neither policy` : ''}`,
    );
    // a page served again (from the cache, when it is cached) has a nonce of its own, and its elements carry it
    const first = strict.find((p) => p.answer.status === 200);
    if (!first) return;
    const again = await send(at(first.path), { headers: { Accept: 'text/html', ...(crumb ? { Cookie: `crumb=${crumb}` } : {}) } });
    const fresh = policyNonce(again);
    const carried = [...again.body.matchAll(/\snonce="([^"]*)"/g)].every((m) => m[1] === fresh);
    record(
      'fresh nonce',
      !!fresh && fresh !== policyNonce(first.answer) && carried,
      `${first.path} again (${header(again, 'x-page-cache') || 'no cache status'}): ${fresh && fresh !== policyNonce(first.answer) ? 'a new nonce' : 'the same nonce'}${carried ? ', carried by every element' : ', not carried by every element'}`,
    );
  });

  const failed = checks.filter((c) => !c.ok).length;
  print(`${checks.length} checks, ${failed} failed: ${base.origin}`);
  return { checks, failed };
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { local: { type: 'boolean', default: false }, resolve: { type: 'string' }, version: { type: 'string' } },
  });
  const target = values.local ? `http://fernwood.localhost:${process.env.PORT ?? '8787'}/` : positionals[0];
  if (!target || positionals.length > (values.local ? 0 : 1)) {
    console.error(
      'usage: npm run smoke -- https://<host> [--resolve <address>] [--version <worker>=<version id>]   or   npm run smoke -- --local   (PORT=… for npm start on another port)',
    );
    process.exit(2);
  }
  let base: URL;
  try {
    base = new URL(target);
  } catch {
    console.error(`not a URL: ${target}`);
    process.exit(2);
  }
  // a host checked before its DNS points at Cloudflare (or through npm start): connect to this address instead
  if (values.resolve) resolved.set(base.hostname, values.resolve);
  // one version of the Worker during a gradual deployment: --version <worker name>=<version id>
  if (values.version) {
    const [worker, id] = values.version.split('=');
    if (!worker || !id) {
      console.error('--version takes <worker name>=<version id>, e.g. site-runtime-production=dc8dcd28-271b-4367-9840-6c244f84cb40');
      process.exit(2);
    }
    extraHeaders['Cloudflare-Workers-Version-Overrides'] = `${worker}="${id}"`;
  }
  const result = await smoke(base);
  process.exit(result.failed ? 1 : 0);
}
