// Block type 52, donation: the cause, suggested amounts in the store currency (each opens the donate page with that
// amount chosen), and the way to its donate page (§2).
import * as z from 'zod';
import { formatCents } from '../../../shared/money.ts';
import { id, priceCents } from '../../../shared/snapshot/common.ts';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { useStoreCurrency } from '../parts/store.tsx';
import { MOBILE_MAX } from '../parts/styles.ts';
import { words } from '../parts/text.ts';

const schema = z.object({
  donatePageId: id,
  title: text(200),
  description: text(5000).optional(),
  buttonText: text(60).default('Donate'),
  suggestedAmountsCents: z.array(priceCents).max(8).default([]),
  contributionConfirmedText: text(5000).optional(),
});
type DonationData = z.output<typeof schema>;

function DonationBlock({ data, block }: BlockProps<DonationData>) {
  const currency = useStoreCurrency();
  // §2 opens secure.{host}/commerce/donate, the site's https domain for secure calls (§7). A block links to the site's
  // own host instead: every site's host is https already (a customer's domain is a Cloudflare for SaaS custom hostname
  // with its certificate), and the visitor keeps the site's crumb and cookies. The secure host answers the same link
  // made elsewhere (the product's e-mails, a shared link) by sending it here (worker/hosting/secure-host.ts).
  const href = `/commerce/donate?donatePageId=${encodeURIComponent(data.donatePageId)}`;
  const headingId = `donation-${block.id}-title`;
  return (
    <section className="donation-block" aria-labelledby={headingId} data-donate-page-id={data.donatePageId}>
      <h2 className="donation-title" id={headingId}>
        {data.title}
      </h2>
      {data.description && <p className="donation-description">{data.description}</p>}
      {data.suggestedAmountsCents.length > 0 && (
        <ul className="donation-amounts" aria-label="Suggested amounts">
          {data.suggestedAmountsCents.map((cents, i) => (
            <li key={i}>
              <a className="donation-amount" href={`${href}&amount=${cents}`} data-amount-cents={cents}>
                <span className="visually-hidden">Give </span>
                {formatCents(cents, currency, { trimCents: true })}
              </a>
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

const styles = `
.block-donation .donation-block{padding:clamp(1.5rem,4vw,2.75rem);border:1px solid var(--border);border-radius:var(--radius);background:var(--surface);text-align:center}
.block-donation .donation-title{margin:0 0 .4em}
.block-donation .donation-description{color:var(--muted);max-width:38rem;margin:0 auto 1.25rem;white-space:pre-line}
.block-donation .donation-amounts{list-style:none;margin:0 0 1.5rem;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem}
.block-donation .donation-amount{display:inline-block;padding:.45em 1.1em;border:1px solid var(--border);border-radius:99px;background:var(--bg);color:var(--text);font-weight:600;font-variant-numeric:tabular-nums;text-decoration:none}
.block-donation .donation-amount:hover{border-color:var(--accent);color:var(--accent)}
@media (max-width:${MOBILE_MAX}px){.block-donation .donation-button{display:block}}
`;

export default defineBlock({
  code: 52,
  name: 'donation',
  schema,
  Component: DonationBlock,
  styles,
  text: (data) => words(data.title, data.description, data.buttonText),
  donationPage: (data) => data,
});
