// The newsletter block: its sign-up form as an island over plain HTML that posts without script (§4, §7, §8, §9). The
// island wakes on the visitor's first touch of the form (a focus, a press, a key): a reader who never signs up loads no
// React for it, and a form sent before it is awake is sent again once it is (client/islands/loader.ts).
import { FORM_MESSAGES } from '../../../shared/form-values.ts';
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { envelopeOf, flashOf } from '../form/index.ts';
import { newsletterIsland } from './newsletter.view.tsx';
import type { NewsletterData } from './schema.ts';

export function NewsletterBlock({ data, block }: BlockProps<NewsletterData>) {
  const state = useRender();
  const form = state.site.forms.get(data.formId);
  if (!form) return <p className="newsletter-block newsletter-missing">{FORM_MESSAGES.notConfigured}</p>;
  return (
    <Island
      island={newsletterIsland}
      when="visible"
      props={{
        envelope: envelopeOf(state, form.id, block.id),
        fields: form.fields,
        query: state.url.search,
        title: data.title,
        description: data.description,
        buttonText: data.buttonText,
        placeholder: data.placeholder,
        postSubmitText: data.postSubmitText,
        disclaimer: data.disclaimer,
        flash: flashOf(state, block.id),
      }}
    />
  );
}
