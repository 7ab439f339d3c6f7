// Money values, the supported store currencies and their display formats (spec §3, §5, §8, §9).
import Decimal from 'decimal.js';

// [code, ISO 4217 name, ISO 4217 numeric code], in the spec's order.
const CURRENCY_ROWS = [
  ['EUR', 'Euro', '978'],
  ['USD', 'US Dollar', '840'],
  ['AUD', 'Australian Dollar', '036'],
  ['NOK', 'Norwegian Krone', '578'],
  ['CAD', 'Canadian Dollar', '124'],
  ['NZD', 'New Zealand Dollar', '554'],
  ['DKK', 'Danish Krone', '208'],
  ['GBP', 'Pound Sterling', '826'],
  ['HKD', 'Hong Kong Dollar', '344'],
  ['CHF', 'Swiss Franc', '756'],
  ['MXN', 'Mexican Peso', '484'],
  ['SGD', 'Singapore Dollar', '702'],
  ['SEK', 'Swedish Krona', '752'],
  ['CZK', 'Czech Koruna', '203'],
  ['ILS', 'New Israeli Sheqel', '376'],
  ['PHP', 'Philippine Peso', '608'],
  ['RUB', 'Russian Ruble', '643'],
  ['PLN', 'Zloty', '985'],
  ['THB', 'Baht', '764'],
  ['MYR', 'Malaysian Ringgit', '458'],
] as const;

export type CurrencyCode = (typeof CURRENCY_ROWS)[number][0];

export interface Currency {
  readonly code: CurrencyCode;
  readonly currencyName: string;
  readonly fractionDigits: number;
  readonly numericCode: string;
}

export const SUPPORTED_CURRENCY_CODES: readonly CurrencyCode[] = Object.freeze(CURRENCY_ROWS.map(([code]) => code));

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = Object.freeze(
  Object.fromEntries(
    CURRENCY_ROWS.map(([code, currencyName, numericCode]) => [code, Object.freeze({ code, currencyName, fractionDigits: 2, numericCode })]),
  ) as Record<CurrencyCode, Currency>,
);

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

// Unsupported codes are still valid money (for arithmetic), so they need a minor-unit size too.
const DEFAULT_FRACTION_DIGITS = 2;
const MAX_INTEGER_PLACES = 15;
const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

export function isSupportedCurrency(code: string): code is CurrencyCode {
  // A list lookup rather than `in`, which would also accept inherited names such as 'valueOf'.
  return (SUPPORTED_CURRENCY_CODES as readonly string[]).includes(code);
}

function fractionDigitsOf(currencyCode: string): number {
  return isSupportedCurrency(currencyCode) ? CURRENCIES[currencyCode].fractionDigits : DEFAULT_FRACTION_DIGITS;
}

// A private constructor: the global default of 20 significant digits is too few for 15 integer
// places plus the sub-cent digits of multiply/divide, and changing the global config would leak
// into every other user of decimal.js in the bundle.
const MoneyDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

// Names are spelled out rather than read from the constructor, which a minifier renames.
export class MoneyError extends Error {
  override name = 'MoneyError';
}

export class InvalidCurrencyError extends MoneyError {
  override name = 'InvalidCurrencyError';

  constructor(readonly currencyCode: string) {
    super(`Invalid currency code ${currencyCode}`);
  }
}

export class IncompatibleMoneyError extends MoneyError {
  override name = 'IncompatibleMoneyError';

  constructor() {
    super('Monies are not comparable for arithmetic');
  }
}

export type DecimalInput = string | number | Decimal;

export interface MoneyJSON {
  decimalValue: string;
  currencyCode: string;
}

export class Money {
  private constructor(
    readonly value: Decimal,
    readonly currencyCode: string,
  ) {
    Object.freeze(this);
  }

  static of(value: DecimalInput, currencyCode: string): Money {
    if (typeof currencyCode !== 'string' || !CURRENCY_CODE_PATTERN.test(currencyCode)) {
      throw new InvalidCurrencyError(String(currencyCode));
    }
    const decimal = new MoneyDecimal(value);
    // NaN and Infinity parse as Decimals but no price, total or format can mean anything with them.
    if (!decimal.isFinite()) {
      throw new RangeError(`Money value must be a finite number, got ${decimal.toString()}`);
    }
    return new Money(decimal, currencyCode);
  }

