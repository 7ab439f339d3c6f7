// The product badge (settings.productBadge, §1's site-wide overlays) through the real Worker: drawn by the server on
// the pages a visitor reads, as a link to the product with its label, thumbnail, name and price line, and nowhere in
// the store's flow, on system pages or on the product's own page; not drawn for a product visitors cannot see; its
// close button hidden until its plain island runs; and publishing refuses a badge that names no product.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STATUS } from '../shared/codes.ts';
import { decodeIslands, ISLANDS_ELEMENT_ID } from '../shared/islands/protocol.ts';
import { PRODUCT_KEY } from '../shared/site-runtime.ts';
import type { SiteSnapshot } from '../shared/snapshot/schema.ts';
import { formatViolation, validateSnapshot } from '../worker/hosting/validate.ts';
import { PRODUCT_BADGE_CLOSED_CLASS, PRODUCT_BADGE_CLOSED_KEY } from '../worker/overlays/product-badge-storage.ts';
import { publishCopy } from './support/api.ts';
import { contextOf, fixture, textOf } from './support/fixtures.ts';
import { visit } from './support/sites.ts';

/** the badge of trailhead's copy here: the merino base layer, on sale */
const PRODUCT_ID = 'p-stanage-base';
const PRODUCT_PATH = '/shop/stanage-merino-base-layer';

let HOST = '';
let DRAFT_HOST = '';
let SCHEDULED_HOST = '';
let DEFAULT_LABEL_HOST = '';
let SOLD_OUT_HOST = '';

const product = (site: SiteSnapshot, id: string) => site.collections.flatMap((c) => c.items).find((i) => i.id === id)!;

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('trailhead', 'badge', (site) => {
    site.settings.productBadge = { productId: PRODUCT_ID, label: 'Winter sale' };
    // a locked page, to see the lock screen without the badge
    site.pages.find((p) => p.id === 'about')!.password = fixture('hollow').website.password;
  }));
  ({ host: DRAFT_HOST } = await publishCopy('trailhead', 'badgedraft', (site) => {
    site.settings.productBadge = { productId: PRODUCT_ID, label: 'Winter sale' };
    product(site, PRODUCT_ID).status = CONTENT_STATUS.DRAFT;
  }));
  ({ host: SCHEDULED_HOST } = await publishCopy('trailhead', 'badgelater', (site) => {
    site.settings.productBadge = { productId: PRODUCT_ID, label: 'Winter sale' };
    const item = product(site, PRODUCT_ID);
    item.status = CONTENT_STATUS.SCHEDULED;
    item.publishOn = '2099-01-01T09:00:00.000Z';
  }));
  ({ host: DEFAULT_LABEL_HOST } = await publishCopy('trailhead', 'badgedefault', (site) => {
    site.settings.productBadge = { productId: 'p-kinder-pack', label: 'Featured' };
  }));
  ({ host: SOLD_OUT_HOST } = await publishCopy('trailhead', 'badgesoldout', (site) => {
    site.settings.productBadge = { productId: 'p-edale-jacket', label: 'New in' };
    for (const v of product(site, 'p-edale-jacket').product!.variants) v.qtyInStock = 0;
  }));
});

async function page(host: string, path: string) {
  const res = await visit(host, path);
  const html = await res.text();
  const badge = /<aside class="product-badge[^"]*"[\s\S]*?<\/aside>/.exec(html)?.[0];
  return { res, html, badge, pageType: contextOf(html).pageTypeName };
}

describe('the product badge: where it is drawn', () => {
  it.each([
    ['/', 'PAGE'],
    ['/gift-guide', 'PAGE'],
    ['/events', 'CONTENT_COLLECTION'],
    ['/shop/trailhead-enamel-mug', 'CONTENT_ITEM'],
    ['/events/film-night', 'CONTENT_ITEM'],
    ['/search?q=boots', 'SEARCH'],
  ])('draws it on %s (%s)', async (path, pageType) => {
    const { res, badge, pageType: drawn } = await page(HOST, path);
    expect(res.status).toBe(200);
    expect(drawn).toBe(pageType);
    expect(badge).toBeDefined();
  });

  it.each([
    [PRODUCT_PATH, 'CONTENT_ITEM'],
    // the store's list and its filters, where the product has its card already
    ['/shop', 'CONTENT_COLLECTION'],
    ['/shop?category=Clothing', 'CONTENT_COLLECTION'],
    ['/shop?tag=gifts', 'CONTENT_COLLECTION'],
    ['/cart', 'COMMERCE_CART_V2'],
    ['/checkout', 'CHECKOUT'],
    ['/commerce/order-confirmed?orderId=TH-10452', undefined],
    ['/commerce/donate?donatePageId=trail-fund', 'DONATE'],
    ['/commerce/contribution-confirmed?donatePageId=trail-fund', 'CONTRIBUTION_CONFIRMED'],
    ['/no-such-page', 'NOT_FOUND'],
    ['/about', 'LOCK_SCREEN'],
    ['/popup-overlay', 'POPUP_OVERLAY'],
    ['/newsletter/unsubscribe?email=reader%40example.com', 'NEWSLETTER_UNSUBSCRIBE'],
    ['/commerce/email-preview', 'COMMERCE_EMAIL_PREVIEW'],
    ['/login', undefined],
  ])('does not draw it on %s (%s)', async (path, pageType) => {
    const res = await visit(HOST, path);
    const html = await res.text();
    if (pageType) expect(contextOf(html).pageTypeName).toBe(pageType);
    expect(html).not.toContain('product-badge');
  });

  it('draws no badge while its product is a draft, or scheduled and not out yet', async () => {
    for (const host of [DRAFT_HOST, SCHEDULED_HOST]) {
      const { res, html } = await page(host, '/');
      expect(res.status).toBe(200);
      expect(html).not.toContain('product-badge');
    }
  });
});

