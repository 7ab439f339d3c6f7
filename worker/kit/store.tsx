// What the commerce pages read from the snapshot (store currency, the shop's URL, donation blocks) and the pieces they share.
import type { ReactNode } from 'react';
import { COLLECTION_TYPES } from '../../shared/codes.ts';
import { dateFormatter } from '../../shared/date-format.ts';
import { CURRENCIES, DEFAULT_CURRENCY, formatCents, isSupportedCurrency } from '../../shared/money.ts';
import type { Product, Settings } from '../../shared/snapshot/schema.ts';
import { useRender } from './context.tsx';
import { andThen, type Maybe } from '../site/maybe.ts';
import type { CollectionMeta, DonationPage, ItemSummary, SiteModel } from '../site/model.ts';

export type StoreSettings = Settings['storeSettings'];

/** §3: the store currency is storeSettings.selectedCurrency, USD by default. */
export function storeCurrency(site: SiteModel): string {
  return site.settings.storeSettings.selectedCurrency || DEFAULT_CURRENCY;
}

export function currencyName(code: string): string {
  return isSupportedCurrency(code) ? CURRENCIES[code].currencyName : code;
}

/** The store's products collection: the first collection of type PRODUCTS. */
export function productsCollection(site: SiteModel): CollectionMeta | undefined {
  return site.snapshot.collections.find((c) => c.type === COLLECTION_TYPES.PRODUCTS);
}

/** Where 'Continue Shopping' goes: the products collection, else the home page. */
export function shopUrl(site: SiteModel): string {
  const collection = productsCollection(site);
  return collection ? site.entryUrl({ kind: 'collection', collection }) : '/';
}

/** The first `count` visible products of the store, in the collection's order (only the chunks that hold them are read). */
export function storeProducts(
  site: SiteModel,
  now: Date,
  count: number,
): Maybe<{ item: ItemSummary; product: Product; collection: CollectionMeta }[]> {
  const collection = productsCollection(site);
  if (!collection) return [];
  return andThen(site.listSlice(collection, null, 0, count, now), ({ items }) =>
    items.flatMap((item) => (item.product ? [{ item, product: item.product, collection }] : [])),
  );
}

/** The donation page of §2's donatePageId, as the block that makes it routable describes it. */
export function findDonation(site: SiteModel, donatePageId: string | undefined): DonationPage | undefined {
  return donatePageId ? site.donationPage(donatePageId) : undefined;
}

export interface StoreView {
  site: SiteModel;
  settings: StoreSettings;
  currency: string;
  /** formats cents in the store currency */
  money: (cents: number) => string;
  shopUrl: string;
}

export function useStore(): StoreView {
  const { site } = useRender();
  const currency = storeCurrency(site);
  return {
    site,
    settings: site.settings.storeSettings,
    currency,
    money: (cents) => formatCents(cents, currency),
    shopUrl: shopUrl(site),
  };
}

/** Owner text typed in a settings box: blank lines separate paragraphs, single newlines become line breaks. */
export function PlainText({ text, className }: { text: string | undefined; className?: string }): ReactNode {
  const paragraphs = (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!paragraphs.length) return null;
  return (
    <div className={className}>
      {paragraphs.map((p, i) => (
        <p key={i}>
          {p.split('\n').map((line, j) => (
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}

/** The currency prices are shown in, e.g. 'Prices are in Pound Sterling (GBP).' */
export function CurrencyNote({ currency }: { currency: string }) {
  return (
    <p className="commerce-currency-note">
      Prices are in {currencyName(currency)} ({currency}).
    </p>
  );
}

/**
 * §9's commerce date-time format 'MMM D, YYYY  h:mma' (e.g. 'Mar 3, 2026  4:05pm'), in the site's time zone.
 */
export function formatCommerceDateTime(date: Date, timeZone: string): string {
  // one formatter per time zone for the isolate's life (shared/date-format.ts): building one for every date was a quarter
  // of the commerce e-mail preview's CPU under the profiler
  const parts = dateFormatter('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')}  ${part('hour')}:${part('minute')}${part('dayPeriod').toLowerCase()}`;
}
