// Pieces the store's views share, props only: the summary box, an order's lines with their images, its figures with the total last,
// and the Payment section: the test provider's panel (clearly labelled: nothing is charged, no card details are asked
// for), a real provider's note, or, with no provider at all, that payments are not available.
import type { ChangeEvent, ReactNode } from 'react';
import type { CartImage } from '../../../shared/cart.ts';
import type { TestPaymentOutcome } from '../../../shared/checkout.ts';
import { PAYMENTS_UNAVAILABLE_MESSAGE, type PaymentsMode } from '../../../shared/store-api.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Img } from '../../../shared/ui/img.tsx';

/** The 'Order Summary' box beside a cart or a checkout form. */
export function SummaryBox({ id, children }: { id: string; children: ReactNode }) {
  return (
    <aside className="commerce-summary" aria-labelledby={id}>
      <h2 className="commerce-summary-title" id={id}>
        Order Summary
      </h2>
      {children}
    </aside>
  );
}

export interface SummaryLine {
  key: string;
  title: string;
  /** what is under the title: the variant, the quantity */
  meta: string;
  total: string;
  image: CartImage | null;
}

export function SummaryLines({ lines }: { lines: SummaryLine[] }) {
  return (
    <ul className="commerce-summary-lines">
      {lines.map((line) => (
        <li className="commerce-summary-line" key={line.key}>
          {line.image && <Img image={line.image} sizes="56px" displayWidth={56} alt="" className="commerce-summary-image" />}
          <span className="commerce-summary-line-text">
            <span className="commerce-summary-line-title">{line.title}</span>
            <span className="commerce-summary-line-meta">{line.meta}</span>
          </span>
          <span className="commerce-summary-line-total">{line.total}</span>
        </li>
      ))}
    </ul>
  );
}

export interface FigureRow {
  key: string;
  label: ReactNode;
  value: string;
  className?: string | undefined;
}

/** The figures of an order or a cart, the total (when there is one) last and emphasised. */
export function Figures({ rows, total }: { rows: FigureRow[]; total?: string | undefined }) {
  return (
    <dl className="commerce-totals">
      {rows.map((row) => (
        <div className={cx('commerce-totals-row', row.className)} key={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      {total !== undefined && (
        <div className="commerce-totals-row commerce-totals-total">
          <dt>Total</dt>
          <dd>{total}</dd>
        </div>
      )}
    </dl>
  );
}

/** The test provider's panel: what the payment does is the visitor's choice, and nothing is charged. */
export function TestPayment({
  idBase,
  chosen,
  onChange,
  payer,
}: {
  idBase: string;
  chosen: TestPaymentOutcome;
  /** the island's handler; without it the radios are uncontrolled */
  onChange?: ((event: ChangeEvent<HTMLInputElement>) => void) | undefined;
  /** who takes the payment: 'store' or 'site' */
  payer: string;
}) {
  return (
    <div className="commerce-test-payment">
      <p className="commerce-test-badge">Test mode</p>
      <p>
        This {payer} takes <strong>test payments</strong>: nothing is charged, and no card details are asked for or kept. Choose what the
        test payment does.
      </p>
      <div className="commerce-options">
        {(['approve', 'decline'] as const).map((outcome) => (
          <div className="commerce-option" key={outcome}>
            <input
              id={`${idBase}-${outcome}`}
              type="radio"
              name="testPaymentOutcome"
              value={outcome}
              {...(onChange ? { checked: chosen === outcome, onChange } : { defaultChecked: chosen === outcome })}
            />
            <label htmlFor={`${idBase}-${outcome}`}>
              <span className="commerce-option-name">
                {outcome === 'approve' ? 'Approve the test payment' : 'Decline the test payment'}
              </span>
            </label>
          </div>
        ))}
      </div>
    </div>
  );
}

function LockIcon() {
  return (
    <svg className="commerce-lock-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M6 10h12v10H6z M8.5 10V7a3.5 3.5 0 0 1 7 0v3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** What the Payment section says: only what the runtime does with the money. */
export function Payment({ mode, ...test }: { mode: PaymentsMode } & Parameters<typeof TestPayment>[0]) {
  if (mode === 'test') return <TestPayment {...test} />;
  if (mode === 'unavailable') return <p className="commerce-notice commerce-notice-error">{PAYMENTS_UNAVAILABLE_MESSAGE}</p>;
  return (
    <p className="commerce-secure">
      <LockIcon />
      <span>Payment is taken securely by the {test.payer}’s payment provider.</span>
    </p>
  );
}
