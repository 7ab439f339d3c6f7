// The fields of a visitor form as props-only views (server render and hydration alike): every field type of §3, named
// as shared/form-post.ts reads them back, with the part rules of shared/form-values.ts, the values a visitor typed
// (after a post without script) and each field's error above its title (§5, §8). The form block draws them in full;
// the newsletter block and the popup overlay draw them compact (labels for screen readers, placeholders in view).
import type { ReactNode } from 'react';
import { hiddenFieldValue, likertName, partName } from '../../../shared/form-post.ts';
import { LIKERT_LABELS } from '../../../shared/form-summary.ts';
import { addressRules, type AddressRules } from '../../../shared/address-rules.ts';
import { FIELD_PARTS, partRule, partsShown, SINGLE_PHONE_PART, type PartsFieldType } from '../../../shared/form-values.ts';
import type { FormField } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

/** §3 likert: each statement answered -2..2, with the spec's labels. */
const LIKERT_VALUES = [-2, -1, 0, 1, 2] as const;

interface PartView {
  label: string;
  autoComplete?: string;
  placeholder?: string;
  /** relative width in the row of parts */
  size: 'xs' | 's' | 'm' | 'l' | 'full';
}

/** How each part looks; what it accepts is PART_RULES'. */
const PART_VIEWS: { [T in PartsFieldType]: Record<(typeof FIELD_PARTS)[T][number], PartView> } = {
  name: {
    First: { label: 'First Name', autoComplete: 'given-name', size: 'm' },
    Last: { label: 'Last Name', autoComplete: 'family-name', size: 'm' },
  },
  phone: {
    Country: { label: 'Country', size: 'xs' },
    Areacode: { label: 'Area Code', size: 's' },
    Prefix: { label: 'Prefix', size: 's' },
    Line: { label: 'Line', size: 's' },
  },
  address: {
    Line1: { label: 'Address 1', autoComplete: 'address-line1', size: 'full' },
    Line2: { label: 'Address 2', autoComplete: 'address-line2', size: 'full' },
    City: { label: 'City', autoComplete: 'address-level2', size: 'l' },
    State: { label: 'State', autoComplete: 'address-level1', size: 'm' },
    Zip: { label: 'Zip Code', autoComplete: 'postal-code', size: 'm' },
    Country: { label: 'Country', autoComplete: 'country-name', size: 'l' },
  },
  date: {
    Month: { label: 'Month', placeholder: 'MM', size: 's' },
    Day: { label: 'Day', placeholder: 'DD', size: 's' },
    Year: { label: 'Year', placeholder: 'YYYY', size: 's' },
  },
  time: {
    Hour: { label: 'Hour', placeholder: 'hh', size: 'xs' },
    Minute: { label: 'Minute', placeholder: 'mm', size: 'xs' },
    Second: { label: 'Second', placeholder: 'ss', size: 'xs' },
    Ampm: { label: 'AM/PM', size: 's' },
  },
};

const INPUT_TYPES: Partial<Record<FormField['type'], { type: string; autoComplete?: string; inputMode?: 'email' | 'url' | 'decimal' }>> = {
  text: { type: 'text' },
  email: { type: 'email', autoComplete: 'email' },
  website: { type: 'url', autoComplete: 'url', inputMode: 'url' },
  number: { type: 'text', inputMode: 'decimal' },
  password: { type: 'password', autoComplete: 'off' },
};

export interface FieldsProps {
  fields: readonly FormField[];
  /** unique on the page: the ids of controls start with it */
  base: string;
  /** the query of the page, for hidden fields (§5) */
  query: string;
  /** values as posted, by control name (a post without script that came back with errors) */
  values?: Record<string, string[]> | undefined;
  /** field id → message */
  errors?: Record<string, string> | undefined;
  /** labels for screen readers only, placeholders in view (newsletter, popup) */
  compact?: boolean;
  /** section headings' level: one under the form's title */
  sectionLevel?: 2 | 3;
  /** the email field's placeholder (the newsletter block's own) */
  emailPlaceholder?: string | undefined;
  /** the site's country: the address's and phone's shapes (shared/address-rules.ts); null: the default shapes */
  country: string | null;
  /** the first field in error takes the focus as the page loads (the outcome of a post without script) */
  autoFocusError?: boolean;
}

/** The id of a field's first control: where focus goes when the field is in error. */
export const controlId = (base: string, field: FormField, rules?: AddressRules): string => {
  const id = `${base}-${field.id}`;
  if (field.type === 'checkbox' || field.type === 'radio') return `${id}-0`;
  if (field.type === 'likert') return `${id}-q0-0`;
  if (field.type in FIELD_PARTS) return `${id}-${partsShown(field.type as PartsFieldType, rules)[0]}`;
  return id;
};

