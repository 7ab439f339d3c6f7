// The product list's Quick View (§2): a product opens in a modal dialog over the list with its images, price, variants
// and Add To Cart, and the view is recorded with POST /api/census/RecordQuickView/{productId} (§7). Escape, the close
// button or a click outside closes it, and the focus goes back to the card.
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { ProductPurchase } from './purchase.client.tsx';
import { request } from '../../../client/lib/request.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { ProductListView, type ProductCard, type ProductListProps } from './product-list.view.tsx';

/** §7: the quick view is recorded; its answer is not shown, and a failure must not get in the visitor's way. */
function recordQuickView(productId: string): void {
  request(`/api/census/RecordQuickView/${encodeURIComponent(productId)}`, { method: 'POST' }).catch(() => undefined);
}

function QuickView({ card, onClose }: { card: ProductCard; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedOn = useRef<EventTarget | null>(null);
  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  const titleId = `quick-view-${card.id}-title`;
  // a click on the backdrop (the dialog itself, outside its box) that started there closes it (§4)
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current && pressedOn.current === dialog.current) onClose();
  };
  return createPortal(
    <dialog
      ref={dialog}
      className="quick-view"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onPointerDown={(event) => (pressedOn.current = event.target)}
      onClick={onClick}
    >
      <div className="quick-view-body">
        {card.image && (
          <div className="quick-view-media">
            <Img image={card.image} sizes="(max-width: 432px) 90vw, 420px" displayWidth={420} priority />
          </div>
        )}
        <div className="quick-view-details">
          <h2 className="quick-view-title" id={titleId}>
            {card.title}
          </h2>
          <ProductPurchase {...card.purchase} />
          <a className="quick-view-more" href={card.url}>
            View Full Details
          </a>
        </div>
        <button type="button" className="quick-view-close" aria-label="Close" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </dialog>,
    document.body,
  );
}

export default function ProductListIsland(props: ProductListProps) {
  const [open, setOpen] = useState<ProductCard | null>(null);
  return (
    <>
      <ProductListView
        {...props}
        live={{
          onQuickView: (card, event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            recordQuickView(card.id);
            setOpen(card);
          },
        }}
      />
      {open && <QuickView card={open} onClose={() => setOpen(null)} />}
    </>
  );
}
