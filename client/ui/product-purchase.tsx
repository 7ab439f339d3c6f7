// A product's purchase panel brought to life (the product block, the product page, the quick view): the price follows
// the chosen variant, Add To Cart goes through the cart API without a reload (adding, added, refused), and the cart
// badge changes with the cart the API answers. A gift card goes to its purchase page (§2).
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ShoppingCart } from '../../shared/cart.ts';
import { giftCardUrl, STORE_API } from '../../shared/store-api.ts';
import {
  ProductPurchaseView,
  initialSku,
  type PurchaseLive,
  type PurchaseProps,
  type PurchaseStatus,
} from '../../worker/blocks/product/purchase.view.tsx';
import { request } from '../lib/request.ts';
import { cartAtom, messageOf } from './cart.ts';

/** How long 'Added!' shows before the button reads Add To Cart again. */
const ADDED_MS = 2000;

export function ProductPurchase(props: PurchaseProps) {
  const setCart = useSetAtom(cartAtom);
  const [sku, setSku] = useState(() => initialSku(props));
  const [quantity, setQuantity] = useState('1');
  const [status, setStatus] = useState<PurchaseStatus>('idle');
  const [message, setMessage] = useState<PurchaseLive['message']>(null);
  const [soldOut, setSoldOut] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // what the visitor chose before the island woke up is in the fields, not in the state yet
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
    if (selectRef.current && selectRef.current.value !== sku) setSku(selectRef.current.value);
    if (quantityRef.current && quantityRef.current.value !== quantity) setQuantity(quantityRef.current.value);
    return () => clearTimeout(timer.current);
    // once, after hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const variant = props.variants.find((v) => v.sku === sku);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'adding') return;
    if (!variant) {
      setMessage({ kind: 'error', text: `Please select ${props.optionLabel}.` });
      selectRef.current?.focus();
      return;
    }
    if (props.giftCard) {
      location.assign(giftCardUrl(props.giftCard.websiteId, props.giftCard.productId, variant.sku));
      return;
    }
    const count = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || count < 1 || count > variant.max) {
      setMessage({ kind: 'error', text: variant.max === 1 ? 'Only 1 can be added.' : `Choose a quantity from 1 to ${variant.max}.` });
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
      setStatus('added');
      setMessage({ kind: 'success', text: `${count} × ${props.title}${variant.label ? ` (${variant.label})` : ''} added to your cart.` });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus('idle'), ADDED_MS);
    } catch (error) {
      setStatus('idle');
      const text = messageOf(error);
      if (/sold out/i.test(text)) setSoldOut((list) => [...list, variant.sku]);
      setMessage({ kind: 'error', text });
    }
  };

  const live: PurchaseLive = {
    sku,
    quantity,
    status,
    message,
    soldOut,
    formRef,
    selectRef,
    quantityRef,
    onSku: (event: ChangeEvent<HTMLSelectElement>) => {
      setSku(event.target.value);
      setMessage(null);
    },
    onQuantity: (event: ChangeEvent<HTMLInputElement>) => setQuantity(event.target.value),
    onSubmit: (event) => void onSubmit(event),
  };
  return <ProductPurchaseView {...props} live={live} />;
}
