// The cart page in the browser: quantities (typed, or one more or fewer), removal and discount codes go through the cart
// API and the totals come back priced by the edge, without a reload; the cart badge follows through the page's jotai
// store. Checkout is asked for only with §2's cart cookies, otherwise the alert says why it cannot continue.
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useInputBeforeWake, valuesShown } from '../../../client/islands/form-state.ts';
import { cartAtom, cartOf, hasCartCookie, messageOf } from '../../../client/ui/cart.ts';
import { request } from '../../../client/lib/request.ts';
import type { CartLine, ShoppingCart } from '../../../shared/cart.ts';
import { GOTO_CHECKOUT_ALERT, STORE_API } from '../../../shared/store-api.ts';
import { CartView, type CartLive, type CartPageProps } from './cart.view.tsx';

/** A typed quantity is sent once the visitor stops typing for this long. */
const TYPING_MS = 700;

const lineName = (line: CartLine) => (line.variantLabel ? `${line.title} (${line.variantLabel})` : line.title);

export default function CartIsland(props: CartPageProps) {
  const setShared = useSetAtom(cartAtom);
  const [cart, setCart] = useState(props.cart);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CartLive['message']>(props.message ? { kind: 'error', text: props.message } : null);
  const [alert, setAlert] = useState(props.alert);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const typing = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setShared(props.cart);
    const timers = typing.current;
    return () => timers.forEach(clearTimeout);
  }, [props.cart, setShared]);

  const show = (next: ShoppingCart) => {
    setCart(next);
    setShared(next);
  };

  /** Runs one change of the cart; true when the edge took it. */
  async function change(call: () => Promise<{ cart: ShoppingCart }>, done?: string, lineId?: string): Promise<boolean> {
    setBusy(true);
    setMessage(null);
    setAlert(null);
    try {
      show((await call()).cart);
      if (done) setMessage({ kind: 'info', text: done });
      return true;
    } catch (error) {
      const now = cartOf(error);
      if (now) show(now);
      setMessage({ kind: 'error', text: messageOf(error) });
      return false;
    } finally {
      if (lineId) setDrafts(({ [lineId]: _typed, ...rest }) => rest);
      setBusy(false);
    }
  }

  const setQuantity = (line: CartLine, quantity: number) =>
    change(
      () => request(STORE_API.entry(line.id), { method: 'PUT', json: true, data: { quantity } }),
      quantity === 0 ? `${lineName(line)} was removed from your cart.` : undefined,
      line.id,
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const [intent = 'update', arg = ''] = (submitter?.value ?? 'update').split(/:(.*)/s);
    const line = cart.entries.find((l) => l.id === arg);
    if (intent === 'remove' && line) {
      void change(() => request(STORE_API.entry(line.id), { method: 'DELETE' }), `${lineName(line)} was removed from your cart.`);
    } else if ((intent === 'increase' || intent === 'decrease') && line) {
      void setQuantity(line, line.requestedQuantity + (intent === 'increase' ? 1 : -1));
    } else if (intent === 'coupon') {
      const field = event.currentTarget.elements.namedItem('code') as HTMLInputElement | null;
      const code = field?.value.trim() ?? '';
      if (!code) setMessage({ kind: 'error', text: 'Enter a discount code to apply.' });
      else
        void change(
          () => request(STORE_API.coupons, { method: 'POST', json: true, data: { code } }),
          `Discount code ${code.toUpperCase()} applied.`,
        ).then((applied) => {
          if (applied && field) field.value = '';
        });
    } else if (intent === 'remove-coupon') {
      void change(() => request(STORE_API.coupon(arg), { method: 'DELETE' }), `Discount code ${arg} removed.`);
    } else {
      // Enter in a quantity field: send what the fields show now
      const shown = valuesShown(event.currentTarget);
      for (const l of cart.entries) {
        const typed = shown[`quantity-${l.id}`] ?? drafts[l.id];
        if (typed === undefined || (drafts[l.id] === undefined && typed === String(l.requestedQuantity))) continue;
        clearTimeout(typing.current.get(l.id));
        submitTyped(l, typed);
      }
    }
  };

  function submitTyped(line: CartLine, typed: string): void {
    const quantity = Number(typed);
    if (typed.trim() === '' || !Number.isInteger(quantity) || quantity < 0 || (line.maxQuantity !== null && quantity > line.maxQuantity)) {
      const most = line.maxQuantity ?? 999;
      setMessage({ kind: 'error', text: `Choose a quantity of ${lineName(line)} from 0 to ${most}.` });
      return;
    }
    if (quantity === line.requestedQuantity) {
      setDrafts(({ [line.id]: _same, ...rest }) => rest);
      return;
    }
    void setQuantity(line, quantity);
  }

  /** A quantity typed: shown at once, sent once the visitor stops typing. */
  const typed = (line: CartLine, value: string) => {
    setDrafts((d) => ({ ...d, [line.id]: value }));
    clearTimeout(typing.current.get(line.id));
    typing.current.set(
      line.id,
      setTimeout(() => submitTyped(line, value), TYPING_MS),
    );
  };

  // quantities typed before the island woke: as if typed now
  useInputBeforeWake(formRef, (changed) => {
    for (const line of props.cart.entries) {
      const value = changed[`quantity-${line.id}`];
      if (value !== undefined) typed(line, value);
    }
  });

  const live: CartLive = {
    cart,
    busy,
    message,
    alert,
    formRef,
    onSubmit,
    quantityOf: (line) => drafts[line.id] ?? String(line.requestedQuantity),
    onQuantity: (line, event) => typed(line, event.target.value),
    onCheckout: (event) => {
      // §2: checkout only with the cart cookies; CART is HttpOnly, hasCart says the same to the browser
      if (hasCartCookie()) return;
      event.preventDefault();
      setAlert(GOTO_CHECKOUT_ALERT);
    },
  };
  return <CartView {...props} live={live} />;
}