  static fromCents(cents: number, currencyCode: string): Money {
    const minorUnits = new MoneyDecimal(10).pow(fractionDigitsOf(currencyCode));
    return Money.of(new MoneyDecimal(cents).div(minorUnits), currencyCode);
  }

  static fromJSON(json: { decimalValue?: string; value?: string | number; currencyCode: string }): Money {
    const value = json.decimalValue ?? json.value;
    if (value === undefined) {
      throw new TypeError('Money JSON needs a decimalValue (or a value)');
    }
    return Money.of(value, json.currencyCode);
  }

  toJSON(): MoneyJSON {
    // toFixed() never switches to exponent notation, which the other side may not parse.
    return { decimalValue: this.value.toFixed(), currencyCode: this.currencyCode };
  }

  add(other: Money): Money {
    this.assertSameCurrency(other);
    return new Money(this.value.plus(other.value), this.currencyCode);
  }

  subtract(other: Money): Money {
    this.assertSameCurrency(other);
    return new Money(this.value.minus(other.value), this.currencyCode);
  }

  multiply(factor: DecimalInput): Money {
    return Money.of(this.value.times(new MoneyDecimal(factor)), this.currencyCode);
  }

  divide(divisor: DecimalInput): Money {
    const d = new MoneyDecimal(divisor);
    if (d.isZero()) throw new RangeError('Cannot divide money by zero');
    return Money.of(this.value.div(d), this.currencyCode);
  }

  compare(other: Money): -1 | 0 | 1 {
    this.assertSameCurrency(other);
    return this.value.comparedTo(other.value) as -1 | 0 | 1;
  }

  // Unlike compare, equality has a natural answer across currencies: they are not equal.
  equals(other: Money): boolean {
    return this.currencyCode === other.currencyCode && this.value.equals(other.value);
  }

  round(): Money {
    return new Money(this.value.toDecimalPlaces(fractionDigitsOf(this.currencyCode), Decimal.ROUND_HALF_UP), this.currencyCode);
  }

  isPositive(): boolean {
    return this.value.greaterThan(0);
  }

  isNegative(): boolean {
    return this.value.lessThan(0);
  }

  isZero(): boolean {
    return this.value.isZero();
  }

  toCents(): number {
    return this.value
      .times(new MoneyDecimal(10).pow(fractionDigitsOf(this.currencyCode)))
      .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
      .toNumber();
  }

  private assertSameCurrency(other: Money): void {
    if (this.currencyCode !== other.currencyCode) throw new IncompatibleMoneyError();
  }
}

// Formatting ---------------------------------------------------------------------------------

export type MoneyFormatterKind =
  'default' | 'leadingSymbol' | 'leadingSymbolAndSpace' | 'symbolWithCurrencyCode' | 'trailingSymbol' | 'trailingSpaceAndSymbol';

export type MoneyFormatter = (value: string, symbol: string, currencyCode: string) => string;

export const MONEY_FORMATTERS: Readonly<Record<MoneyFormatterKind, MoneyFormatter>> = Object.freeze({
  default: (value, _symbol, currencyCode) => `${value} ${currencyCode}`,
  leadingSymbol: (value, symbol) => `${symbol}${value}`,
  leadingSymbolAndSpace: (value, symbol) => `${symbol} ${value}`,
  symbolWithCurrencyCode: (value, symbol, currencyCode) => `${symbol}${value} ${currencyCode}`,
  trailingSymbol: (value, symbol) => `${value}${symbol}`,
  trailingSpaceAndSymbol: (value, symbol) => `${value} ${symbol}`,
});

interface CurrencyTemplate {
  readonly symbol: string;
  readonly decimalSeparator: string;
  readonly thousandsSeparator: string;
  readonly formatter: MoneyFormatterKind;
}

interface LocaleTemplates {
  // A Record over every code, so a currency added without a template fails to compile.
  readonly currencies: Readonly<Record<CurrencyCode, CurrencyTemplate>>;
  // Used for well-formed codes outside the supported list; its symbol is the code itself.
  readonly fallback: Omit<CurrencyTemplate, 'symbol'>;
}

