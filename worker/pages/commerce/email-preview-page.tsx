// The COMMERCE_EMAIL_PREVIEW page: the store's order e-mails (?type=order-confirmed|shipped|gift-card) with a sample
// order made from the first products of the store, or, for the site's owner, a real order (?orderId=).
import { Img } from '../../../shared/ui/img.tsx';
import type { Image } from '../../../shared/snapshot/common.ts';
import { PRODUCT_TYPES } from '../../../shared/codes.ts';
import { formatMoney, Money } from '../../../shared/money.ts';
import { fromPrice, normalPrice, variantLabel } from '../../../shared/pricing.ts';
import type { Product } from '../../../shared/snapshot/schema.ts';
import type { ItemSummary } from '../../site/model.ts';
import { useAsync, useRender, type RenderState } from '../../kit/context.tsx';
import { PlainText, formatCommerceDateTime, storeProducts, useStore } from '../../kit/store.tsx';

export type EmailType = 'order-confirmed' | 'shipped' | 'gift-card';

const EMAILS: Record<EmailType, { name: string; heading: string }> = {
  'order-confirmed': { name: 'Order Confirmation', heading: 'Thank you for your order' },
  shipped: { name: 'Order Shipped', heading: 'Your order is on its way' },
  'gift-card': { name: 'Gift Card', heading: 'You have received a gift card' },
};

/** Lines in the sample order: enough to show the layout without a long e-mail. */
const SAMPLE_LINES = 3;
const SAMPLE_ORDER_NUMBER = '00001';
const SAMPLE_GIFT_CARD_CODE = 'XXXX-XXXX-XXXX-XXXX';

export function emailType(url: URL): EmailType {
  const type = url.searchParams.get('type');
  return type === 'shipped' || type === 'gift-card' ? type : 'order-confirmed';
}

export function emailPreviewTitle(state: RenderState): string {
  return `${EMAILS[emailType(state.url)].name} E-mail Preview`;
}

interface Line {
  key: string;
  title: string;
  label: string;
  quantity: number;
  image: Image | undefined;
  total: string;
}

function sampleLine(item: ItemSummary, product: Product, money: (cents: number) => string): Line & { cents: number } {
  const first = product.variants[0];
  const label = first ? variantLabel(first) : '';
  // the first variant as a shopper would pick it; a digital product has no variants and its own price
  const cents =
    first && product.productType !== PRODUCT_TYPES.DIGITAL ? (first.onSale ? first.salePrice : first.price) : fromPrice(product);
  return { key: item.id, title: item.title, label, quantity: 1, image: item.assetImage ?? product.images[0], total: money(cents), cents };
}

