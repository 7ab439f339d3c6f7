// How the store is paid: one small interface every payment provider implements, and the embedded default, a test
// provider that charges nobody. The edge never sees card data: a real provider collects it in its own client-side
// widget or hosted page and hands the checkout an opaque token; the checkout refuses any field that looks like card
// data (README: "The store").
import type { MoneyJSON } from '../../shared/money.ts';
import type { TestPaymentOutcome } from '../../shared/checkout.ts';
import type { Env } from '../env.ts';
import { settingsOf, type PaymentProviderName } from '../http/config.ts';

/** What the visitor's browser sent about paying: the test provider's choice, or a real provider's token. */
export type PaymentMethod = { kind: 'test'; outcome: TestPaymentOutcome } | { kind: 'token'; token: string };

export interface ChargeRequest {
  /** the order's or contribution's id: a provider must charge at most once per key, however often it is asked */
  idempotencyKey: string;
  amount: MoneyJSON;
  /** what the statement says: 'Trailhead Supply Co. order 00012' */
  description: string;
  customerEmail: string;
  method: PaymentMethod;
}

export type ChargeResult = { status: 'succeeded'; reference: string } | { status: 'declined'; message: string };

export interface PaymentProvider {
  /** names the provider in orders ('test', 'stripe', …) */
  readonly id: string;
  /** true when it takes no real money: every page that pays through it says so */
  readonly testMode: boolean;
  /** Takes the payment, once per idempotency key (a retried checkout asks again with the same key). */
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export const TEST_DECLINED_MESSAGE = 'The test payment was declined, as you asked. Choose “Approve the test payment” to place the order.';

/**
 * The embedded default: approves or declines as the visitor chooses on the page, charges nothing, and takes no card
 * data at all. Its references are derived from the key, so asking twice answers the same.
 */
export const testPaymentProvider: PaymentProvider = {
  id: 'test',
  testMode: true,
  async charge(request) {
    if (request.method.kind !== 'test') return { status: 'declined', message: 'The test payment provider takes no payment tokens.' };
    if (request.method.outcome === 'decline') return { status: 'declined', message: TEST_DECLINED_MESSAGE };
    return { status: 'succeeded', reference: `test_${request.idempotencyKey}` };
  },
};

/**
 * Providers by the PAYMENT_PROVIDER setting. A real provider is one more entry here, named in PAYMENT_PROVIDER_NAMES
 * (worker/http/config.ts, which refuses any other name) (README: "The store").
 */
const PROVIDERS: Record<PaymentProviderName, PaymentProvider> = { test: testPaymentProvider };

/**
 * The provider this Worker is configured with (PAYMENT_PROVIDER); null when none is (empty, production's default):
 * the store then takes no orders and says so.
 */
export function paymentProvider(env: Env): PaymentProvider | null {
  const name = settingsOf(env).paymentProvider;
  return name ? PROVIDERS[name] : null;
}

/** Field names that would carry card data: the checkout refuses a body that has any. */
const CARD_FIELD = /card.?(number|num|no)$|^cc.?(number|num)|cvc|cvv|expir|security.?code|^pan$/i;

export function cardDataFields(input: Record<string, unknown>): string[] {
  return Object.keys(input).filter((key) => CARD_FIELD.test(key));
}

export const CARD_DATA_MESSAGE = 'This store never takes card details. Payment is made through its payment provider.';
