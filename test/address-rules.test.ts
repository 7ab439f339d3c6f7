// Addresses and phones in the shapes of a site's country (issue 28, shared/address-rules.ts): the site's country from
// its language, each country's labels and phone shape, and the checks a form's submission and checkout's address make
// with them (the same in the browser and at the edge).
import { describe, expect, it } from 'vitest';
import { addressRules, countryOfLanguage, isPhoneNumber } from '../shared/address-rules.ts';
import { ADDRESS_FIELDS, checkFields, checkoutAddressLabels, CONTACT_FIELDS, ZIP_MESSAGE } from '../shared/checkout.ts';
import { checkSubmission, FIELD_MESSAGES, partsShown } from '../shared/form-values.ts';
import type { FormField } from '../shared/snapshot/schema.ts';

describe("a site's country, from its language", () => {
  it.each<[string, string | null]>([
    ['en-GB', 'GB'],
    ['en-US', 'US'],
    ['en-us', 'US'],
    ['fr-CA', 'CA'],
    ['zh-Hant-TW', 'TW'],
    ['en', null],
    ['es-419', null],
    ['en-XX', null],
  ])('%s → %s', (language, country) => {
    expect(countryOfLanguage(language)).toBe(country);
  });
});

describe('the table of address and phone shapes', () => {
  it.each<[string | null, string, boolean, string, boolean, 'parts' | 'single']>([
    // country, region label, region required, postal code label, postal code required, phone
    ['US', 'State', true, 'Zip Code', true, 'parts'],
    ['GB', 'County', false, 'Postcode', true, 'single'],
    ['gb', 'County', false, 'Postcode', true, 'single'],
    ['FR', 'Region', false, 'Postal Code', false, 'single'],
    [null, 'Region', false, 'Postal Code', false, 'single'],
  ])('%s: %s (required %s), %s (required %s), phone in %s', (country, region, regionRequired, postal, postalRequired, phone) => {
    const rules = addressRules(country);
    expect([rules.region.formLabel, rules.region.required, rules.postalCode.formLabel, rules.postalCode.required, rules.phone]).toEqual([
      region,
      regionRequired,
      postal,
      postalRequired,
      phone,
    ]);
    expect(partsShown('phone', rules)).toEqual(phone === 'parts' ? ['Country', 'Areacode', 'Prefix', 'Line'] : ['Line']);
  });

  it.each<[string, boolean]>([
    ['+44 20 7946 0000', true],
    ['020 7946 0000', true],
    ['(555) 123-4567', true],
    ['12345', false],
    ['call me', false],
    ['+44 20 7946 0000 ext', false],
    ['1234567890123456', false],
  ])('one phone field: %s → %s', (text, ok) => {
    expect(isPhoneNumber(text)).toBe(ok);
  });
});

const phone: FormField = { id: 'p', type: 'phone', rawTitle: 'Phone', title: 'Phone', required: true };
const address: FormField = { id: 'a', type: 'address', rawTitle: 'Address', title: 'Address', required: true };

describe('a form submission, checked in the shapes of the site’s country', () => {
  it.each<[string, string | null, FormField, unknown, string | null]>([
    // the US keeps §5: a phone in three parts, a state and a 5-digit ZIP code
    ['a US phone in three parts', 'US', phone, ['555', '123', '4567'], null],
    ['a US phone in one field', 'US', phone, ['', '', '', '5551234567'], FIELD_MESSAGES.phone('Phone')],
    ['a US address', 'US', address, ['1 Main St', '', 'Burlington', 'VT', '05401', 'US'], null],
    ['a US address without a state', 'US', address, ['1 Main St', '', 'Burlington', '', '05401', 'US'], FIELD_MESSAGES.address('Address')],
    // a form's visitor may live elsewhere: the postal code's form is checkout's to check, which knows the destination
    ['a US site’s form with a Canadian postal code', 'US', address, ['1 Main St', '', 'Ottawa', 'ON', 'K1A 0B1', 'Canada'], null],
    // GB: one phone field, a county (optional) and a postcode
    ['a UK phone in one field', 'GB', phone, ['', '', '', '+44 20 7946 0000'], null],
    ['a UK phone in §3’s parts (an API client)', 'GB', phone, ['44', '20', '794', '6000'], null],
    ['a UK phone that is not a number', 'GB', phone, ['', '', '', 'ring the shop'], FIELD_MESSAGES.phone('Phone')],
    ['a UK address with a county', 'GB', address, ['12 Lake Road', '', 'Staveley', 'Cumbria', 'LA8 9NH', 'United Kingdom'], null],
    ['a UK address without a county', 'GB', address, ['12 Lake Road', '', 'Staveley', '', 'la89nh', 'United Kingdom'], null],
    [
      'a UK address without a postcode',
      'GB',
      address,
      ['12 Lake Road', '', 'Staveley', 'Cumbria', '', 'United Kingdom'],
      'Address needs a street address, city, postcode and country.',
    ],
    ['a UK site’s form with a US address', 'GB', address, ['1 Main St', '', 'Burlington', 'VT', '05401', 'US'], null],
    // any other country: a region and a postal code, neither required, one phone field
    ['a French phone in one field', 'FR', phone, ['', '', '', '01 23 45 67 89'], null],
    ['an address with no region or postal code', null, address, ['1 Rue de Rivoli', '', 'Paris', '', '', 'France'], null],
    [
      'an address without a city',
      null,
      address,
      ['1 Rue de Rivoli', '', '', '', '75001', 'France'],
      'Address needs a street address, city and country.',
    ],
  ])('%s (%s)', (_name, country, field, value, error) => {
    const r = checkSubmission([field], { [field.id]: value }, country);
    expect(r.ok ? null : r.errors[field.id]).toBe(error);
  });
});

describe("checkout's address, named and checked for its destination", () => {
  it.each<[string | undefined, string, string, boolean]>([
    ['US', 'State', 'ZIP code', true],
    ['GB', 'County', 'Postcode', true],
    ['DE', 'Region', 'Postal code', false],
    [undefined, 'State, county or province', 'ZIP or postal code', true],
  ])('%s: %s, %s (required %s)', (country, region, zip, zipRequired) => {
    expect(checkoutAddressLabels(country)).toEqual({ region, zip, zipRequired });
  });

  const order = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', address1: '1 High Street', city: 'Town' };
  it.each<[string, Record<string, string>, Record<string, string> | null]>([
    ['a US ZIP code of 5 digits', { country: 'US', zip: '10001' }, null],
    ['a US ZIP code of 4 digits', { country: 'US', zip: '1001' }, { zip: ZIP_MESSAGE }],
    ['a UK postcode', { country: 'GB', zip: 'S32 1BB' }, null],
    ['a UK postcode that is not one', { country: 'GB', zip: '10001' }, { zip: 'Postcode must be a valid UK postcode, such as SW1A 1AA.' }],
    ['a UK order without a postcode', { country: 'GB', zip: '' }, { zip: 'Postcode is required.' }],
    ['a German order without a postal code', { country: 'DE', zip: '' }, null],
  ])('%s', (_name, destination, errors) => {
    const r = checkFields([...CONTACT_FIELDS, ...ADDRESS_FIELDS], { ...order, ...destination });
    expect(r.ok ? null : r.errors).toEqual(errors);
  });
});
