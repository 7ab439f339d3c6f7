// The product's own domains (shared/product-domains.ts), table-driven: which hosts are the product's (§6's production
// check), which is §2's secure host of an app domain, and where the shared ss_lastid cookie may live.
import { describe, expect, it } from 'vitest';
import {
  isProductDomain,
  isSecureHost,
  LOCAL_SECURE_HOST,
  PRODUCT_APP_DOMAINS,
  productDomainOf,
  secureHostOf,
  sharedCookieDomain,
} from '../shared/product-domains.ts';

describe("the product's domains", () => {
  it('lists the app domain the fixtures are published under, and only known ones', () => {
    expect(PRODUCT_APP_DOMAINS).toEqual(['sitebuilder.app']);
  });

  it.each([
    ['sitebuilder.app', 'sitebuilder.app'],
    ['fernwood.sitebuilder.app', 'sitebuilder.app'],
    ['FERNWOOD.SiteBuilder.app', 'sitebuilder.app'],
    ['fernwood.sitebuilder.app.', 'sitebuilder.app'],
    ['fernwood.sitebuilder.app:443', 'sitebuilder.app'],
    ['secure.sitebuilder.app', 'sitebuilder.app'],
    ['a.b.sitebuilder.app', 'sitebuilder.app'],
    ['notsitebuilder.app', undefined],
    ['sitebuilder.app.evil.example', undefined],
    ['sitebuilder.example', undefined],
    ['www.fernwood-gallery.example', undefined],
    ['fernwood.localhost', undefined],
    ['localhost', undefined],
    ['', undefined],
  ])('%j is under the app domain %j', (host, domain) => {
    expect(productDomainOf(host)).toBe(domain);
    expect(isProductDomain(host)).toBe(domain !== undefined);
  });
});

describe('the secure host (§2 secure.{host})', () => {
  it.each([
    ['secure.sitebuilder.app', true],
    ['SECURE.sitebuilder.app', true],
    ['secure.sitebuilder.app.', true],
    ['secure.sitebuilder.app:8443', true],
    [LOCAL_SECURE_HOST, true],
    ['secure.localhost:8787', true],
    ['sitebuilder.app', false],
    ['secure.fernwood.sitebuilder.app', false],
    ['fernwood.sitebuilder.app', false],
    ['secure.example.com', false],
    ['secure.notsitebuilder.app', false],
    ['securesitebuilder.app', false],
    ['secure.sitebuilder.app.evil.example', false],
    ['x.secure.localhost', false],
    ['localhost', false],
  ])('%j is the secure host: %s', (host, expected) => {
    expect(isSecureHost(host)).toBe(expected);
  });

  it.each([
    ['sitebuilder.app', 'secure.sitebuilder.app'],
    ['SiteBuilder.app.', 'secure.sitebuilder.app'],
    ['fernwood.sitebuilder.app', undefined],
    ['example.com', undefined],
  ])('the secure host of the app domain %j is %j', (appDomain, host) => {
    expect(secureHostOf(appDomain)).toBe(host);
  });
});

describe('the domain of the shared ss_lastid cookie', () => {
  it.each([
    ['sitebuilder.app', 'fernwood.sitebuilder.app', 'sitebuilder.app'],
    ['sitebuilder.app', 'sitebuilder.app', 'sitebuilder.app'],
    ['sitebuilder.app', 'Fernwood.SiteBuilder.app', 'sitebuilder.app'],
    // a customer's own domain: host-only
    ['sitebuilder.app', 'www.fernwood-gallery.example', undefined],
    ['sitebuilder.app', 'fernwood.localhost', undefined],
    // an app domain that is not the product's is never a cookie's domain, even for a host under it
    ['fernwood-gallery.example', 'www.fernwood-gallery.example', undefined],
    ['sitebuilder.app', 'notsitebuilder.app', undefined],
  ])('app domain %j, host %j: %j', (appDomain, host, domain) => {
    expect(sharedCookieDomain(appDomain, host)).toBe(domain);
  });
});