export function EmailPreviewBody() {
  const { site, url, now, route } = useRender();
  const store = useStore();
  const type = emailType(url);
  const email = EMAILS[type];
  const website = site.website;
  const storeName = store.settings.storeName ?? website.title;
  const products = useAsync('email-preview:products', () => storeProducts(site, now, SAMPLE_LINES));
  const order = route.store?.order ?? null;
  const samples = products.slice(0, SAMPLE_LINES).map(({ item, product }) => sampleLine(item, product, store.money));
  // the sample's subtotal with Money; a real order's figures are the ones the edge priced it with
  const sampleTotal = formatMoney(
    samples.reduce((sum, line) => sum.add(Money.fromCents(line.cents, store.currency)), Money.fromCents(0, store.currency)),
  );
  const lines: Line[] = order
    ? order.lines.map((l) => ({
        key: `${l.productId}:${l.sku}`,
        title: l.title,
        label: l.variantLabel,
        quantity: l.quantity,
        image: l.image ?? undefined,
        total: l.display.lineTotal,
      }))
    : samples;
  const figures = order
    ? [
        ['Subtotal', order.display.subtotal],
        ...(order.discountCents > 0 ? [['Discount', `−${order.display.discount}`]] : []),
        ...(order.shippingOption ? [[`Shipping (${order.shippingOption.name})`, order.shippingOption.display]] : []),
        ...order.taxes.map((t) => [t.name, t.display]),
      ]
    : [['Subtotal', sampleTotal]];
  const total = order ? order.display.grandTotal : sampleTotal;
  const giftCard = products.find(({ product }) => product.productType === PRODUCT_TYPES.GIFT_CARD);
  const contactEmail = store.settings.contactEmail;

  return (
    <div className="email-preview" data-email-type={type}>
      <header className="email-top">
        <p className="email-preview-label">
          <span className="email-preview-badge">Preview</span> The {email.name.toLowerCase()} e-mail,{' '}
          {type === 'gift-card'
            ? 'with a sample gift card from your store.'
            : order
              ? `with your store’s order ${order.number}.`
              : 'with a sample order made from the first products of your store.'}
        </p>
        <p className="email-browser-link">
          <a href={`${url.pathname}${url.search}`}>View this email in your browser</a>
        </p>
      </header>
      <main className="email-card">
        <div className="email-brand">
          {website.logo ? (
            <Img image={website.logo} className="email-logo" sizes="200px" displayWidth={200} priority alt={website.title} />
          ) : (
            <p className="email-brand-name">{website.title}</p>
          )}
        </div>
        <h1 className="email-heading">{email.heading}</h1>
        {type === 'gift-card' ? (
          <GiftCard
            storeName={storeName}
            cents={giftCard ? normalPrice(giftCard.product) : undefined}
            money={store.money}
            shopUrl={store.shopUrl}
          />
        ) : (
          <>
            {type === 'order-confirmed' ? (
              store.settings.orderConfirmedText ? (
                <PlainText className="email-text" text={store.settings.orderConfirmedText} />
              ) : (
                <p className="email-text">We have received your order and will let you know when it ships.</p>
              )
            ) : (
              <p className="email-text">Good news: your order has shipped and is on its way to you.</p>
            )}
            <p className="email-meta">
              Order #{order?.number ?? SAMPLE_ORDER_NUMBER} ·{' '}
              {formatCommerceDateTime(order ? new Date(order.created) : now, website.timeZone)}
            </p>
            <h2 className="email-subheading">Order Summary</h2>
            {lines.length ? (
              <ul className="email-lines">
                {lines.map((line) => (
                  <LineRow key={line.key} line={line} />
                ))}
              </ul>
            ) : (
              <p className="email-text">Your store has no products yet, so this sample order has no lines.</p>
            )}
            <dl className="email-totals">
              {figures.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
              <div className="email-totals-total">
                <dt>Total</dt>
                <dd>{total}</dd>
              </div>
            </dl>
          </>
        )}
        {contactEmail && (
          <p className="email-contact">
            Questions? Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
          </p>
        )}
      </main>
      <footer className="email-footer">
        <p className="email-footer-name">{storeName}</p>
        {website.footer.address && <address className="email-footer-address">{website.footer.address}</address>}
      </footer>
    </div>
  );
}

function LineRow({ line }: { line: Line }) {
  return (
    <li className="email-line">
      {line.image ? (
        <Img image={line.image} className="email-line-image" sizes="64px" displayWidth={64} alt="" />
      ) : (
        <span className="email-line-image email-line-image-empty" aria-hidden="true" />
      )}
      <span className="email-line-text">
        <span className="email-line-title">{line.title}</span>
        {line.label && <span className="email-line-variant">{line.label}</span>}
        <span className="email-line-qty">Qty {line.quantity}</span>
      </span>
      <span className="email-line-price">{line.total}</span>
    </li>
  );
}

function GiftCard({
  storeName,
  cents,
  money,
  shopUrl,
}: {
  storeName: string;
  cents: number | undefined;
  money: (cents: number) => string;
  shopUrl: string;
}) {
  return (
    <>
      <p className="email-text">Someone has sent you a gift card for {storeName}. Use the code below at checkout.</p>
      <div className="email-gift-card">
        <p className="email-gift-card-store">{storeName}</p>
        {cents !== undefined && <p className="email-gift-card-amount">{money(cents)}</p>}
        <p className="email-gift-card-code">
          <span className="email-gift-card-code-label">Gift card code</span> <code>{SAMPLE_GIFT_CARD_CODE}</code>
        </p>
      </div>
      <p className="email-cta">
        <a className="email-button" href={shopUrl}>
          Shop Now
        </a>
      </p>
    </>
  );
}
