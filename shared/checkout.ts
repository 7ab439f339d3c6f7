// The visitor's side of checkout, donations and gift cards: the fields they fill in and the rules those fields follow
// (the forms' shared field rules of shared/form-values.ts, plus the destination's address rules: §5's US zip code, a UK
// postcode), the amount a donor types, and the store's messages. Both the islands (before a round trip) and the edge
// (always) check with these.
import { addressRules, postalCodeFits, ZIP_MESSAGE, type AddressRules } from './address-rules.ts';
import { COUNTRIES, isCountryCode } from './countries.ts';
import { checkSubmission } from './form-values.ts';
import { LIMITS } from './limits.ts';
import type { FormField } from './snapshot/schema.ts';

/** §5 Store: a US zip code is exactly 5 digits (the rule is shared/address-rules.ts'). */
export { ZIP_MESSAGE };

/** What checkout calls an address's region and postal code for a destination, and whether the postal code is required. */
export function checkoutAddressLabels(country: string | undefined): { region: string; zip: string; zipRequired: boolean } {
  // no destination chosen yet: names that fit any
  if (!country || !isCountryCode(country)) return { region: 'State, county or province', zip: 'ZIP or postal code', zipRequired: true };
  const rules = addressRules(country);
  return { region: rules.region.checkoutLabel, zip: rules.postalCode.checkoutLabel, zipRequired: rules.postalCode.required };
}

type Field = Pick<FormField, 'id' | 'type' | 'title' | 'rawTitle' | 'required'> & { options?: string[] };

const field = (id: string, type: FormField['type'], title: string, required = true, options?: string[]): Field => ({
  id,
  type,
  title,
  rawTitle: title,
  required,
  ...(options ? { options } : {}),
});

const COUNTRY_CODES = COUNTRIES.map(([code]) => code);

/** Who is buying: every order needs these. */
export const CONTACT_FIELDS: readonly Field[] = [
  field('email', 'email', 'Email address'),
  field('firstName', 'text', 'First name'),
  field('lastName', 'text', 'Last name'),
];

/** Where the goods go: only orders with physical goods. */
export const ADDRESS_FIELDS: readonly Field[] = [
  field('address1', 'text', 'Address line 1'),
  field('address2', 'text', 'Address line 2', false),
  field('city', 'text', 'City'),
  field('region', 'text', 'State, county or province', false),
  field('zip', 'text', 'ZIP or postal code'),
  field('country', 'select', 'Country', true, COUNTRY_CODES),
  field('phone', 'text', 'Phone', false),
];

/** A gift card's recipient and message. */
export const GIFT_CARD_FIELDS: readonly Field[] = [
  field('recipientName', 'text', "Recipient's name"),
  field('recipientEmail', 'email', "Recipient's email address"),
  field('message', 'textarea', 'Message', false),
];

/** The longest text a checkout field keeps (a gift card's message may be longer). */
export const MAX_CHECKOUT_FIELD_LENGTH = 200;
export const MAX_GIFT_MESSAGE_LENGTH = 1000;

export type CheckoutValues = Record<string, string>;
export type FieldCheck = { ok: true; values: CheckoutValues } | { ok: false; errors: Record<string, string> };

/** The address fields named and required as the destination's rules say (shared/address-rules.ts). */
function forDestination(fields: readonly Field[], country: string): readonly Field[] {
  const labels = checkoutAddressLabels(country);
  return fields.map((f) =>
    f.id === 'zip'
      ? { ...f, title: labels.zip, rawTitle: labels.zip, required: labels.zipRequired }
      : f.id === 'region'
        ? { ...f, title: labels.region, rawTitle: labels.region }
        : f,
  );
}

/**
 * Checks what a visitor typed against the fields, with the forms' rules (required, e-mail, options, length), each
 * value trimmed and limited in length; the destination's postal code rule applies (§5's US zip, a UK postcode).
 */
