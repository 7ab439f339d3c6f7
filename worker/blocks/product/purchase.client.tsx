// A product's purchase panel brought to life (the product block, the product page, the quick view): the price follows
// the chosen variant, Add To Cart goes through the cart API without a reload (adding, added, refused), and the cart
// badge changes with the cart the API answers. A gift card goes to its purchase page (§2).
// The page may have been cached before a sale: a product sold from a count asks the edge what is left once the panel
// runs and again when a variant is picked, and a variant the edge says is gone shows as sold out and is never sent to
// the cart (an add waits for an answer still on its way). docs/store.md, "Stock on cached pages".
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ShoppingCart } from '../../../shared/cart.ts';
import { giftCardUrl, soldOutMessage, STORE_API, type Availability } from '../../../shared/store-api.ts';
import {
  ProductPurchaseView,
  initialSku,
  variantNow,
  type PurchaseLive,
  type PurchaseProps,
  type PurchaseStatus,
} from './purchase.view.tsx';
import { useInputBeforeWake } from '../../../client/islands/form-state.ts';
import { request } from '../../../client/lib/request.ts';
import { cartAtom, messageOf, recordCartAdd } from '../../../client/ui/cart.ts';

/** How long 'Added!' shows before the button reads Add To Cart again. */
const ADDED_MS = 2000;

type Left = Readonly<Record<string, number>>;

/** What is left of the product's variants with a count, by SKU; null when the edge could not say (the page stands). */
function readLeft(productId: string): Promise<Left | null> {
  return request<Availability>(STORE_API.availability, { method: 'GET', data: { productId } }).then(
    (answer) => Object.fromEntries(answer.variants.map((v) => [v.sku, v.left])),
    (error: unknown) => {
      console.warn('availability:', error instanceof Error ? error.message : error);
      return null;
    },
  );
}

export function ProductPurchase(props: PurchaseProps) {
  const setCart = useSetAtom(cartAtom);
  const [sku, setSku] = useState(() => initialSku(props));
  const [quantityNow, setQuantity] = useState('1');
  const [status, setStatus] = useState<PurchaseStatus>('idle');
  const [message, setMessage] = useState<PurchaseLive['message']>(null);
  const [left, setLeft] = useState<Left>({});
  /** the latest read of what is left (a submit waits for one still on its way) */
  const reading = useRef<Promise<Left | null>>(Promise.resolve(null));
  const formRef = useRef<HTMLFormElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** a submit is being handled (waiting for what is left, or for the cart) */
  const busy = useRef(false);

  /** Asks the edge what is left now (products sold from a count only); the answer also goes to the panel. */
  const check = (): Promise<Left | null> => {
    if (!props.limited || props.giftCard) return reading.current;
    const read = readLeft(props.productId).then((found) => {
      if (found) setLeft((known) => ({ ...known, ...found }));
      return found;
    });
    reading.current = read;
    return read;
  };

  // a variant picked, a quantity typed before the island woke: its state when it wakes
  useInputBeforeWake(formRef, (changed) => {
    if (changed.sku !== undefined) setSku(changed.sku);
    if (changed.quantity !== undefined) setQuantity(changed.quantity);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
    void check();
    return () => clearTimeout(timer.current);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await submit();
    } finally {
      busy.current = false;
    }
  };

  const submit = async () => {
    // what the fields show is what is added
    const variant = props.variants.find((v) => v.sku === (selectRef.current ? selectRef.current.value : sku));
    const quantity = quantityRef.current ? quantityRef.current.value : quantityNow;
    if (!variant) {
      setMessage({ kind: 'error', text: `Please select ${props.optionLabel}.` });
      selectRef.current?.focus();
      return;
    }
    if (props.giftCard) {
      location.assign(giftCardUrl(props.giftCard.websiteId, props.giftCard.productId, variant.sku));
      return;
    }
    const name = `${props.title}${variant.label ? ` (${variant.label})` : ''}`;
    // what is left as last read (the answer to the visitor's pick may still be on its way)
    const fresh = await reading.current;
    const now = variantNow(variant, { left: { ...left, ...fresh } });
    if (now.soldOut) {
      setMessage({ kind: 'error', text: soldOutMessage(name) });
      return;
    }
    const count = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || count < 1 || count > now.max) {
      setMessage({ kind: 'error', text: now.max === 1 ? 'Only 1 can be added.' : `Choose a quantity from 1 to ${now.max}.` });
      quantityRef.current?.focus();
      return;
    }
    setStatus('adding');
    setMessage(null);
    try {
      const answer = await request<{ cart: ShoppingCart }>(STORE_API.entries, {
        method: 'POST',
        json: true,
        data: { productId: props.productId, sku: variant.sku, quantity: count },
      });
      setCart(answer.cart);
      recordCartAdd(props.productId, variant.sku, count);
      setStatus('added');
      setMessage({ kind: 'success', text: `${count} × ${name} added to your cart.` });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus('idle'), ADDED_MS);
    } catch (error) {
      setStatus('idle');
      setMessage({ kind: 'error', text: messageOf(error) });
      // refused on stock (sold since the last read): what is left now
      void check();
    }
  };

  const live: PurchaseLive = {
    sku,
    quantity: quantityNow,
    status,
    message,
    left,
    formRef,
    selectRef,
    quantityRef,
    onSku: (event: ChangeEvent<HTMLSelectElement>) => {
      setSku(event.target.value);
      setMessage(null);
      if (event.target.value) void check();
    },
    onQuantity: (event: ChangeEvent<HTMLInputElement>) => setQuantity(event.target.value),
    onSubmit: (event) => void onSubmit(event),
  };
  return <ProductPurchaseView {...props} live={live} />;
}
