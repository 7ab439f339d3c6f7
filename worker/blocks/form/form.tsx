// The form block: a form of the snapshot with every field type (§3), as an island that submits it (§4, §7, §8) and as
// plain HTML that posts to the edge without script. The island wakes on the visitor's first touch of the form (a focus,
// a press, a key), and a form sent before then (a click or Enter) is sent again once it is awake
// (client/islands/loader.ts). A form id the snapshot does not have renders §8's 404 message.
import { useRender, type RenderState } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import { FORM_MESSAGES } from '../../../shared/form-values.ts';
import { countryOfLanguage } from '../../../shared/address-rules.ts';
import type { BlockProps } from '../define.ts';
import { formIsland, type FormEnvelope, type FormState } from './form.view.tsx';
import type { FormData } from './schema.ts';

/** The envelope of a form drawn on the page being rendered. */
export function envelopeOf(state: RenderState, formId: string, objectName: string, isOverlayForm = false): FormEnvelope {
  const { route, url } = state;
  return {
    formId,
    objectName,
    collectionId: route.collection?.id ?? route.page?.id ?? '',
    isOverlayForm,
    returnTo: url.pathname + url.search,
    turnstileSiteKey: state.site.settings.turnstile?.siteKey,
    country: countryOfLanguage(state.site.website.language),
    affiliatePixelUrl: state.site.newsletterForms().includes(formId) ? state.site.settings.affiliatePixelUrl : undefined,
  };
}

/** The outcome of this visitor's post without script, if it came from this form (the page is then not cached). */
export function flashOf(state: RenderState, objectName: string): FormState | undefined {
  const flash = state.formFlash;
  if (!flash || flash.objectName !== objectName) return undefined;
  return flash.kind === 'success'
    ? { phase: 'success' }
    : { phase: 'failed', message: flash.message, errors: flash.errors, values: flash.values };
}

export function FormBlock({ data, block }: BlockProps<FormData>) {
  const state = useRender();
  const form = state.site.forms.get(data.formId);
  if (!form) {
    return <p className="form-block form-block-missing">{FORM_MESSAGES.notConfigured}</p>;
  }
  return (
    <Island
      island={formIsland}
      when="visible"
      props={{
        envelope: envelopeOf(state, form.id, block.id),
        fields: form.fields,
        name: form.name,
        title: data.showTitle ? form.title : undefined,
        description: form.description,
        submitText: form.submitButtonText,
        postSubmitText: form.postSubmitText,
        postSubmitHtml: form.postSubmitHtml,
        query: state.url.search,
        compact: block.span <= 6,
        flash: flashOf(state, block.id),
      }}
    />
  );
}