export function checkFields(given: readonly Field[], input: Record<string, unknown>): FieldCheck {
  const values: CheckoutValues = {};
  const raw: Record<string, string> = {};
  for (const f of given) {
    const v = input[f.id];
    raw[f.id] = typeof v === 'string' ? v.trim() : '';
  }
  const fields = forDestination(given, raw.country ?? '');
  const checked = checkSubmission(fields as FormField[], raw, null);
  const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
  for (const f of fields) {
    const value = raw[f.id]!;
    const max = f.id === 'message' ? MAX_GIFT_MESSAGE_LENGTH : MAX_CHECKOUT_FIELD_LENGTH;
    if (!errors[f.id] && value.length > max) errors[f.id] = `${f.title} is too long.`;
    values[f.id] = value;
  }
  if (fields.some((f) => f.id === 'zip') && values.zip && !errors.zip && isCountryCode(values.country ?? '')) {
    const rules: AddressRules = addressRules(values.country);
    if (!postalCodeFits(rules, values.zip)) errors.zip = rules.postalCode.message ?? `${rules.postalCode.checkoutLabel} is not valid.`;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

// ----- amounts a donor types -----

export const AMOUNT_MESSAGES = {
  required: 'Enter the amount you would like to give.',
  invalid: 'Enter an amount in numbers, such as 25 or 25.50.',
  tooSmall: (minimum: string) => `The smallest amount we can take is ${minimum}.`,
  tooLarge: (maximum: string) => `The largest amount we can take is ${maximum}.`,
} as const;

/** The smallest gift: one unit of the currency. */
export const MIN_DONATION_CENTS = 100;
/** The largest: the store's price limit (§9). */
export const MAX_DONATION_CENTS = LIMITS.maxProductPriceCents;

/** The smallest and largest amounts, with their display in the store currency (for the messages). */
export interface AmountLimits {
  min: { cents: number; display: string };
  max: { cents: number; display: string };
}

/**
 * A typed amount in the store currency ('25', '25.5', '1,250.00', '£25') as a whole number of cents: at most two
 * decimals, within the limits; grouping commas and a currency symbol are allowed. The digits are read as whole numbers,
 * never through floating point, so '0.29' is 29 cents.
 */
export function parseAmount(
  text: string,
  currency: string,
  limits: AmountLimits,
): { ok: true; cents: number } | { ok: false; message: string } {
  const cleaned = text.trim().replace(symbolPattern(currency), '').replace(/\s+/g, '');
  if (!cleaned) return { ok: false, message: AMOUNT_MESSAGES.required };
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return { ok: false, message: AMOUNT_MESSAGES.invalid };
  const units = m[1]!.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  // past 12 digits of whole units it is beyond any limit (and past what a number holds exactly)
  if (units.length > 12) return { ok: false, message: AMOUNT_MESSAGES.tooLarge(limits.max.display) };
  const cents = Number(units) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents < limits.min.cents) return { ok: false, message: AMOUNT_MESSAGES.tooSmall(limits.min.display) };
  if (cents > limits.max.cents) return { ok: false, message: AMOUNT_MESSAGES.tooLarge(limits.max.display) };
  return { ok: true, cents };
}

// every §9 symbol, so '£25' and '25 kr' read as amounts whatever the store's currency
const SYMBOLS = ['CA$', 'HK$', 'A$', 'S$', '$', '€', '£', '₪', '฿', 'kr', 'Kč', 'zł', 'p.', 'Php', 'RM', 'CHF'];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function symbolPattern(currency: string): RegExp {
  return new RegExp(
    `^(${[currency, ...SYMBOLS].map(escapeRegExp).join('|')})|(${[currency, ...SYMBOLS].map(escapeRegExp).join('|')})$`,
    'g',
  );
}

// ----- the test payment provider's choice -----

/** What the test provider is asked to do with a payment: the only payment input the checkout takes. */
export const TEST_PAYMENT_OUTCOMES = ['approve', 'decline'] as const;
export type TestPaymentOutcome = (typeof TEST_PAYMENT_OUTCOMES)[number];
