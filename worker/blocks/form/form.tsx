// The form block: every field type of a site form, labelled and ready for the client to submit (§3, §4, §5).
import type { ReactNode } from 'react';
import type { Form, FormField } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useRender } from '../../render/context.tsx';
import { OwnerHtml } from '../../render/ui.tsx';
import type { BlockProps } from '../define.ts';
import { RequiredMark } from '../parts/elements.tsx';
import { compactClass } from '../parts/media.ts';
import type { FormData } from './schema.ts';

/** §3 likert: each question valued -2..2 with these labels. */
export const LIKERT_SCALE = [
  { value: -2, label: 'Strongly Disagree' },
  { value: -1, label: 'Disagree' },
  { value: 0, label: 'Neutral' },
  { value: 1, label: 'Agree' },
  { value: 2, label: 'Strongly Agree' },
] as const;

interface Part {
  /** the part name of §3 (First, Areacode, Line1, ...) */
  part: string;
  label: string;
  autoComplete?: string;
  optional?: boolean;
  maxLength?: number;
  placeholder?: string;
  numeric?: boolean;
  /** relative width in the row of parts */
  size?: 'xs' | 's' | 'm' | 'l' | 'full';
}

/** The parts of the multi-part fields, in the order of §3's submission summary. */
const PARTS: Partial<Record<FormField['type'], Part[]>> = {
  name: [
    { part: 'First', label: 'First Name', autoComplete: 'given-name', size: 'm' },
    { part: 'Last', label: 'Last Name', autoComplete: 'family-name', size: 'm' },
  ],
  phone: [
    { part: 'Country', label: 'Country', optional: true, maxLength: 3, numeric: true, size: 'xs' },
    { part: 'Areacode', label: 'Area Code', maxLength: 3, numeric: true, size: 's' },
    { part: 'Prefix', label: 'Prefix', maxLength: 3, numeric: true, size: 's' },
    { part: 'Line', label: 'Line', maxLength: 4, numeric: true, size: 's' },
  ],
  address: [
    { part: 'Line1', label: 'Address 1', autoComplete: 'address-line1', size: 'full' },
    { part: 'Line2', label: 'Address 2', autoComplete: 'address-line2', optional: true, size: 'full' },
    { part: 'City', label: 'City', autoComplete: 'address-level2', size: 'l' },
    { part: 'State', label: 'State', autoComplete: 'address-level1', size: 'm' },
    { part: 'Zip', label: 'Zip Code', autoComplete: 'postal-code', size: 'm' },
    { part: 'Country', label: 'Country', autoComplete: 'country-name', size: 'l' },
  ],
  date: [
    { part: 'Month', label: 'Month', placeholder: 'MM', maxLength: 2, numeric: true, size: 's' },
    { part: 'Day', label: 'Day', placeholder: 'DD', maxLength: 2, numeric: true, size: 's' },
    { part: 'Year', label: 'Year', placeholder: 'YYYY', maxLength: 4, numeric: true, size: 's' },
  ],
  time: [
    { part: 'Hour', label: 'Hour', placeholder: 'hh', maxLength: 2, numeric: true, size: 'xs' },
    { part: 'Minute', label: 'Minute', placeholder: 'mm', maxLength: 2, numeric: true, size: 'xs' },
    { part: 'Second', label: 'Second', placeholder: 'ss', maxLength: 2, numeric: true, size: 'xs' },
  ],
};

const INPUT_TYPES: Partial<Record<FormField['type'], { type: string; autoComplete?: string; inputMode?: 'email' | 'url' | 'decimal' }>> = {
  text: { type: 'text' },
  email: { type: 'email', autoComplete: 'email' },
  website: { type: 'url', autoComplete: 'url', inputMode: 'url' },
  number: { type: 'number', inputMode: 'decimal' },
  password: { type: 'password', autoComplete: 'off' },
};

/** §5: a hidden field takes the query-string parameter of the same name if present, otherwise its own value. */
export function hiddenFieldValue(field: FormField, query: URLSearchParams): string {
  return query.get(field.title) ?? query.get(field.rawTitle) ?? field.value ?? '';
}

