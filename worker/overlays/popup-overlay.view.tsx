// The popup overlay's props-only view (§3 Site-wide overlay settings, §4 Popup overlay): the card or full-screen
// signup of the site settings with its form (submitted with isOverlayForm, §7). On site pages it is a closed <dialog>
// that the island opens when the §4 rules say so (the decision is the browser's, so the page stays cacheable); on the
// POPUP_OVERLAY page it is the page's content, and Close goes back to the site. The island is plain (no React,
// popup-overlay.island.ts); the signup inside it (PopupSignup, in its own element and its own view file, so that
// neither the island nor its signup loads the other's code) is hydrated with React only when the visitor turns to the
// form (popup-signup.client.tsx).
import { formAnchorId } from '../../shared/form-post.ts';
import { islandRef } from '../../shared/islands/protocol.ts';
import type { Image } from '../../shared/snapshot/common.ts';
import type { FormField } from '../../shared/snapshot/schema.ts';
import { cx } from '../../shared/ui/cx.ts';
import { Img } from '../../shared/ui/img.tsx';
import type { FormEnvelope, FormState } from '../blocks/form/form.view.tsx';
import { POPUP_CLASSES } from './popup-classes.ts';
import { PopupSignup } from './popup-signup.view.tsx';

/** The popup's objectName, and the base of its element ids. */
export const POPUP_OBJECT_NAME = 'popup-overlay';

export interface PopupProps {
  /** 'overlay': the site-wide dialog of site pages; 'page': the POPUP_OVERLAY page */
  mode: 'overlay' | 'page';
  style: 'CARD' | 'FULL';
  /** §3: what the §4 rules read in the browser */
  version: number;
  enableMobile: boolean;
  /** §9: the widest window that is mobile (shared/limits.ts, which the island does not load) */
  mobileMax: number;
  showUntilSignup: boolean;
  displayFrequency: number;
  title: string;
  body?: string | undefined;
  buttonText: string;
  postSubmitText: string;
  image?: Image | undefined;
  envelope: FormEnvelope;
  fields: FormField[];
  query: string;
  flash?: FormState | undefined;
}

const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function PopupView(props: PopupProps) {
  const { envelope, image } = props;
  const base = formAnchorId(envelope.objectName);
  const titleId = `${base}-title`;
  const bodyId = `${base}-body`;
  const full = props.style === 'FULL';
  const body = paragraphs(props.body);
  const page = props.mode === 'page';
  const card = (
    <div
      id={page ? base : undefined}
      className={cx(POPUP_CLASSES.card, full ? 'commerce-popup-full' : 'commerce-popup-card', image && 'has-image')}
      data-style={props.style}
    >
      {image && (
        <div className="commerce-popup-media">
          <Img
            image={image}
            sizes={full ? '100vw' : '(max-width: 432px) 100vw, 360px'}
            displayWidth={full ? 1000 : 360}
            priority={page}
            alt={full ? '' : image.alt}
          />
        </div>
      )}
      <div className="commerce-popup-content">
        {page ? (
          <h1 className="commerce-popup-title" id={titleId}>
            {props.title}
          </h1>
        ) : (
          <h2 className="commerce-popup-title" id={titleId}>
            {props.title}
          </h2>
        )}
        {body.length > 0 && (
          <div className="commerce-popup-body" id={bodyId}>
            {body.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of text that hold no state; a list changes as a whole
              <p key={i}>{p}</p>
            ))}
          </div>
        )}
        <div className={POPUP_CLASSES.signup}>
          <PopupSignup
            envelope={envelope}
            fields={props.fields}
            query={props.query}
            buttonText={props.buttonText}
            postSubmitText={props.postSubmitText}
            flash={props.flash}
          />
        </div>
      </div>
      {page ? (
        <a className={POPUP_CLASSES.close} href="/" aria-label="Close">
          <CloseIcon />
        </a>
      ) : (
        <button type="button" className={POPUP_CLASSES.close} aria-label="Close">
          <CloseIcon />
        </button>
      )}
    </div>
  );
  if (page) return <div className="commerce-popup-stage">{card}</div>;
  // opened, it takes the focus itself (the island focuses it: tabIndex -1), so screen readers read its title and text
  // first and the signup is hydrated only when the visitor turns to it
  return (
    <dialog
      id={base}
      className={cx(POPUP_CLASSES.dialog, full ? 'popup-overlay-full' : 'popup-overlay-card')}
      aria-labelledby={titleId}
      aria-describedby={body.length > 0 ? bodyId : undefined}
      tabIndex={-1}
    >
      {card}
    </dialog>
  );
}

export const popupOverlayIsland = islandRef('popup-overlay', PopupView);
