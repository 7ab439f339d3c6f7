// /__ops/*: what ops need to see of the running Worker, as JSON, on every host (the site a view is about is named in
// the path by its host, so one credential and one address reach any site): a site's published version and what this
// isolate paid to parse it, its form outbox (backlog, oldest waiting entry, dead letters), and this isolate's held sites
// and memory. Behind OPS_TOKEN (a wrangler secret), sent as `Authorization: Bearer <token>` and compared in constant
// time; 401 without it, and 404 for the whole path while OPS_TOKEN is unset (the views do not exist). Nothing here
// shows a visitor's data: the outbox lists entries without their values or headers. docs/operations.md, "Ops views".
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { normaliseHost } from '../../shared/snapshot/records.ts';
import type { AppEnv } from '../env.ts';
import { settingsOf } from '../http/config.ts';
import { heldSites, parsedSiteOf, pointerTtl, readPointer, siteOfPointerRead } from '../hosting/load.ts';
import { recordStats } from '../hosting/records.ts';
import { factsOf, noteRequest } from '../observability/context.ts';

export const OPS_PREFIX = '/__ops';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

const encoder = new TextEncoder();

/** Whether the presented credential is the token, in time that does not depend on where they differ (or their lengths). */
export async function sameToken(presented: string, token: string): Promise<boolean> {
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(presented)),
    crypto.subtle.digest('SHA-256', encoder.encode(token)),
  ]);
  return crypto.subtle.timingSafeEqual(a, b);
}

/** The views exist only with OPS_TOKEN set, and answer only its bearer. */
function opsCredential(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    noteRequest({ route: 'ops' }, factsOf(c.req.raw));
    const token = settingsOf(c.env).opsToken;
    if (token === null) return c.json({ error: 'Not Found' }, 404, NO_STORE);
    const header = c.req.header('Authorization') ?? '';
    const presented = /^Bearer[ \t]+(\S+)\s*$/i.exec(header)?.[1];
    if (presented === undefined || !(await sameToken(presented, token)))
      return c.json({ error: 'An ops credential is required: Authorization: Bearer <OPS_TOKEN>.' }, 401, {
        ...NO_STORE,
        'WWW-Authenticate': 'Bearer realm="ops"',
      });
    await next();
    c.header('Cache-Control', NO_STORE['Cache-Control']);
  };
}

export const opsApp = new Hono<AppEnv>();

opsApp.use(`${OPS_PREFIX}/*`, opsCredential());
opsApp.use(OPS_PREFIX, opsCredential());

/** This isolate: the sites it holds parsed, and what its record cache holds and counts. */
opsApp.get(`${OPS_PREFIX}/isolate`, (c) => {
  const records = recordStats();
  const sites = heldSites();
  return c.json({
    sites,
    records,
    memory: {
      /** what the record cache counts (3.5 heap bytes per JSON character), of its budget */
      estimatedBytes: records.heldBytes,
      budgetBytes: records.budgetBytes,
      note: 'records held in this isolate as counted by the record cache; an isolate has 128 MB',
    },
  });
});

/** A host's site: its pointer's version, and what this isolate paid to parse its site record (read now if it must). */
opsApp.get(`${OPS_PREFIX}/sites/:host`, async (c) => {
  const host = normaliseHost(c.req.param('host'));
  const read = await readPointer(c.env.SITES, host, pointerTtl(c.env), c.req.raw.cf);
  if (read.kind === 'missing') return c.json({ host, error: 'No site is published at this host.' }, 404);
  if (read.kind === 'invalid') return c.json({ host, error: read.reason }, 200);
  const lookup = await siteOfPointerRead(c.env.SITES, read);
  const { pointer } = read;
  return c.json({
    host,
    site: pointer.identifier,
    version: pointer.version,
    publishedAt: 'publishedAt' in pointer ? pointer.publishedAt : null,
    usable: lookup.kind === 'ok',
    ...(lookup.kind === 'invalid' ? { reason: lookup.reason } : {}),
    parsed: parsedSiteOf(read) ?? null,
  });
});

/** A host's site's form outbox: the backlog, the entry waiting longest, and the dead letters (newest first). */
opsApp.get(`${OPS_PREFIX}/sites/:host/outbox`, async (c) => {
  const outbox = await outboxOf(c);
  if (outbox instanceof Response) return outbox;
  const limit = Number(c.req.query('limit') ?? 100);
  const [backlog, deadLetters] = await Promise.all([outbox.stub.backlog(), outbox.stub.deadLetters(Number.isFinite(limit) ? limit : 100)]);
  return c.json({ host: outbox.host, site: outbox.identifier, backlog, deadLetters });
});

opsApp.all(`${OPS_PREFIX}/*`, (c) => c.json({ error: 'Not Found' }, 404));

/** The outbox of the site at the path's host (one object per website id, as the form service names it). */
async function outboxOf(c: Context<AppEnv>) {
  const host = normaliseHost(c.req.param('host') ?? '');
  const lookup = await siteOfPointerRead(c.env.SITES, await readPointer(c.env.SITES, host, pointerTtl(c.env), c.req.raw.cf));
  if (lookup.kind !== 'ok')
    return c.json({ host, error: lookup.kind === 'missing' ? 'No site is published at this host.' : lookup.reason }, 404);
  const site = lookup.site;
  return { host, identifier: site.website.identifier, stub: c.env.FORM_OUTBOX.getByName(site.website.id) };
}
