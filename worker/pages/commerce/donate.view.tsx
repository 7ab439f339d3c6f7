// The DONATE page's form, props only (§2: secure.{host}/commerce/donate?donatePageId={id}): an amount (one the cause
// suggests, or the donor's own, in the store currency), the donor's details and the payment. Without script it posts
// to its page; the island (donate.island.tsx) checks the amount and the fields as the edge does and sends the gift
// through the API.
import type { ChangeEvent, FocusEvent, FormEvent, Ref } from 'react';
import type { AmountLimits } from '../../../shared/checkout.ts';
import type { PaymentsMode } from '../../../shared/store-api.ts';
import { islandRef } from '../../../shared/islands/protocol.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Payment } from './summary.view.tsx';

export interface DonateProps {
  donatePageId: string;
  action: string;
  amounts: { cents: number; display: string }[];
  /** the amount chosen: a suggested amount's cents, or 'other' */
  chosen: string;
  currency: { code: string; name: string; symbol: string };
  limits: AmountLimits;
  buttonText: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
  payments: PaymentsMode;
}

export interface DonateLive {
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
  busy: boolean;
  /** the island reads what the visitor did before it woke from the form (client/islands/form-state.ts) */
  formRef: Ref<HTMLFormElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

const DETAILS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { name: 'email', label: 'Email address', autoComplete: 'email', type: 'email', wide: true },
] as const;

export function DonateView({ live, ...props }: DonateProps & { live?: DonateLive }) {
  const values = live ? live.values : props.values;
  const errors = live ? live.errors : props.errors;
  const message = live ? live.message : props.message;
  const amount = values.amount ?? props.chosen;
  const chosenDisplay = props.amounts.find((a) => String(a.cents) === amount)?.display;
  const bind = (name: string) =>
    live ? { value: values[name] ?? '', onChange: live.onChange, onBlur: live.onBlur } : { defaultValue: values[name] ?? '' };
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `donate-${name}-error` } : {});
  const error = (name: string) =>
    errors[name] ? (
      <p className="commerce-field-error" id={`donate-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <form
      className="commerce-donate-form"
      method="post"
      action={props.action}
      onSubmit={live?.onSubmit}
      aria-busy={live?.busy || undefined}
      ref={live?.formRef}
    >
      {message && (
        <p className="commerce-notice commerce-notice-error" role="alert" id="donate-message">
          {message}
        </p>
      )}
      <fieldset className="commerce-fieldset">
        <legend className="commerce-legend">Amount</legend>
        <div className="commerce-amounts">
          {props.amounts.map(({ cents, display }) => (
            <div className="commerce-amount" key={cents}>
              <input
                id={`donate-amount-${cents}`}
                type="radio"
                name="amount"
                value={String(cents)}
                {...(live ? { checked: amount === String(cents), onChange: live.onChange } : { defaultChecked: amount === String(cents) })}
              />
              <label htmlFor={`donate-amount-${cents}`}>{display}</label>
            </div>
          ))}
          <div className="commerce-amount">
            <input
              id="donate-amount-other"
              type="radio"
              name="amount"
              value="other"
              {...(live ? { checked: amount === 'other', onChange: live.onChange } : { defaultChecked: amount === 'other' })}
            />
            <label htmlFor="donate-amount-other">Other amount</label>
          </div>
        </div>
        <div className={cx('commerce-field commerce-other-amount', errors.amount && 'has-error')}>
          <label htmlFor="donate-otherAmount">
            Other amount in {props.currency.name} ({props.currency.symbol})
          </label>
          <input
            id="donate-otherAmount"
            name="otherAmount"
            type="text"
            inputMode="decimal"
            autoComplete="transaction-amount"
            maxLength={20}
            {...invalid('amount')}
            {...bind('otherAmount')}
          />
          {error('amount')}
        </div>
      </fieldset>
      <fieldset className="commerce-fieldset">
        <legend className="commerce-legend">Your Details</legend>
        <div className="commerce-field-grid">
          {DETAILS.map((f) => (
            <div className={cx('commerce-field', 'wide' in f && 'commerce-field-wide', errors[f.name] && 'has-error')} key={f.name}>
              <label htmlFor={`donate-${f.name}`}>{f.label}</label>
              <input
                id={`donate-${f.name}`}
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                required
                maxLength={200}
                {...invalid(f.name)}
                {...bind(f.name)}
              />
              {error(f.name)}
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="commerce-fieldset commerce-payment">
        <legend className="commerce-legend">Payment</legend>
        <Payment
          mode={props.payments}
          idBase="donate-payment"
          chosen={values.testPaymentOutcome === 'decline' ? 'decline' : 'approve'}
          onChange={live?.onChange}
          payer="site"
        />
      </fieldset>
      <button type="submit" className="commerce-button commerce-button-block" disabled={live?.busy || props.payments === 'unavailable'}>
        {live?.busy ? 'Sending your gift...' : chosenDisplay ? `${props.buttonText} · ${chosenDisplay}` : props.buttonText}
      </button>
    </form>
  );
}

export const donateIsland = islandRef('donate', DonateView);
