// Block type 9, form: a form of the snapshot, every field type, submitted by its island or posted to the edge without script.
import { defineBlock } from '../define.ts';
import { FormBlock } from './form.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({
  code: 9,
  name: 'form',
  schema,
  Component: FormBlock,
  styles,
  // the spec runs the scripts of a form's post-submission HTML
  ownerCode: (data, site) => !!site.forms.get(data.formId)?.postSubmitHtml,
  references: (data) => ({ forms: [data.formId] }),
});

// what the form's family (the newsletter block, the popup overlay's signup) builds on
export { envelopeOf, flashOf } from './form.tsx';
