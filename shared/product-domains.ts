// The product's own domains: the app domains it serves sites under ({identifier}.{app domain}). §6's production check
// (whether a site's app domain belongs to the product), the domain of the shared ss_lastid cookie and §2's secure host
// (secure.{app domain}, which answers donation links) all read this one list. §7 says the product treats five domains
// as its own for secure calls but names none: only the app domain the product's sites are published under is known
// (the snapshots' `website.appDomain`), so only it is listed; another goes here, and everything above follows it.
import { normaliseHost } from './snapshot/records.ts';

/** The app domains of the product, lowercase, without a trailing dot. */
export const PRODUCT_APP_DOMAINS: readonly string[] = ['sitebuilder.app'];

/** The label of §2's secure host under an app domain: secure.{app domain}. */
export const SECURE_HOST_LABEL = 'secure';

/** The secure host in development and tests, where sites answer at {identifier}.localhost. */
export const LOCAL_SECURE_HOST = `${SECURE_HOST_LABEL}.localhost`;

/** A host or domain as compared here: as host pointers name it (lowercase, without a port or a trailing dot). */
const bare = normaliseHost;

/** The product's app domain a host is, or is a subdomain of; undefined for any other host. */
export function productDomainOf(host: string): string | undefined {
  const h = bare(host);
  return PRODUCT_APP_DOMAINS.find((d) => h === d || h.endsWith(`.${d}`));
}

/** Whether a host or domain belongs to the product (§6 isProductionEnvironment: the site's app domain is the product's). */
export function isProductDomain(host: string): boolean {
  return productDomainOf(host) !== undefined;
}

/** §2's secure host of an app domain of the product, or undefined for a domain that is not the product's. */
export function secureHostOf(appDomain: string): string | undefined {
  const d = bare(appDomain);
  return PRODUCT_APP_DOMAINS.includes(d) ? `${SECURE_HOST_LABEL}.${d}` : undefined;
}

/** Whether a host is §2's secure host: secure.{an app domain of the product}, or secure.localhost locally. */
export function isSecureHost(host: string): boolean {
  const h = bare(host);
  if (h === LOCAL_SECURE_HOST) return true;
  if (!h.startsWith(`${SECURE_HOST_LABEL}.`)) return false;
  return PRODUCT_APP_DOMAINS.includes(h.slice(SECURE_HOST_LABEL.length + 1));
}

/**
 * The domain a cookie the product's sites share (§3 ss_lastid) is set on: the site's app domain, when it is the
 * product's and the host is it or under it; undefined (a host-only cookie, all a browser accepts there) for a
 * customer's own domain or an app domain that is not the product's.
 */
export function sharedCookieDomain(appDomain: string, hostname: string): string | undefined {
  const app = bare(appDomain);
  const h = bare(hostname);
  return isProductDomain(app) && (h === app || h.endsWith(`.${app}`)) ? app : undefined;
}
