// The POPUP_OVERLAY page: the site's popup overlay (§3, §4) drawn centred over a dimmed stage, as visitors would see it.
import { cx } from '../../../shared/ui/cx.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { useRender } from '../../render/context.tsx';
import { PlainText } from './store.tsx';

export function PopupOverlayBody() {
  const { site } = useRender();
  const popup = site.settings.popupOverlaySettings;
  if (!popup || popup.style === 'NONE') {
    return (
      <div className="commerce-page commerce-popup-none">
        <h1 className="commerce-title">Popup Overlay</h1>
        <p className="commerce-muted">This site has no popup overlay.</p>
      </div>
    );
  }
  const full = popup.style === 'FULL';
  return (
    <div className="commerce-popup-stage">
      <div
        className={cx('commerce-popup', full ? 'commerce-popup-full' : 'commerce-popup-card', popup.image && 'has-image')}
        role="dialog"
        aria-modal="false"
        aria-labelledby="popup-title"
        data-island="popup-overlay"
        data-style={popup.style}
        data-version={String(popup.version)}
        data-enable-mobile={String(popup.enableMobile)}
        data-show-until-signup={String(popup.showUntilSignup)}
        data-display-frequency={String(popup.displayFrequency)}
        data-post-submit-text={popup.postSubmitText}
      >
        {popup.image && (
          <div className="commerce-popup-media">
            <Img
              image={popup.image}
              sizes={full ? '100vw' : '(max-width: 432px) 100vw, 360px'}
              displayWidth={full ? 1000 : 360}
              priority
              alt={full ? '' : popup.image.alt}
            />
          </div>
        )}
        <div className="commerce-popup-content">
          <h1 className="commerce-popup-title" id="popup-title">
            {popup.title}
          </h1>
          <PlainText className="commerce-popup-body" text={popup.body} />
          <form className="commerce-popup-form" method="post" action="/popup-overlay">
            <label className="commerce-visually-hidden" htmlFor="popup-email">
              Email address
            </label>
            <input id="popup-email" name="email" type="email" autoComplete="email" placeholder="Email address" required />
            <button type="submit" className="commerce-button">
              {popup.buttonText}
            </button>
          </form>
        </div>
        <button type="button" className="commerce-popup-close" aria-label="Close" data-action="close">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