export function FormBlock({ data, block }: BlockProps<FormData>) {
  const { site, route, url } = useRender();
  const form = site.forms.get(data.formId);
  const base = `form-${block.id}`;
  if (!form) {
    return (
      <p className="form-block form-block-missing" data-island="form" data-form-id={data.formId}>
        This form has not been configured yet.
      </p>
    );
  }
  const showTitle = data.showTitle && !!form.title;
  const titleId = `${base}-title`;
  // Section headings sit one level under the form's title, or directly under the page's.
  const sectionLevel = showTitle ? 3 : 2;
  return (
    <form
      className={cx('form-block', compactClass(block.span))}
      data-island="form"
      data-form-id={form.id}
      data-block-id={block.id}
      data-object-name={block.id}
      data-collection-id={route.collection?.id ?? route.page?.id ?? ''}
      data-submitting-text="Submitting..."
      noValidate
      {...(showTitle ? { 'aria-labelledby': titleId } : { 'aria-label': form.name })}
    >
      <div className="form-body">
        {showTitle && (
          <h2 className="form-title" id={titleId}>
            {form.title}
          </h2>
        )}
        {form.description && <p className="form-description">{form.description}</p>}
        <div className="form-message form-message-top" data-form-message="top" role="alert" hidden />
        <div className="form-fields">
          {form.fields.map((field) => (
            <FormFieldView key={field.id} field={field} base={base} query={url.searchParams} sectionLevel={sectionLevel} />
          ))}
        </div>
        <div className="form-message form-message-bottom" data-form-message="bottom" role="alert" hidden />
        <div className="form-actions">
          <button type="submit" className="button form-submit">
            {form.submitButtonText}
          </button>
        </div>
      </div>
      <SubmissionMessage form={form} />
    </form>
  );
}

/** §4: shown by the client once the submission succeeds; the owner's HTML and text. */
function SubmissionMessage({ form }: { form: Form }) {
  const text = form.postSubmitText || (form.postSubmitHtml ? '' : 'Thank you!');
  return (
    <div className="form-submission-html" hidden>
      {text && <p className="form-submission-text">{text}</p>}
      {form.postSubmitHtml && <OwnerHtml html={form.postSubmitHtml} className="form-submission-owner-html" />}
    </div>
  );
}

interface FieldViewProps {
  field: FormField;
  base: string;
  query: URLSearchParams;
  sectionLevel: 2 | 3;
}

