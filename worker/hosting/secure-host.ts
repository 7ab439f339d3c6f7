// §2's secure host at the edge: secure.{app domain} (and secure.localhost) answers a donation link by sending the
// visitor (302, the path and query kept) to the site that offers the donation page, and anything else with a plain 404.
// The site is found from the page's owner record (`donate:{donatePageId}`, written by publish:site after the site's
// pointer), read once per isolate per id and kept as long as a host's pointer (SITE_POINTER_TTL_MS), then checked
// against what that host serves now: the pointer and the site record its own pages read, never a whole site. Mounted
// before the site lookup (worker/index.ts): the secure host has no pointer, renders no site and sets no cookie.
import type { Context, MiddlewareHandler } from 'hono';
import { isSecureHost } from '../../shared/product-domains.ts';
import { checkDonateOwner, donateKey, isLegacyPointer, POINTER_CACHE_TTL, type DonateOwner } from '../../shared/snapshot/records.ts';
import type { AppEnv, Env } from '../env.ts';
import { requestUrl } from '../http/request-url.ts';
import { isolateLog } from '../log.ts';
import { donationLocation, SECURE_HOST_MESSAGES, secureHostAsk } from '../routing/secure-host.ts';
import { pointerTtl, readPointer, siteOfPointerRead } from './load.ts';
import { heldValue, hold, kvText, measuredBytes } from './records.ts';

/** An owner record as this isolate read it (undefined: none, or not one), with when. */
interface HeldOwner {
  owner: DonateOwner | undefined;
  readAt: number;
}

/** The site that owns a donation page, as `donate:{donatePageId}` names it: held by this isolate within ttlMs, or read. */
export async function readDonateOwner(kv: KVNamespace, donatePageId: string, ttlMs: number): Promise<DonateOwner | undefined> {
  const key = donateKey(donatePageId);
  const kept = heldValue<HeldOwner>(key);
  if (kept && Date.now() - kept.readAt < ttlMs) return kept.owner;
  const text = await kvText(kv, key, POINTER_CACHE_TTL);
  let owner: DonateOwner | undefined;
  if (text !== null) {
    try {
      owner = checkDonateOwner(JSON.parse(text));
    } catch {
      owner = undefined;
    }
    if (!owner) isolateLog.warn('donate_owner.invalid', { key });
  }
  hold(key, { owner, readAt: Date.now() } satisfies HeldOwner, measuredBytes(text?.length ?? 0));
  return owner;
}

/**
 * Whether the owner's host still serves that site with that donation page: a site unpublished, replaced at its host by
 * another, or republished without the page offers it no more. A site stored whole before records (which no publish
 * that wrote the owner record leaves behind) is taken at its pointer's word, since telling would mean parsing it whole.
 */
async function stillOffers(env: Env, owner: DonateOwner, donatePageId: string): Promise<boolean> {
  const read = await readPointer(env.SITES, owner.host, pointerTtl(env));
  if (read.kind !== 'ok' || read.pointer.identifier !== owner.identifier) return false;
  if (isLegacyPointer(read.pointer)) return true;
  const lookup = await siteOfPointerRead(env.SITES, read);
  return lookup.kind === 'ok' && lookup.site.donationPage(donatePageId) !== undefined;
}

/** Requests to the secure host, answered here; every other host goes on to its site. */
export function secureHost(): MiddlewareHandler<AppEnv> {
  return function secureHost(c, next) {
    const url = requestUrl(c);
    if (!isSecureHost(url.hostname)) return next();
    return answer(c, url);
  };
}

async function answer(c: Context<AppEnv>, url: URL): Promise<Response> {
  // an owner record changes with the next publish: nothing here is kept by a browser or a cache
  c.header('Cache-Control', 'no-store');
  const ask = secureHostAsk(c.req.method, url);
  if (ask.kind === 'method-not-allowed') {
    c.header('Allow', 'GET, HEAD');
    return c.text('Method Not Allowed', 405);
  }
  if (ask.kind === 'not-found') return c.text(ask.message, 404);
  const owner = await readDonateOwner(c.env.SITES, ask.donatePageId, pointerTtl(c.env));
  if (!owner || !(await stillOffers(c.env, owner, ask.donatePageId))) return c.text(SECURE_HOST_MESSAGES.unknownId(ask.donatePageId), 404);
  return c.redirect(donationLocation(owner.host, url), 302);
}
