// The POPUP_OVERLAY page: the site's popup overlay (§3, §4) drawn centred over a dimmed stage, as visitors see it, with
// a working signup (with and without script) and a Close that goes back to the site.
import { useRender } from '../../kit/context.tsx';
import { PopupOverlay } from '../../overlays/popup-overlay.tsx';

export function PopupOverlayBody() {
  const { site } = useRender();
  const popup = site.settings.popupOverlaySettings;
  if (!popup || popup.style === 'NONE' || !popup.formId || !site.forms.has(popup.formId)) {
    return (
      <div className="commerce-page commerce-popup-none">
        <h1 className="commerce-title">Popup Overlay</h1>
        <p className="commerce-muted">This site has no popup overlay.</p>
      </div>
    );
  }
  return <PopupOverlay mode="page" />;
}
