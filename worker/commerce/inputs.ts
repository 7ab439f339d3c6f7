// What the store's calls accept, checked at the edge before anything else (zod), for the JSON API and the plain-HTML
// forms alike: bodies are flat (JSON or form-encoded), numbers may come as strings, unknown fields are dropped (a
// price sent by the browser is never read), and a field that looks like card data refuses the whole body.
import * as z from 'zod';
import { valid } from '../http/validate.ts';
import { MAX_LINE_QUANTITY } from '../../shared/cart.ts';
import { TEST_PAYMENT_OUTCOMES } from '../../shared/checkout.ts';
import { isCountryCode } from '../../shared/countries.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { AddInput, CheckoutInput, DonationInput, GiftCardInput, ShippingInput } from './backend.ts';
import { StoreError } from './backend.ts';
import { guid } from '../../shared/ids.ts';
import { CARD_DATA_MESSAGE, cardDataFields, type PaymentMethod } from './payments.ts';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A whole number, sent as a number or as the digits of a form field. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[+-]?\d{1,12}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

const quantityMessage = (min: number) => `quantity must be a whole number from ${min} to ${MAX_LINE_QUANTITY}`;

const productId = z.string({ error: 'productId is required' }).regex(ID, 'productId is letters, digits, _ and -');
const sku = z
  .string({ error: 'sku is required' })
  .min(1, 'sku is required')
  .max(LIMITS.maxSkuLength, `sku is at most ${LIMITS.maxSkuLength} characters`);

export const addSchema = z.object({
  productId,
  sku,
  quantity: wholeNumber(1, MAX_LINE_QUANTITY, quantityMessage(1)).default(1),
});

export const quantitySchema = z.object({ quantity: wholeNumber(0, MAX_LINE_QUANTITY, quantityMessage(0)) });

export const shippingSchema = z.object({
  country: z.string({ error: 'country is required' }).refine(isCountryCode, 'country is an ISO 3166-1 alpha-2 code, e.g. GB or US'),
  region: z.string().trim().max(60, 'region is at most 60 characters').optional(),
  shippingOptionId: z.string().regex(ID, 'shippingOptionId is letters, digits, _ and -').nullable().optional(),
});

export const couponSchema = z.object({
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(40, 'code is at most 40 characters'),
});

const payment = z.object({
  testPaymentOutcome: z.enum(TEST_PAYMENT_OUTCOMES, { error: 'testPaymentOutcome is approve or decline' }).optional(),
  /** a real provider's token, made by its own widget in the browser */
  paymentToken: z.string().min(1).max(500).optional(),
});

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotencyKey is 16 to 64 letters, digits, _ and -')
  .optional();

const checkoutSchema = payment.extend({
  acceptsMarketing: z.union([z.boolean(), z.enum(['true', 'false', 'on'])]).optional(),
  shippingOptionId: z.string().regex(ID, 'shippingOptionId is letters, digits, _ and -').optional().or(z.literal('')),
  expectedTotalCents: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'expectedTotalCents must be a whole number').optional(),
});

const giftCardSchema = payment.extend({ productId, sku, idempotencyKey });

const donationSchema = payment.extend({
  donatePageId: z.string({ error: 'donatePageId is required' }).regex(ID, 'donatePageId is letters, digits, _ and -'),
  amount: z.string({ error: 'amount is required' }).max(40, 'amount is at most 40 characters'),
  idempotencyKey,
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  return valid(schema, value, { reasonsOnly: true, refuse: (reasons) => new StoreError(400, reasons) });
}

function object(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new StoreError(400, 'The body must be an object of fields.');
  return value as Record<string, unknown>;
}

function paymentOf(p: z.output<typeof payment>): PaymentMethod {
  if (p.paymentToken) return { kind: 'token', token: p.paymentToken };
  return { kind: 'test', outcome: p.testPaymentOutcome ?? 'approve' };
}

/** A body that carries card data is refused before anything reads it: the store never takes card details. */
function refuseCardData(body: Record<string, unknown>): void {
  if (cardDataFields(body).length) throw new StoreError(400, CARD_DATA_MESSAGE);
}

export const addInput = (value: unknown): AddInput => parse(addSchema, object(value));
export const quantityInput = (value: unknown): number => parse(quantitySchema, object(value)).quantity;
export const shippingInput = (value: unknown): ShippingInput => parse(shippingSchema, object(value));
export const couponInput = (value: unknown): string => parse(couponSchema, object(value)).code;
/** GET STORE_API.availability?productId=…: the product asked about. */
export const availabilityInput = (value: unknown): string => parse(z.object({ productId }), object(value)).productId;

export function checkoutInput(value: unknown): CheckoutInput {
  const body = object(value);
  refuseCardData(body);
  const p = parse(checkoutSchema, body);
  return {
    fields: body,
    acceptsMarketing: p.acceptsMarketing === true || p.acceptsMarketing === 'true' || p.acceptsMarketing === 'on',
    shippingOptionId: p.shippingOptionId || null,
    payment: paymentOf(p),
    expectedTotalCents: p.expectedTotalCents,
  };
}

export function giftCardInput(value: unknown): GiftCardInput {
  const body = object(value);
  refuseCardData(body);
  const p = parse(giftCardSchema, body);
  return { productId: p.productId, sku: p.sku, fields: body, payment: paymentOf(p), idempotencyKey: p.idempotencyKey ?? guid() };
}

export function donationInput(value: unknown): DonationInput {
  const body = object(value);
  refuseCardData(body);
  const p = parse(donationSchema, body);
  return {
    donatePageId: p.donatePageId,
    amount: p.amount,
    fields: body,
    payment: paymentOf(p),
    idempotencyKey: p.idempotencyKey ?? guid(),
  };
}
