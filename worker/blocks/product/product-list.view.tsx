// A products collection's list, props only: each product's card (image, title, §3 price line) and its Quick View (§2,
// features loaded on demand: product list and quick view). Without script Quick View is a link to the product's page;
// the island (product-list.island.tsx) opens the product in a dialog with its purchase panel instead.
import type { MouseEvent } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { PriceDisplay } from '../../../shared/pricing.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { PriceLineView } from '../../../shared/ui/price-line.tsx';
import type { PurchaseProps } from './purchase.view.tsx';

export interface ProductCard {
  id: string;
  url: string;
  title: string;
  image?: Image | undefined;
  price: PriceDisplay;
  /** the quick view's purchase panel */
  purchase: PurchaseProps;
}

/** The cards a phone shows side by side at the top of a shop: their images load at once. */
const FIRST_SCREEN_CARDS = 2;

export interface ProductListProps {
  cards: ProductCard[];
}

export interface ProductListLive {
  onQuickView: (card: ProductCard, event: MouseEvent) => void;
}

export function ProductListView({ cards, live }: ProductListProps & { live?: ProductListLive }) {
  return (
    <ul className="item-list product-list">
      {cards.map((card, i) => (
        <li className="item-card product-card" key={card.id}>
          {card.image && (
            <a className="thumb" href={card.url} tabIndex={-1} aria-hidden="true">
              <Img image={card.image} sizes="(max-width: 432px) 50vw, 360px" displayWidth={360} priority={i < FIRST_SCREEN_CARDS} />
            </a>
          )}
          <h2>
            <a href={card.url}>{card.title}</a>
          </h2>
          <PriceLineView price={card.price} className="price" />
          <a
            className="quick-view-button"
            href={card.url}
            aria-label={`Quick View: ${card.title}`}
            aria-haspopup="dialog"
            onClick={live ? (event) => live.onQuickView(card, event) : undefined}
          >
            Quick View
          </a>
        </li>
      ))}
    </ul>
  );
}

export const productListIsland = islandRef('product-list', ProductListView);
