// Address and phone shapes by country (issue 28): what an address's region and postal code are called, whether each
// must be given and the form a postal code takes, and whether a phone is asked in §3's parts or as one number. §5 keeps
// the US rules for US addresses (a state, a ZIP code, a phone in three parts); a GB address has a county and a
// postcode; any other country a region and a postal code, with one phone field. The form block's address and phone
// fields, the forms' checks (in the browser and at the edge) and checkout's address all read this one table.
import { isCountryCode } from './countries.ts';

export interface AddressRules {
  /** the country these rules are for; '' for the rules of every country the table does not name */
  country: string;
  /** the address part §3 calls State */
  region: { formLabel: string; checkoutLabel: string; required: boolean };
  /** the address part §3 calls Zip */
  postalCode: {
    formLabel: string;
    checkoutLabel: string;
    required: boolean;
    /** the form it must take, checked once trimmed */
    pattern?: RegExp;
    /** checkout's message for a postal code of another form */
    message?: string;
  };
  /** 'parts': §3's Country, Areacode, Prefix and Line; 'single': one field for the whole number */
  phone: 'parts' | 'single';
}

/** §5 Store: a US zip code is exactly 5 digits. */
export const US_ZIP = /^\d{5}$/;
export const ZIP_MESSAGE = 'ZIP code must be exactly 5 digits.';

/** A UK postcode: outward code (area, district) and inward code (sector, unit), the space optional. */
export const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;
export const POSTCODE_MESSAGE = 'Postcode must be a valid UK postcode, such as SW1A 1AA.';

const US: AddressRules = {
  country: 'US',
  region: { formLabel: 'State', checkoutLabel: 'State', required: true },
  postalCode: { formLabel: 'Zip Code', checkoutLabel: 'ZIP code', required: true, pattern: US_ZIP, message: ZIP_MESSAGE },
  phone: 'parts',
};

const GB: AddressRules = {
  country: 'GB',
  // most UK addresses need no county: Royal Mail delivers by postcode
  region: { formLabel: 'County', checkoutLabel: 'County', required: false },
  postalCode: { formLabel: 'Postcode', checkoutLabel: 'Postcode', required: true, pattern: UK_POSTCODE, message: POSTCODE_MESSAGE },
  phone: 'single',
};

/** Every other country: a region and a postal code, neither required (many countries have no postal codes). */
export const DEFAULT_ADDRESS_RULES: AddressRules = {
  country: '',
  region: { formLabel: 'Region', checkoutLabel: 'Region', required: false },
  postalCode: { formLabel: 'Postal Code', checkoutLabel: 'Postal code', required: false },
  phone: 'single',
};

const BY_COUNTRY: Readonly<Record<string, AddressRules>> = { US, GB };

/** The rules of a country (an ISO 3166-1 alpha-2 code, any case); the default rules for any other or none. */
export function addressRules(country: string | null | undefined): AddressRules {
  return BY_COUNTRY[(country ?? '').toUpperCase()] ?? DEFAULT_ADDRESS_RULES;
}

/**
 * The country of a site, from the region of its language tag (BCP 47: 'en-GB' → GB, 'zh-Hant-TW' → TW); null when the
 * tag names none ('en', 'es-419'). The snapshot's default language, en-US, makes a site without one a US site.
 */
export function countryOfLanguage(language: string): string | null {
  for (const subtag of language.split(/[-_]/).slice(1)) {
    if (/^[A-Za-z]{2}$/.test(subtag) && isCountryCode(subtag.toUpperCase())) return subtag.toUpperCase();
  }
  return null;
}

/** A phone number typed in one field: digits with spaces, dots, dashes, brackets and a leading +, 6 to 15 digits. */
export function isPhoneNumber(text: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(text) || text.length > 30) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Whether a postal code fits its country's form (any text does where the rules name none). */
export function postalCodeFits(rules: AddressRules, text: string): boolean {
  return !rules.postalCode.pattern || rules.postalCode.pattern.test(text.trim());
}
