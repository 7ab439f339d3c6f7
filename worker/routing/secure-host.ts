// What a request to §2's secure host asks (secure.{app domain}, shared/product-domains.ts): the host serves no site, and
// answers only the donation links of §2, `/commerce/donate?donatePageId={id}` and the contribution confirmation after
// it, by sending the visitor to the site that offers that donation page (worker/hosting/secure-host.ts). The rules here
// read the URL alone.
import { id as idSchema } from '../../shared/snapshot/common.ts';
import { isLocalHost } from '../http/hosts.ts';

/** The paths the secure host answers: a site answers them too, for the donation pages its blocks offer (resolve.ts). */
export const SECURE_HOST_PATHS: readonly string[] = ['/commerce/donate', '/commerce/contribution-confirmed'];

/** What a request asks of the secure host. */
export type SecureHostAsk =
  { kind: 'donation'; donatePageId: string } | { kind: 'not-found'; message: string } | { kind: 'method-not-allowed' };

export const SECURE_HOST_MESSAGES = {
  otherPath: 'Not Found: this host answers only donation links (/commerce/donate?donatePageId=…).',
  noId: 'Not Found: a donation link names its donation page (?donatePageId=…), and this one names none.',
  malformedId: 'Not Found: the donatePageId of this link is not a donation page id (letters, digits, _ and -).',
  unknownId: (donatePageId: string) => `Not Found: no site offers the donation page '${donatePageId}'.`,
} as const;

/** The ask of a request to the secure host: a donation page by its id, or a plain 404 saying why not, or a wrong method. */
export function secureHostAsk(method: string, url: URL): SecureHostAsk {
  if (!SECURE_HOST_PATHS.includes(url.pathname)) return { kind: 'not-found', message: SECURE_HOST_MESSAGES.otherPath };
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'method-not-allowed' };
  const donatePageId = url.searchParams.get('donatePageId');
  if (!donatePageId) return { kind: 'not-found', message: SECURE_HOST_MESSAGES.noId };
  if (!idSchema.safeParse(donatePageId).success) return { kind: 'not-found', message: SECURE_HOST_MESSAGES.malformedId };
  return { kind: 'donation', donatePageId };
}

/**
 * Where the secure host sends a donation link: the same path and query on the site's host, https (every customer
 * domain is a Cloudflare for SaaS custom hostname with its certificate, every platform subdomain under the zone's), or
 * for a local host ({identifier}.localhost) http on the port the request came to.
 */
export function donationLocation(siteHost: string, url: URL): string {
  const origin = isLocalHost(siteHost) ? `http://${siteHost}${url.port ? `:${url.port}` : ''}` : `https://${siteHost}`;
  return `${origin}${url.pathname}${url.search}`;
}
