// The DONATE and CONTRIBUTION_CONFIRMED pages of a donation block (§2: /commerce/donate?donatePageId={id}). The donate
// page may be cached (it holds nothing of the visitor: the island keeps what is typed); the confirmation is not, and
// shows the contribution only to the browser that gave it.
import { CURRENCIES, formatCents, isSupportedCurrency } from '../../../shared/money.ts';
import { MAX_DONATION_CENTS, MIN_DONATION_CENTS } from '../../../shared/checkout.ts';
import { STORE_PAGES } from '../../../shared/store-api.ts';
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import { donateIsland, type DonateProps } from './donate.view.tsx';
import { CheckIcon } from './order-confirmed-page.tsx';
import { PlainText, findDonation, useStore } from '../../kit/store.tsx';

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
  const { site, route, url } = useRender();
  const store = useStore();
  const donation = findDonation(site, route.donationBlockId);
  if (!donation) return <Unavailable />;

  const amounts = [...new Set(donation.suggestedAmountsCents)].filter((cents) => cents > 0);
  const asked = url.searchParams.get('amount');
  const chosen = asked && amounts.includes(Number(asked)) ? asked : amounts.length ? String(amounts[0]) : 'other';
  const code = store.currency;
  const props: DonateProps = {
    donatePageId: donation.donatePageId,
    action: `${STORE_PAGES.donate}?donatePageId=${encodeURIComponent(donation.donatePageId)}`,
    amounts: amounts.map((cents) => ({ cents, display: store.money(cents) })),
    chosen,
    currency: {
      code,
      name: isSupportedCurrency(code) ? CURRENCIES[code].currencyName : code,
      symbol: formatCents(0, code, { symbolOnly: true }),
    },
    limits: {
      min: { cents: MIN_DONATION_CENTS, display: store.money(MIN_DONATION_CENTS) },
      max: { cents: MAX_DONATION_CENTS, display: store.money(MAX_DONATION_CENTS) },
    },
    buttonText: donation.buttonText,
    values: route.store?.form?.values ?? {},
    errors: route.store?.form?.errors ?? {},
    message: route.store?.form?.message ?? null,
    payments: route.store?.payments ?? 'unavailable',
  };
  return (
    <div className="wrap page-body commerce-page commerce-donate">
      <h1 className="commerce-title">{donation.title}</h1>
      <PlainText className="commerce-intro" text={donation.description} />
      <Island island={donateIsland} props={props} when="visible" />
    </div>
  );
}

export function ContributionConfirmedBody() {
  const { site, route } = useRender();
  const donation = findDonation(site, route.donationBlockId);
  const contribution = route.store?.contribution;
  return (
    <div className="wrap page-body commerce-page commerce-confirmed">
      <CheckIcon />
      <h1 className="commerce-title">Thank you for your contribution</h1>
      {contribution ? (
        <p className="commerce-order-id">
          Your contribution of <strong>{contribution.display.amount}</strong> to <strong>{contribution.title}</strong> has been received
          (reference {contribution.number}).
        </p>
      ) : (
        donation && (
          <p className="commerce-muted">
            Your contribution to <strong>{donation.title}</strong> has been received.
          </p>
        )
      )}
      {contribution?.payment.testMode && <p className="commerce-muted">It was a test payment: nothing was charged.</p>}
      <PlainText className="commerce-confirmed-text" text={donation?.contributionConfirmedText} />
      <a className="commerce-button" href="/">
        Back to {site.website.title}
      </a>
    </div>
  );
}