/** A part's label in the site's country: the address's region and postal code, a phone asked as one number. */
function partLabel(type: PartsFieldType, part: string, view: PartView, rules: AddressRules): string {
  if (type === 'address' && part === 'State') return rules.region.formLabel;
  if (type === 'address' && part === 'Zip') return rules.postalCode.formLabel;
  if (type === 'phone' && rules.phone === 'single' && part === SINGLE_PHONE_PART) return 'Phone Number';
  return view.label;
}
export const errorId = (base: string, field: FormField): string => `${base}-${field.id}-error`;

function Required({ compact }: { compact: boolean }) {
  return compact ? (
    <VisuallyHidden> (required)</VisuallyHidden>
  ) : (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}

export function FormFields({
  fields,
  base,
  query,
  values = {},
  errors = {},
  compact = false,
  sectionLevel = 2,
  emailPlaceholder,
  autoFocusError = false,
  country,
}: FieldsProps) {
  const rules = addressRules(country);
  const params = new URLSearchParams(query);
  const firstError = autoFocusError ? fields.find((f) => errors[f.id] && f.type !== 'hidden' && f.type !== 'section') : undefined;
  return (
    <>
      {fields.map((field) => {
        if (field.type === 'hidden') {
          return <input key={field.id} type="hidden" name={field.id} value={hiddenFieldValue(field, params)} />;
        }
        const error = errors[field.id];
        return (
          <div
            key={field.id}
            className={cx('form-item', `form-item-${field.type}`, error && 'is-error')}
            data-field-id={field.id}
            data-field-type={field.type}
          >
            {/* §5/§8: the message above the field's title */}
            {error && (
              <p className="form-field-error" id={errorId(base, field)}>
                {error}
              </p>
            )}
            <Field
              field={field}
              autoFocus={field === firstError}
              base={base}
              values={values}
              error={error}
              compact={compact}
              sectionLevel={sectionLevel}
              emailPlaceholder={emailPlaceholder}
              rules={rules}
            />
          </div>
        );
      })}
    </>
  );
}

interface FieldProps {
  field: FormField;
  autoFocus: boolean;
  base: string;
  values: Record<string, string[]>;
  error: string | undefined;
  compact: boolean;
  sectionLevel: 2 | 3;
  emailPlaceholder: string | undefined;
  rules: AddressRules;
}

function Field({ field, autoFocus, base, values, error, compact, sectionLevel, emailPlaceholder, rules }: FieldProps) {
  const id = `${base}-${field.id}`;
  // only the field's first control: for groups, the first choice or part
  const focus = (controlIdOf: string) => (autoFocus && controlIdOf === controlId(base, field, rules) ? { autoFocus: true } : {});
  const descId = field.description ? `${id}-description` : undefined;
  const describedBy = [error ? errorId(base, field) : undefined, descId].filter(Boolean).join(' ') || undefined;
  const invalid = error ? { 'aria-invalid': true as const } : {};
  const required = field.required ? { 'aria-required': true as const } : {};
  const first = (name: string) => values[name]?.[0];
  const description = field.description && (
    <p className="form-field-description" id={descId}>
      {field.description}
    </p>
  );

  switch (field.type) {
    case 'section': {
      const Heading = sectionLevel === 3 ? 'h3' : 'h2';
      return (
        <div className="form-section">
          <Heading className="form-section-title">{field.title}</Heading>
          {description}
        </div>
      );
    }
    case 'hidden':
      return null;
    case 'text':
    case 'email':
    case 'website':
    case 'number':
    case 'password':
    case 'textarea': {
      const kind = INPUT_TYPES[field.type];
      const placeholder = compact
        ? (field.type === 'email' ? (emailPlaceholder ?? field.placeholder) : field.placeholder) || field.title
        : field.placeholder;
      const control = {
        className: 'form-control',
        id,
        name: field.id,
        placeholder,
        defaultValue: field.type === 'password' ? undefined : first(field.id),
        'aria-describedby': describedBy,
        ...required,
        ...invalid,
        ...focus(id),
      };
      return (
        <div className={cx('form-field', `form-field-${field.type}`)}>
          <Label htmlFor={id} compact={compact}>
            {field.title}
            {field.required && <Required compact={compact} />}
          </Label>
          {description}
          {field.type === 'textarea' ? (
            <textarea rows={5} {...control} />
          ) : (
            <input type={kind!.type} autoComplete={kind!.autoComplete} inputMode={kind!.inputMode} {...control} />
          )}
        </div>
      );
    }
    case 'select':
      return (
        <div className="form-field form-field-select">
          <Label htmlFor={id} compact={compact}>
            {field.title}
            {field.required && <Required compact={compact} />}
          </Label>
          {description}
          <select
            className="form-control"
            id={id}
            name={field.id}
            defaultValue={first(field.id) ?? ''}
            aria-describedby={describedBy}
            {...required}
            {...invalid}
            {...focus(id)}
          >
            <option value="">{field.placeholder ?? 'Select an option'}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      );
    case 'checkbox':
    case 'radio': {
      const radio = field.type === 'radio';
      return (
        <Group field={field} description={description} describedBy={describedBy} error={error} compact={compact} radiogroup={radio}>
          <div className="form-choices">
            {(field.options ?? []).map((option, i) => (
              <div className="form-choice" key={option}>
                <input
                  type={field.type}
                  id={`${id}-${i}`}
                  name={field.id}
                  value={option}
                  defaultChecked={values[field.id]?.includes(option) ?? false}
                  {...focus(`${id}-${i}`)}
                />
                <label htmlFor={`${id}-${i}`}>{option}</label>
              </div>
            ))}
          </div>
        </Group>
      );
    }
    case 'likert':
      return (
        <Group field={field} description={description} describedBy={describedBy} error={error} compact={compact}>
          <div className="form-likert">
            {(field.questions ?? []).map((question, q) => (
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows radiogroup on a fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: the questions are the block's, fixed, and may repeat a text
              <fieldset className="form-likert-question" role="radiogroup" key={q} {...required}>
                <legend className="form-likert-statement">{question}</legend>
                <div className="form-likert-scale">
                  {LIKERT_VALUES.map((value, v) => (
                    <div className="form-likert-option" key={value}>
                      <input
                        type="radio"
                        id={`${id}-q${q}-${v}`}
                        name={likertName(field.id, q)}
                        value={value}
                        defaultChecked={first(likertName(field.id, q)) === String(value)}
                        {...focus(`${id}-q${q}-${v}`)}
                      />
                      <label htmlFor={`${id}-q${q}-${v}`}>{LIKERT_LABELS[String(value)]}</label>
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
    case 'time': {
      const type = field.type;
      const parts = partsShown(type, rules);
      const views = PART_VIEWS[type] as Record<string, PartView>;
      return (
        <Group field={field} description={description} describedBy={describedBy} error={error} compact={compact}>
          <div className={cx('form-parts', `form-parts-${type}`)}>
            {parts.map((part) => {
              const view = views[part]!;
              const rule = partRule(type, part, rules);
              const single = type === 'phone' && parts.length === 1;
              const partId = `${id}-${part}`;
              const name = partName(field.id, part);
              const partRequired = field.required && !rule.optional ? { 'aria-required': true as const } : {};
              const label = (
                <label className={compact ? 'visually-hidden' : 'form-part-label'} htmlFor={partId}>
                  {partLabel(type, part, view, rules)}
                  {rule.optional && type === 'address' && <span className="form-optional"> (optional)</span>}
                </label>
              );
              if (part === 'Ampm') {
                return (
                  <div className={cx('form-part', `form-part-${view.size}`)} key={part}>
                    <select className="form-control" id={partId} name={name} defaultValue={first(name) ?? 'AM'} {...invalid}>
                      <option value="AM">AM</option>
                      <option value="PM">PM</option>
                    </select>
                    {label}
                  </div>
                );
              }
              return (
                <div className={cx('form-part', `form-part-${single ? 'l' : view.size}`)} key={part}>
                  <input
                    className="form-control"
                    id={partId}
                    name={name}
                    type={type === 'phone' ? 'tel' : 'text'}
                    autoComplete={single ? 'tel' : view.autoComplete}
                    maxLength={rule.maxLength}
                    placeholder={compact ? partLabel(type, part, view, rules) : view.placeholder}
                    inputMode={rule.digits ? 'numeric' : undefined}
                    defaultValue={first(name)}
                    {...partRequired}
                    {...invalid}
                    {...focus(partId)}
                  />
                  {label}
                </div>
              );
            })}
          </div>
        </Group>
      );
    }
  }
}

function Label({ htmlFor, compact, children }: { htmlFor: string; compact: boolean; children: ReactNode }) {
  return (
    <label className={compact ? 'visually-hidden' : 'form-label'} htmlFor={htmlFor}>
      {children}
    </label>
  );
}

/** A multi-control field: a fieldset named by its legend, described by its error and description. */
function Group({
  field,
  description,
  describedBy,
  error,
  compact,
  radiogroup = false,
  children,
}: {
  field: FormField;
  description: ReactNode;
  describedBy: string | undefined;
  error: string | undefined;
  compact: boolean;
  radiogroup?: boolean;
  children: ReactNode;
}) {
  // aria-required and aria-invalid are allowed on a radiogroup; other groups say 'required' in the legend
  const aria = radiogroup
    ? { ...(field.required ? { 'aria-required': true as const } : {}), ...(error ? { 'aria-invalid': true as const } : {}) }
    : {};
  return (
    <fieldset
      className={cx('form-field', 'form-group', `form-field-${field.type}`)}
      role={radiogroup ? 'radiogroup' : undefined}
      aria-describedby={describedBy}
      {...aria}
    >
      <legend className={compact ? 'visually-hidden' : 'form-label'}>
        {field.title}
        {field.required && (
          <>
            {!compact && (
              <span className="required-mark" aria-hidden="true">
                {' *'}
              </span>
            )}
            {(!radiogroup || compact) && <VisuallyHidden> (required)</VisuallyHidden>}
          </>
        )}
      </legend>
      {description}
      {children}
    </fieldset>
  );
}