function FormFieldView({ field, base, query, sectionLevel }: FieldViewProps) {
  const id = `${base}-${field.id}`;
  const descId = field.description ? `${id}-description` : undefined;
  const description = field.description && (
    <p className="form-field-description" id={descId}>
      {field.description}
    </p>
  );
  const required = field.required ? { 'aria-required': true as const } : {};
  const common = { 'data-field-id': field.id, 'data-field-type': field.type };
  const error = <p className="form-field-error" id={`${id}-error`} data-field-error={field.id} hidden />;

  switch (field.type) {
    case 'section': {
      const Heading = sectionLevel === 3 ? 'h3' : 'h2';
      return (
        <div className="form-section" {...common}>
          <Heading className="form-section-title">{field.title}</Heading>
          {description}
        </div>
      );
    }
    case 'hidden':
      return <input type="hidden" name={field.id} value={hiddenFieldValue(field, query)} {...common} />;
    case 'text':
    case 'email':
    case 'website':
    case 'number':
    case 'password': {
      const kind = INPUT_TYPES[field.type]!;
      return (
        <div className={cx('form-field', `form-field-${field.type}`)} {...common}>
          <FieldLabel htmlFor={id} field={field} />
          {description}
          <input
            className="form-control"
            id={id}
            name={field.id}
            type={kind.type}
            autoComplete={kind.autoComplete}
            inputMode={kind.inputMode}
            placeholder={field.placeholder}
            aria-describedby={descId}
            {...required}
          />
          {error}
        </div>
      );
    }
    case 'textarea':
      return (
        <div className="form-field form-field-textarea" {...common}>
          <FieldLabel htmlFor={id} field={field} />
          {description}
          <textarea
            className="form-control"
            id={id}
            name={field.id}
            rows={5}
            placeholder={field.placeholder}
            aria-describedby={descId}
            {...required}
          />
          {error}
        </div>
      );
    case 'select':
      return (
        <div className="form-field form-field-select" {...common}>
          <FieldLabel htmlFor={id} field={field} />
          {description}
          <select className="form-control" id={id} name={field.id} defaultValue="" aria-describedby={descId} {...required}>
            <option value="">{field.placeholder ?? 'Select an option'}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {error}
        </div>
      );
    case 'checkbox':
    case 'radio':
      return (
        <Group
          field={field}
          description={description}
          descId={descId}
          error={error}
          common={common}
          role={field.type === 'radio' ? 'radiogroup' : undefined}
        >
          <div className="form-choices">
            {(field.options ?? []).map((option, i) => (
              <div className="form-choice" key={option}>
                <input type={field.type} id={`${id}-${i}`} name={field.id} value={option} />
                <label htmlFor={`${id}-${i}`}>{option}</label>
              </div>
            ))}
          </div>
        </Group>
      );
    case 'likert':
      return (
        <Group field={field} description={description} descId={descId} error={error} common={common}>
          <div className="form-likert">
            {(field.questions ?? []).map((question, q) => (
              <fieldset className="form-likert-question" role="radiogroup" key={q} data-question={q} {...required}>
                <legend className="form-likert-statement">{question}</legend>
                <div className="form-likert-scale">
                  {LIKERT_SCALE.map(({ value, label }) => (
                    <div className="form-likert-option" key={value}>
                      <input type="radio" id={`${id}-q${q}-${value + 2}`} name={`${field.id}-q${q}`} value={value} />
                      <label htmlFor={`${id}-q${q}-${value + 2}`}>{label}</label>
                    </div>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        </Group>
      );
    case 'name':
    case 'phone':
    case 'address':
    case 'date':
    case 'time':
      return (
        <Group field={field} description={description} descId={descId} error={error} common={common}>
          <div className={cx('form-parts', `form-parts-${field.type}`)}>
            {PARTS[field.type]!.map((part) => (
              <div className={cx('form-part', `form-part-${part.size ?? 'm'}`)} key={part.part}>
                <input
                  className="form-control"
                  id={`${id}-${part.part}`}
                  name={`${field.id}-${part.part}`}
                  data-part={part.part}
                  type={field.type === 'phone' ? 'tel' : 'text'}
                  autoComplete={part.autoComplete}
                  maxLength={part.maxLength}
                  placeholder={part.placeholder}
                  inputMode={part.numeric ? 'numeric' : undefined}
                  {...(field.required && !part.optional ? { 'aria-required': true as const } : {})}
                />
                <label className="form-part-label" htmlFor={`${id}-${part.part}`}>
                  {part.label}
                  {part.optional && field.type === 'address' && <span className="form-optional"> (optional)</span>}
                </label>
              </div>
            ))}
            {field.type === 'time' && (
              <div className="form-part form-part-s">
                <select
                  className="form-control"
                  id={`${id}-Ampm`}
                  name={`${field.id}-Ampm`}
                  data-part="Ampm"
                  defaultValue="AM"
                  {...required}
                >
                  <option value="AM">AM</option>
                  <option value="PM">PM</option>
                </select>
                <label className="form-part-label" htmlFor={`${id}-Ampm`}>
                  AM/PM
                </label>
              </div>
            )}
          </div>
        </Group>
      );
  }
}

function FieldLabel({ htmlFor, field }: { htmlFor: string; field: FormField }) {
  return (
    <label className="form-label" htmlFor={htmlFor}>
      {field.title}
      {field.required && <RequiredMark />}
    </label>
  );
}

/** A multi-control field: a fieldset named by its legend. */
function Group({
  field,
  description,
  descId,
  error,
  common,
  role,
  children,
}: {
  field: FormField;
  description: ReactNode;
  descId: string | undefined;
  error: ReactNode;
  common: Record<string, string>;
  role?: 'radiogroup' | undefined;
  children: ReactNode;
}) {
  // aria-required is only allowed on a group with the radiogroup role; other groups say 'required' in the legend.
  const required = field.required && role === 'radiogroup' ? { 'aria-required': true as const } : {};
  return (
    <fieldset
      className={cx('form-field', 'form-group', `form-field-${field.type}`)}
      role={role}
      aria-describedby={descId}
      {...required}
      {...common}
    >
      <legend className="form-label">
        {field.title}
        {field.required && (
          <>
            <RequiredMark />
            {role !== 'radiogroup' && <VisuallyHidden> (required)</VisuallyHidden>}
          </>
        )}
      </legend>
      {description}
      {children}
      {error}
    </fieldset>
  );
}