const EN_US_SEPARATORS = { decimalSeparator: '.', thousandsSeparator: ',' } as const;

function enUS(symbol: string, formatter: MoneyFormatterKind): CurrencyTemplate {
  return { symbol, formatter, ...EN_US_SEPARATORS };
}

const LOCALE_TEMPLATES: Readonly<Record<string, LocaleTemplates>> = {
  'en-US': {
    currencies: {
      AUD: enUS('A$', 'leadingSymbol'),
      CAD: enUS('CA$', 'leadingSymbol'),
      EUR: enUS('€', 'leadingSymbol'),
      GBP: enUS('£', 'leadingSymbol'),
      HKD: enUS('HK$', 'leadingSymbol'),
      USD: enUS('$', 'leadingSymbol'),
      CHF: enUS('CHF', 'leadingSymbolAndSpace'),
      DKK: enUS('kr', 'trailingSpaceAndSymbol'),
      NOK: enUS('kr', 'trailingSpaceAndSymbol'),
      SEK: enUS('kr', 'trailingSpaceAndSymbol'),
      MXN: enUS('$', 'leadingSymbol'),
      NZD: enUS('$', 'leadingSymbol'),
      SGD: enUS('S$', 'leadingSymbol'),
      CZK: enUS('Kč', 'trailingSpaceAndSymbol'),
      ILS: enUS('₪', 'leadingSymbol'),
      PHP: enUS('Php', 'leadingSymbolAndSpace'),
      RUB: enUS('p.', 'trailingSpaceAndSymbol'),
      PLN: enUS('zł', 'trailingSpaceAndSymbol'),
      THB: enUS('฿', 'leadingSymbol'),
      MYR: enUS('RM', 'leadingSymbolAndSpace'),
    },
    fallback: { formatter: 'default', ...EN_US_SEPARATORS },
  },
};

const DEFAULT_LOCALE = 'en-US';

export interface FormatMoneyOptions {
  locale?: string;
  trimCents?: boolean;
  useGrouping?: boolean;
  valueOnly?: boolean;
  symbolOnly?: boolean;
}

function templateFor(currencyCode: string, locale: string): CurrencyTemplate {
  // A site's locale may be one we have no table for yet; en-US output beats failing the page.
  const templates = LOCALE_TEMPLATES[locale] ?? LOCALE_TEMPLATES[DEFAULT_LOCALE]!;
  return isSupportedCurrency(currencyCode) ? templates.currencies[currencyCode] : { symbol: currencyCode, ...templates.fallback };
}

export function formatMoney(money: Money, options: FormatMoneyOptions = {}): string {
  if (!(money instanceof Money)) {
    throw new TypeError('formatMoney requires a Money value');
  }
  const { locale = DEFAULT_LOCALE, trimCents = false, useGrouping = true, valueOnly = false } = options;
  const template = templateFor(money.currencyCode, locale);
  if (options.symbolOnly) return template.symbol;

  const rounded = money.round();
  const [integerPart = '0', fractionPart = ''] = rounded.value.abs().toFixed(fractionDigitsOf(money.currencyCode)).split('.');
  if (integerPart.length > MAX_INTEGER_PLACES) {
    throw new RangeError(`Money value ${rounded.value.toFixed()} has more than ${MAX_INTEGER_PLACES} integer places`);
  }

  const groupedInteger = useGrouping ? integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, template.thousandsSeparator) : integerPart;
  const showFraction = fractionPart !== '' && !(trimCents && /^0+$/.test(fractionPart));
  const number = showFraction ? `${groupedInteger}${template.decimalSeparator}${fractionPart}` : groupedInteger;
  // The sign goes in front of the whole amount ('-€12.00'), and a value that rounds to zero
  // must not read as '-0.00'.
  const sign = rounded.isNegative() ? '-' : '';

  if (valueOnly) return `${sign}${number}`;
  return sign + MONEY_FORMATTERS[template.formatter](number, template.symbol, money.currencyCode);
}

export function formatCents(cents: number, currencyCode: string, options?: FormatMoneyOptions): string {
  return formatMoney(Money.fromCents(cents, currencyCode), options);
}