describe('the product badge: what it shows', () => {
  it('is one link to the product with its label, thumbnail, name and sale price, in a labelled region', async () => {
    const { badge } = await page(HOST, '/');
    expect(badge).toMatch(
      /^<aside class="product-badge product-badge-right" aria-label="Featured product" data-product-id="p-stanage-base">/,
    );
    const links = [...badge!.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([PRODUCT_PATH]);
    expect(badge).toMatch(/<img [^>]*alt=""[^>]*class="product-badge-image"|<img [^>]*class="product-badge-image"[^>]*alt=""/);
    expect(badge).toMatch(/src="\/media\/[^"]+\?format=300w"/);
    expect(textOf(badge!).trim()).toBe('Winter sale Stanage Merino Base Layer Sale price: £49.00 Original price: £65.00');
  });

  it('says Featured when it has no label of its own, and Sold Out for a product with no stock published', async () => {
    const featured = await page(DEFAULT_LABEL_HOST, '/');
    expect(textOf(featured.badge!)).toContain('Featured Kinder 30 L Daypack £95.00 Sold Out');
    const soldOut = await page(SOLD_OUT_HOST, '/events');
    expect(textOf(soldOut.badge!)).toContain('New in Edale Waterproof Jacket from £189.00 Sold Out');
  });

  it('takes the bottom corner the cookie notice leaves', async () => {
    expect((await page(HOST, '/')).badge).toContain('product-badge-right');
    const { host } = await publishCopy('trailhead', 'badgeleft', (site) => {
      site.settings.EU_COOKIE_POLICY = 'bottom-right';
    });
    expect((await page(host, '/')).badge).toContain('product-badge-left');
  });

  it('draws its close button hidden, for its plain island to show, whose props are the product alone', async () => {
    const { badge, html } = await page(HOST, '/');
    expect(badge).toMatch(
      /<site-island data-island="product-badge" data-when="idle"[^>]*><button type="button" class="product-badge-close" aria-label="Dismiss featured product" hidden="">/,
    );
    const islands = decodeIslands(
      new RegExp(`<script type="application/json" id="${ISLANDS_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)![1]!,
    );
    expect(islands.props).toContainEqual({ productId: PRODUCT_ID });
  });

  it('hides a badge closed in this browser before it is painted: a nonced script just before it reads local storage', async () => {
    const { res, html } = await page(HOST, '/');
    // the page's own nonce, which its policy names when it is the strict one (a page with owner code allows inline scripts)
    const nonce = /<script type="application\/json" id="site-context" nonce="([^"]+)"/.exec(html)![1];
    expect(res.headers.get('Content-Security-Policy')).toMatch(new RegExp(`'nonce-${nonce}'|'unsafe-inline'`));
    const script = /<script nonce="([^"]+)">([^<]*)<\/script><aside class="product-badge/.exec(html);
    expect(script?.[1]).toBe(nonce);
    expect(script?.[2]).toBe(
      `try{localStorage.getItem("${PRODUCT_BADGE_CLOSED_KEY}")==="${PRODUCT_ID}"&&document.documentElement.classList.add("${PRODUCT_BADGE_CLOSED_CLASS}")}catch(e){}`,
    );
    // the product's own name for its storage keys (written out in the island's module, which must not import it)
    expect(PRODUCT_BADGE_CLOSED_KEY.startsWith(`${PRODUCT_KEY}_`)).toBe(true);
  });

  it('leaves the page cacheable and shared by every visitor', async () => {
    const first = await visit(HOST, '/gift-guide');
    expect(first.headers.get('Cache-Control')).toMatch(/public/);
    const second = await visit(HOST, '/gift-guide', { headers: { Cookie: `hasCart=true; ${PRODUCT_BADGE_CLOSED_KEY}=${PRODUCT_ID}` } });
    const badgeOf = (html: string) => /<aside class="product-badge[\s\S]*?<\/aside>/.exec(html)?.[0];
    expect(badgeOf(await second.text())).toBe(badgeOf(await first.text()));
  });
});

describe('publishing a product badge', () => {
  const check = (change: (site: SiteSnapshot) => void) => {
    const site = structuredClone(fixture('trailhead'));
    change(site);
    const result = validateSnapshot(JSON.parse(JSON.stringify(site)), { strictBlocks: true });
    return result.ok
      ? { ok: true as const, snapshot: result.snapshot }
      : { ok: false as const, errors: result.violations.map(formatViolation) };
  };

  it('refuses a productId that names no product of the site', () => {
    for (const productId of ['p-nowhere', 'ev-film-night', 'about']) {
      const result = check((site) => {
        site.settings.productBadge = { productId, label: 'Featured' };
      });
      expect(result).toEqual({
        ok: false,
        errors: [`settings.productBadge.productId: no product of the site's store has id '${productId}'`],
      });
    }
  });

  it('refuses a label that is empty or longer than 40 characters, and reads a missing one as Featured', () => {
    for (const label of ['', '   ', 'x'.repeat(41)]) {
      const result = check((site) => {
        site.settings.productBadge = { productId: PRODUCT_ID, label };
      });
      expect(result).toEqual({ ok: false, errors: ['settings.productBadge.label: a product badge label has 1 to 40 characters'] });
    }
    const result = check((site) => {
      (site.settings as { productBadge: unknown }).productBadge = { productId: PRODUCT_ID };
    });
    expect(result.ok && result.snapshot.settings.productBadge).toEqual({ productId: PRODUCT_ID, label: 'Featured' });
  });
});
