// The DONATE and CONTRIBUTION_CONFIRMED pages of a donation block (§2: /commerce/donate?donatePageId={id}).
import { formatCents } from '../../../shared/money.ts';
import { useRender } from '../../render/context.tsx';
import { CheckIcon } from './order-confirmed-page.tsx';
import { PlainText, currencyName, findDonation, useStore } from './store.tsx';

function Unavailable() {
  return (
    <div className="wrap page-body commerce-page commerce-donate">
      <h1 className="commerce-title">Donate</h1>
      <p className="commerce-muted">This donation page is not available.</p>
      <a className="commerce-button" href="/">
        Back to the home page
      </a>
    </div>
  );
}

export function DonateBody() {
  const { site, route } = useRender();
  const store = useStore();
  const donation = findDonation(site, route.donationBlockId);
  if (!donation) return <Unavailable />;

  const amounts = [...new Set(donation.suggestedAmountsCents)].filter((cents) => cents > 0);
  const symbol = formatCents(0, store.currency, { symbolOnly: true });
  const action = `/commerce/donate?donatePageId=${encodeURIComponent(donation.donatePageId)}`;
  return (
    <div className="wrap page-body commerce-page commerce-donate">
      <h1 className="commerce-title">{donation.title}</h1>
      <PlainText className="commerce-intro" text={donation.description} />
      <form
        className="commerce-donate-form"
        method="post"
        action={action}
        data-island="donate-form"
        data-currency={store.currency}
        data-donate-page-id={donation.donatePageId}
      >
        <fieldset className="commerce-fieldset">
          <legend className="commerce-legend">Amount</legend>
          <div className="commerce-amounts">
            {amounts.map((cents, i) => (
              <div className="commerce-amount" key={cents}>
                <input id={`donate-amount-${cents}`} type="radio" name="amount" value={String(cents)} defaultChecked={i === 0} />
                <label htmlFor={`donate-amount-${cents}`}>{store.money(cents)}</label>
              </div>
            ))}
            <div className="commerce-amount">
              <input id="donate-amount-other" type="radio" name="amount" value="other" defaultChecked={amounts.length === 0} />
              <label htmlFor="donate-amount-other">Other amount</label>
            </div>
          </div>
          <div className="commerce-field commerce-other-amount">
            <label htmlFor="donate-other">
              Other amount in {currencyName(store.currency)} ({symbol})
            </label>
            <input id="donate-other" name="otherAmount" type="number" min="1" step="0.01" inputMode="decimal" />
          </div>
        </fieldset>
        <fieldset className="commerce-fieldset">
          <legend className="commerce-legend">Your Details</legend>
          <div className="commerce-field-grid">
            <div className="commerce-field">
              <label htmlFor="donate-firstName">First name</label>
              <input id="donate-firstName" name="firstName" type="text" autoComplete="given-name" required />
            </div>
            <div className="commerce-field">
              <label htmlFor="donate-lastName">Last name</label>
              <input id="donate-lastName" name="lastName" type="text" autoComplete="family-name" required />
            </div>
            <div className="commerce-field commerce-field-wide">
              <label htmlFor="donate-email">Email address</label>
              <input id="donate-email" name="email" type="email" autoComplete="email" required />
            </div>
          </div>
        </fieldset>
        <p className="commerce-secure">Payment is taken securely on the next step.</p>
        <button type="submit" className="commerce-button commerce-button-block">
          {donation.buttonText}
        </button>
      </form>
    </div>
  );
}

export function ContributionConfirmedBody() {
  const { site, route } = useRender();
  const donation = findDonation(site, route.donationBlockId);
  return (
    <div className="wrap page-body commerce-page commerce-confirmed">
      <CheckIcon />
      <h1 className="commerce-title">Thank you for your contribution</h1>
      {donation && (
        <p className="commerce-muted">
          Your contribution to <strong>{donation.title}</strong> has been received.
        </p>
      )}
      <PlainText className="commerce-confirmed-text" text={donation?.contributionConfirmedText} />
      <a className="commerce-button" href="/">
        Back to {site.website.title}
      </a>
    </div>
  );
}
