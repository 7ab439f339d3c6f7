// The popup overlay of the site settings (§3, §4) as the server draws it: on site pages where the page's part of the
// §4 rule allows it (a style, not a lock screen or a 404 in a splash-page collection, no sqsscreenshot=true), as a
// closed dialog whose island decides in the browser; on the POPUP_OVERLAY page as the page itself. Everything in its
// props comes from the snapshot and the URL, so a page with the popup is cached like any other.
import { BREAKPOINTS } from '../../shared/limits.ts';
import { popupAllowedOnPage } from '../../shared/overlays.ts';
import { envelopeOf, flashOf } from '../blocks/form/index.ts';
import { useRender } from '../kit/context.tsx';
import { Island } from '../kit/island.tsx';
import { POPUP_OBJECT_NAME, popupOverlayIsland } from './popup-overlay.view.tsx';

export function PopupOverlay({ mode }: { mode: 'overlay' | 'page' }) {
  const state = useRender();
  const { site, route, url } = state;
  const popup = site.settings.popupOverlaySettings;
  if (!popup || popup.style === 'NONE' || !popup.formId) return null;
  const form = site.forms.get(popup.formId);
  if (!form) return null;
  // the page's part of §4 (mobile is the browser's to judge)
  if (
    mode === 'overlay' &&
    !popupAllowedOnPage(popup, { pageType: route.pageType, collectionType: route.collection?.type }, url.searchParams, false)
  )
    return null;
  return (
    <Island
      island={popupOverlayIsland}
      // site pages: at once, so that its image is fetched with the page's own (it opens when the image is drawn)
      when={mode === 'page' ? 'visible' : 'load'}
      props={{
        mode,
        style: popup.style,
        version: popup.version,
        enableMobile: popup.enableMobile,
        mobileMax: BREAKPOINTS.mobileMax,
        showUntilSignup: popup.showUntilSignup,
        displayFrequency: popup.displayFrequency,
        title: popup.title,
        body: popup.body,
        buttonText: popup.buttonText,
        postSubmitText: popup.postSubmitText,
        image: popup.image,
        envelope: envelopeOf(state, form.id, POPUP_OBJECT_NAME, true),
        fields: form.fields,
        query: url.search,
        flash: flashOf(state, POPUP_OBJECT_NAME),
      }}
    />
  );
}
