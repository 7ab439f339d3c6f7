// The donation form in the browser: the amount (a suggested one, or the donor's own in the store currency) and the
// details are checked as the edge checks them (shared/checkout.ts) before anything is sent; the gift goes through the
// donations API and lands on CONTRIBUTION_CONFIRMED.
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { useInputBeforeWake, valuesShown } from '../../../client/islands/form-state.ts';
import { fieldErrorsOf, messageOf } from '../../../client/ui/cart.ts';
import { useFieldErrors } from '../../../client/ui/field-errors.ts';
import { request } from '../../../client/lib/request.ts';
import { checkFields, CONTACT_FIELDS, parseAmount } from '../../../shared/checkout.ts';
import { STORE_API, type PlacedAnswer } from '../../../shared/store-api.ts';
import { DonateView, type DonateProps } from './donate.view.tsx';

const FIX_FIELDS = 'Please correct the fields marked below.';

/** Cents as the text a donor would type ('25.00'), by whole-number arithmetic. */
const centsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export default function DonateIsland(props: DonateProps) {
  const [values, setValues] = useState<Record<string, string>>(() => ({ amount: props.chosen, ...props.values }));
  const [message, setMessage] = useState(props.message);
  const [busy, setBusy] = useState(false);
  // one gift, however often the button is pressed
  const key = useRef(`dn-${crypto.randomUUID()}`);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  // an amount ticked or typed, details typed before the island woke: its state, as if typed now
  useInputBeforeWake(formRef, (changed) =>
    setValues((v) => ({ ...v, ...changed, ...(changed.otherAmount && !changed.amount ? { amount: 'other' } : {}) })),
  );

  const amountText = (v: Record<string, string>) =>
    v.amount && v.amount !== 'other' ? centsText(Number(v.amount)) : (v.otherAmount ?? '');

  const check = (v: Record<string, string>): Record<string, string> => {
    const found: Record<string, string> = {};
    const amount = parseAmount(amountText(v), props.currency.code, props.limits);
    if (!amount.ok) found.amount = amount.message;
    const details = checkFields(CONTACT_FIELDS, v);
    return details.ok ? found : { ...found, ...details.errors };
  };

  const messages = useFieldErrors(props.errors, check);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    const next = { ...values, [name]: value };
    // typing an amount of one's own chooses it
    if (name === 'otherAmount') next.amount = 'other';
    setValues(next);
    messages.refresh(next, [name === 'otherAmount' || name === 'amount' ? 'amount' : name]);
  };

  // the other amount's message is the amount's
  const onBlur = (event: FocusEvent<HTMLInputElement>) =>
    messages.leave(values, event.target.name === 'otherAmount' ? 'amount' : event.target.name);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // what the form shows is what is given
    const shown = { ...values, ...valuesShown(event.currentTarget) };
    const found = check(shown);
    if (Object.keys(found).length) {
      messages.showAll(found);
      setMessage(FIX_FIELDS);
      document.getElementById(found.amount ? 'donate-otherAmount' : `donate-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await request<PlacedAnswer>(STORE_API.donations, {
        method: 'POST',
        json: true,
        data: {
          donatePageId: props.donatePageId,
          amount: amountText(shown),
          firstName: shown.firstName,
          lastName: shown.lastName,
          email: shown.email,
          testPaymentOutcome: shown.testPaymentOutcome || 'approve',
          idempotencyKey: key.current,
        },
      });
      location.assign(answer.redirect);
    } catch (error) {
      setBusy(false);
      messages.showAll(fieldErrorsOf(error));
      setMessage(messageOf(error));
    }
  };

  return (
    <DonateView
      {...props}
      live={{ values, errors: messages.errors, message, busy, formRef, onChange, onBlur, onSubmit: (event) => void onSubmit(event) }}
    />
  );
}
