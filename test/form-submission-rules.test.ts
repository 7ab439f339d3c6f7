// The envelope of SaveFormSubmission (§7): what each field may hold, the reason a 400 gives, and the values the edge
// goes on with. The values inside `form` are form-value-rules.test.ts's business.
import { describe, expect, it } from 'vitest';
import { issueReasons, saveFormSubmissionSchema, SUBMISSION_TEXT_MAX } from '../shared/form-submission.ts';

const valid = { key: 'k', formId: 'form-contact', form: '{"c-name":"Ada"}' };

function reasonFor(body: unknown): string | null {
  const parsed = saveFormSubmissionSchema.safeParse(body);
  return parsed.success ? null : issueReasons(parsed.error);
}

describe('the SaveFormSubmission envelope', () => {
  it.each<[string, unknown, string]>([
    ['no key', { formId: 'form-contact', form: '{}' }, 'key is required'],
    ['an empty key', { ...valid, key: '' }, 'key is required'],
    ['a null key', { ...valid, key: null }, 'key is required'],
    ['a key that is a number', { ...valid, key: 7 }, 'key must be a string'],
    ['a key that is too long', { ...valid, key: 'k'.repeat(SUBMISSION_TEXT_MAX + 1) }, 'key is at most 200 characters'],
    ['no formId', { key: 'k', form: '{}' }, 'formId is required'],
    ['a collectionId that is not a string', { ...valid, collectionId: 5 }, 'collectionId must be a string'],
    ['an objectName that is too long', { ...valid, objectName: 'o'.repeat(201) }, 'objectName is at most 200 characters'],
    ['no form', { key: 'k', formId: 'form-contact' }, 'form is required'],
    ['an empty form', { ...valid, form: '' }, 'form is required'],
    ['a form that is not JSON', { ...valid, form: '{nope' }, 'form must be JSON'],
    ['a form that is a list', { ...valid, form: '[1]' }, 'form must be a JSON object of field ids to values'],
    ['a form that is JSON null', { ...valid, form: 'null' }, 'form must be a JSON object of field ids to values'],
    ['a form object that is a list (JSON body)', { ...valid, form: [1] }, 'form must be a JSON object of field ids to values'],
    ['an isOverlayForm that is not a boolean', { ...valid, isOverlayForm: 'maybe' }, 'isOverlayForm must be true or false'],
    ['an isOverlayForm that is null', { ...valid, isOverlayForm: null }, 'isOverlayForm must be true or false'],
    ['a body that is a list', [valid], 'The body must be a JSON object.'],
    ['a body that is null', null, 'The body must be a JSON object.'],
    [
      'several faults, each named',
      { form: '[]' },
      'key is required; formId is required; form must be a JSON object of field ids to values',
    ],
  ])('refuses %s', (_, body, reason) => {
    expect(reasonFor(body)).toBe(reason);
  });

  it.each<[string, Record<string, unknown>, { isOverlayForm: boolean; collectionId: string; objectName: string }]>([
    ['form-encoded, optional fields absent', valid, { isOverlayForm: false, collectionId: '', objectName: '' }],
    [
      'form-encoded, every field',
      { ...valid, collectionId: 'c', objectName: 'block-1', isOverlayForm: 'true' },
      { isOverlayForm: true, collectionId: 'c', objectName: 'block-1' },
    ],
    ['an empty isOverlayForm', { ...valid, isOverlayForm: '' }, { isOverlayForm: false, collectionId: '', objectName: '' }],
    [
      'JSON, with nulls and a boolean',
      { ...valid, collectionId: null, objectName: null, isOverlayForm: true },
      { isOverlayForm: true, collectionId: '', objectName: '' },
    ],
  ])('accepts %s', (_, body, expected) => {
    const parsed = saveFormSubmissionSchema.parse(body);
    expect(parsed).toEqual({ key: 'k', formId: 'form-contact', form: { 'c-name': 'Ada' }, ...expected });
  });

  it('takes the values as an object in a JSON body, and drops fields it does not know', () => {
    const parsed = saveFormSubmissionSchema.parse({ ...valid, form: { 'c-name': ['Ada', 'Lovelace'] }, crumb: 'x' });
    expect(parsed.form).toEqual({ 'c-name': ['Ada', 'Lovelace'] });
    expect(parsed).not.toHaveProperty('crumb');
  });
});
