// The checkout in the browser: each field is checked when the visitor leaves it, with the same rules the edge applies
// (shared/checkout.ts: the forms' rules and §5's US zip); choosing the country or a shipping option re-prices the
// order at the edge (shipping, tax) without a reload; Place Order goes through the API and lands on the confirmation,
// or shows what the edge refused next to the fields.
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { cartAtom, cartOf, fieldErrorsOf, messageOf } from '../../../client/ui/cart.ts';
import { useFieldErrors } from '../../../client/ui/field-errors.ts';
import { request, RequestError } from '../../../client/lib/request.ts';
import { ADDRESS_FIELDS, checkFields, CONTACT_FIELDS, GIFT_CARD_FIELDS } from '../../../shared/checkout.ts';
import type { ShoppingCart } from '../../../shared/cart.ts';
import { STORE_API, type CartAnswer, type PlacedAnswer } from '../../../shared/store-api.ts';
import { CheckoutView, type CheckoutLive, type CheckoutProps } from './checkout.view.tsx';

/** The region (for a region's tax) is sent once the visitor stops typing for this long. */
const TYPING_MS = 600;
const FIX_FIELDS = 'Please correct the fields marked below.';
/** How long the checkout waits before asking again after the edge failed under it. */
const RETRY_AFTER_MS = 500;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export default function CheckoutIsland(props: CheckoutProps) {
  const setShared = useSetAtom(cartAtom);
  const [cart, setCart] = useState(props.cart);
  const [values, setValues] = useState(props.values);
  const [message, setMessage] = useState<CheckoutLive['message']>(props.message ? { kind: 'error', text: props.message } : null);
  const [busy, setBusy] = useState(false);
  const [pricing, setPricing] = useState(false);
  const regionTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const gift = props.mode === 'gift-card';
  const shipping = !gift && !!cart?.requiresShipping;

  const fields = () => [...CONTACT_FIELDS, ...(gift ? GIFT_CARD_FIELDS : shipping ? ADDRESS_FIELDS : [])];

  /** Re-prices the order for where it goes and how (shipping options, their cost, tax). */
  async function reprice(next: Record<string, string>): Promise<ShoppingCart | null> {
    if (!shipping || !next.country) return null;
    setPricing(true);
    try {
      const answer = await request<CartAnswer>(STORE_API.shipping, {
        method: 'PUT',
        json: true,
        data: { country: next.country, region: next.region || undefined, shippingOptionId: next.shippingOptionId || null },
      });
      setCart(answer.cart);
      setShared(answer.cart);
      // an option the new destination does not have gives way to the one the edge chose
      if (next.shippingOptionId && !answer.cart.shippingOptions.some((o) => o.id === next.shippingOptionId)) {
        setValues((v) => ({ ...v, shippingOptionId: answer.cart.selectedShippingOption?.id ?? '' }));
      }
      return answer.cart;
    } catch (error) {
      setMessage({ kind: 'error', text: messageOf(error) });
      return null;
    } finally {
      setPricing(false);
    }
  }

  // what the browser filled in before the island woke (autofill, typing) is in the fields: take it, and price for it
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    const form = document.querySelector<HTMLFormElement>('.commerce-checkout-form');
    if (form) form.noValidate = true;
    const found: Record<string, string> = {};
    for (const el of Array.from(form?.elements ?? []) as Control[]) {
      if (!el.name || el.type === 'hidden') continue;
      if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')) {
        if (el.checked) found[el.name] = el.value;
        continue;
      }
      if (el.value) found[el.name] = el.value;
    }
    const merged = { ...props.values, ...found };
    setValues(merged);
    if (merged.country && merged.country !== props.cart?.shippingLocation?.country) void reprice(merged);
    return () => clearTimeout(regionTimer.current);
  }, []);

  const errorsFor = (next: Record<string, string>) => {
    const check = checkFields(fields(), next);
    return check.ok ? {} : check.errors;
  };
  const messages = useFieldErrors(props.errors, errorsFor);

  const onChange = (event: ChangeEvent<Control>) => {
    const el = event.target;
    const value = el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? 'true' : '') : el.value;
    const next = { ...values, [el.name]: value };
    setValues(next);
    // the zip's rule depends on the country (§5)
    messages.refresh(next, el.name === 'country' ? ['country', 'zip'] : [el.name]);
    if (el.name === 'country' || el.name === 'shippingOptionId') void reprice(next);
    if (el.name === 'region') {
      clearTimeout(regionTimer.current);
      regionTimer.current = setTimeout(() => {
        regionTimer.current = undefined;
        void reprice(next);
      }, TYPING_MS);
    }
  };

  const onBlur = (event: FocusEvent<Control>) => messages.leave(values, event.target.name);

  /**
   * Places the order; an edge that restarted under it (a 5xx, or no answer) is asked once more, which finds the order
   * it already placed rather than placing another (the order object is idempotent per cart).
   */
  async function placeOrder(data: Record<string, unknown>): Promise<PlacedAnswer> {
    try {
      return await request<PlacedAnswer>(STORE_API.orders, { method: 'POST', json: true, data });
    } catch (error) {
      if (!(error instanceof RequestError) || !(error.network || error.status >= 500)) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      return request<PlacedAnswer>(STORE_API.orders, { method: 'POST', json: true, data });
    }
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = errorsFor(values);
    if (Object.keys(found).length) {
      messages.showAll(found);
      setMessage({ kind: 'error', text: FIX_FIELDS });
      const first = fields().find((f) => found[f.id]);
      if (first) document.getElementById(`checkout-${first.id}`)?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    let priced = cart;
    if (regionTimer.current !== undefined) {
      // a region typed a moment ago may change the tax: price it before the order is placed
      clearTimeout(regionTimer.current);
      regionTimer.current = undefined;
      priced = (await reprice(values)) ?? cart;
    }
    try {
      const answer = gift
        ? await request<PlacedAnswer>(STORE_API.giftCards, {
            method: 'POST',
            json: true,
            data: { ...values, productId: props.giftCard?.productId, sku: values.sku || props.sku, idempotencyKey: props.idempotencyKey },
          })
        : await placeOrder({
            ...values,
            acceptsMarketing: values.acceptsMarketing === 'true',
            shippingOptionId: values.shippingOptionId || priced?.selectedShippingOption?.id || '',
            expectedTotalCents: priced?.grandTotalCents,
          });
      location.assign(answer.redirect);
    } catch (error) {
      setBusy(false);
      const fieldErrors = fieldErrorsOf(error);
      const now = cartOf(error);
      if (now) {
        setCart(now);
        setShared(now);
      }
      if (Object.keys(fieldErrors).length) {
        messages.showAll(fieldErrors);
      }
      setMessage({ kind: 'error', text: messageOf(error) });
      document.getElementById('checkout-message')?.scrollIntoView({ block: 'center' });
    }
  };

  const live: CheckoutLive = {
    cart,
    values,
    errors: messages.errors,
    message,
    busy,
    pricing,
    onChange,
    onBlur,
    onSubmit: (event) => void onSubmit(event),
  };
  return <CheckoutView {...props} live={live} />;
}
