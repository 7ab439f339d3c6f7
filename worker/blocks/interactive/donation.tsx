// The donation block: the cause, suggested amounts in the store currency and the button to the donate page (§2).
import { formatCents } from '../../../shared/money.ts';
import type { BlockProps } from '../types.ts';
import { useStoreCurrency } from './block-parts.tsx';

export function DonationBlock({ data, block }: BlockProps<'donation'>) {
  const currency = useStoreCurrency();
  // §2 opens secure.{host}/commerce/donate; the runtime serves that page on the site's own (https) host.
  const href = `/commerce/donate?donatePageId=${encodeURIComponent(data.donatePageId)}`;
  const headingId = `donation-${block.id}-title`;
  return (
    <section
      className="donation-block"
      aria-labelledby={headingId}
      data-island="donation"
      data-block-id={block.id}
      data-donate-page-id={data.donatePageId}
      data-currency={currency}
    >
      <h2 className="donation-title" id={headingId}>
        {data.title}
      </h2>
      {data.description && <p className="donation-description">{data.description}</p>}
      {data.suggestedAmountsCents.length > 0 && (
        <ul className="donation-amounts" aria-label="Suggested amounts">
          {data.suggestedAmountsCents.map((cents, i) => (
            <li className="donation-amount" key={i} data-amount-cents={cents}>
              {formatCents(cents, currency, { trimCents: true })}
            </li>
          ))}
        </ul>
      )}
      <a className="button button-size-large donation-button" href={href}>
        {data.buttonText}
      </a>
    </section>
  );
}
