// Money arithmetic, JSON form, errors and per-currency formatting, checked against the spec's tables.
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  IncompatibleMoneyError,
  InvalidCurrencyError,
  MONEY_FORMATTERS,
  Money,
  MoneyError,
  SUPPORTED_CURRENCY_CODES,
  formatCents,
  formatMoney,
  isSupportedCurrency,
  type CurrencyCode,
  type MoneyFormatterKind,
} from '../shared/money.ts';

const usd = (value: string | number) => Money.of(value, 'USD');

describe('CURRENCIES', () => {
  // Spec §9 order, with ISO 4217 numeric codes.
  const table: [CurrencyCode, string][] = [
    ['EUR', '978'],
    ['USD', '840'],
    ['AUD', '036'],
    ['NOK', '578'],
    ['CAD', '124'],
    ['NZD', '554'],
    ['DKK', '208'],
    ['GBP', '826'],
    ['HKD', '344'],
    ['CHF', '756'],
    ['MXN', '484'],
    ['SGD', '702'],
    ['SEK', '752'],
    ['CZK', '203'],
    ['ILS', '376'],
    ['PHP', '608'],
    ['RUB', '643'],
    ['PLN', '985'],
    ['THB', '764'],
    ['MYR', '458'],
  ];

  it('supports exactly the 20 currencies of the spec, in its order', () => {
    expect(SUPPORTED_CURRENCY_CODES).toEqual(table.map(([code]) => code));
    expect(Object.keys(CURRENCIES).sort()).toEqual(table.map(([code]) => code).sort());
  });

  it.each(table)('describes %s with 2 fraction digits and ISO numeric code %s', (code, numericCode) => {
    expect(CURRENCIES[code]).toMatchObject({ code, fractionDigits: 2, numericCode });
    expect(CURRENCIES[code].currencyName).not.toBe('');
  });

  it('defaults the store currency to USD', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it.each([
    ['USD', true],
    ['MYR', true],
    ['XYZ', false],
    ['usd', false],
    ['valueOf', false],
  ])('reports %s as supported: %s', (code, supported) => {
    expect(isSupportedCurrency(code)).toBe(supported);
  });
});

describe('Money errors', () => {
  it('gives InvalidCurrencyError the exact spec message and the MoneyError base', () => {
    const error = new InvalidCurrencyError('usd');
    expect(error.message).toBe('Invalid currency code usd');
    expect(error.name).toBe('InvalidCurrencyError');
    expect(error.currencyCode).toBe('usd');
    expect(error).toBeInstanceOf(MoneyError);
    expect(error).toBeInstanceOf(Error);
  });

  it('gives IncompatibleMoneyError the exact spec message and the MoneyError base', () => {
    const error = new IncompatibleMoneyError();
    expect(error.message).toBe('Monies are not comparable for arithmetic');
    expect(error.name).toBe('IncompatibleMoneyError');
    expect(error).toBeInstanceOf(MoneyError);
    expect(error).toBeInstanceOf(Error);
  });
});

describe('Money.of', () => {
  it.each(['usd', 'US', 'USDD', 'U5D', '', ' USD', 'Usd'])('rejects currency code %j with InvalidCurrencyError', (code) => {
    expect(() => Money.of(1, code)).toThrow(InvalidCurrencyError);
    expect(() => Money.of(1, code)).toThrow(`Invalid currency code ${code}`);
  });

  it('accepts a well-formed but unsupported code such as XYZ for arithmetic', () => {
    const total = Money.of('1.25', 'XYZ').add(Money.of('2.50', 'XYZ'));
    expect(total.toJSON()).toEqual({ decimalValue: '3.75', currencyCode: 'XYZ' });
  });

  it.each([
    ['a string', '12.34'],
    ['a number', 12.34],
    ['a Decimal', new Decimal('12.34')],
  ])('builds from %s', (_label, value) => {
    const money = Money.of(value, 'EUR');
    expect(money.value.toFixed()).toBe('12.34');
    expect(money.currencyCode).toBe('EUR');
  });

  it.each([NaN, Infinity, -Infinity, 'NaN'])('rejects the non-finite value %s', (value) => {
    expect(() => Money.of(value, 'USD')).toThrow(RangeError);
  });

  it('is immutable', () => {
    const price = usd('10');
    const total = price.add(usd('5'));
    expect(price.value.toFixed()).toBe('10');
    expect(total.value.toFixed()).toBe('15');
    expect(Object.isFrozen(price)).toBe(true);
  });
});

describe('Money.fromCents', () => {
  it.each([
    [1234, 'USD', '12.34'],
    [5, 'EUR', '0.05'],
    [-250, 'GBP', '-2.5'],
    [0, 'SEK', '0'],
    [100000000, 'USD', '1000000'],
    [1234, 'XYZ', '12.34'],
  ])('turns %i cents of %s into %s', (cents, code, decimalValue) => {
    expect(Money.fromCents(cents, code).toJSON()).toEqual({ decimalValue, currencyCode: code });
  });

  it('rejects a malformed currency code', () => {
    expect(() => Money.fromCents(100, 'us')).toThrow('Invalid currency code us');
  });
});

describe('Money JSON', () => {
  it('writes {decimalValue, currencyCode}', () => {
    expect(Money.of('1234.5', 'EUR').toJSON()).toEqual({ decimalValue: '1234.5', currencyCode: 'EUR' });
  });

  it('writes tiny and huge values without exponent notation', () => {
    expect(usd('0.00000001').toJSON().decimalValue).toBe('0.00000001');
    expect(usd('1e22').toJSON().decimalValue).toBe('10000000000000000000000');
  });

  it.each([
    ['decimalValue', { decimalValue: '19.99', currencyCode: 'CAD' }, '19.99'],
    ['a string value as the fallback', { value: '19.99', currencyCode: 'CAD' }, '19.99'],
    ['a number value as the fallback', { value: 19.99, currencyCode: 'CAD' }, '19.99'],
    ['decimalValue over value when both are present', { decimalValue: '5', value: '7', currencyCode: 'CAD' }, '5'],
  ])('reads %s', (_label, json, decimalValue) => {
    expect(Money.fromJSON(json).toJSON()).toEqual({ decimalValue, currencyCode: 'CAD' });
  });

  it('round-trips through JSON.stringify', () => {
    const money = Money.of('-42.125', 'PLN');
    const back = Money.fromJSON(JSON.parse(JSON.stringify(money)));
    expect(back.equals(money)).toBe(true);
    expect(back.value.toFixed()).toBe('-42.125');
  });

  it('rejects JSON with neither decimalValue nor value', () => {
    expect(() => Money.fromJSON({ currencyCode: 'USD' })).toThrow(TypeError);
  });

  it('rejects JSON with a malformed currency code', () => {
    expect(() => Money.fromJSON({ decimalValue: '1', currencyCode: 'eur' })).toThrow(InvalidCurrencyError);
  });
});

describe('Money arithmetic', () => {
  it.each([
    ['add', '0.1', '0.2', '0.3'],
    ['add', '-5', '2.5', '-2.5'],
    ['subtract', '10', '0.01', '9.99'],
    ['subtract', '1', '3', '-2'],
  ] as const)('%s %s and %s gives %s exactly', (op, a, b, result) => {
    expect(usd(a)[op](usd(b)).value.toFixed()).toBe(result);
  });

  it.each([
    ['12.5', 3, '37.5'],
    ['19.99', '0.15', '2.9985'],
    ['999999999999999.99', '1.0000001', '1000000099999999.989999999'],
  ])('multiplies %s by %s to %s without losing digits', (value, factor, result) => {
    expect(usd(value).multiply(factor).value.toFixed()).toBe(result);
  });

  it.each([
    ['10', 4, '2.5'],
    ['100', '8', '12.5'],
    ['10', new Decimal(3), '3.333333333333333333333333333333333333333'],
  ])('divides %s by %s to %s', (value, divisor, result) => {
    expect(usd(value).divide(divisor).value.toFixed()).toBe(result);
  });

  it('refuses to divide by zero', () => {
    expect(() => usd('10').divide(0)).toThrow(RangeError);
  });

  it.each([
    ['add', (a: Money, b: Money) => a.add(b)],
    ['subtract', (a: Money, b: Money) => a.subtract(b)],
    ['compare', (a: Money, b: Money) => a.compare(b)],
  ])('throws IncompatibleMoneyError when asked to %s across currencies', (_op, run) => {
    const call = () => run(usd('1'), Money.of('1', 'EUR'));
    expect(call).toThrow(IncompatibleMoneyError);
    expect(call).toThrow('Monies are not comparable for arithmetic');
  });

  it.each([
    ['1', '2', -1],
    ['2.00', '2', 0],
    ['3', '2.99', 1],
    ['-1', '0', -1],
  ])('compares %s with %s as %i', (a, b, result) => {
    expect(usd(a).compare(usd(b))).toBe(result);
  });

  it.each([
    [usd('2.50'), usd('2.5'), true],
    [usd('2.50'), usd('2.51'), false],
    [usd('2.50'), Money.of('2.50', 'EUR'), false],
  ])('treats %j and %j as equal: %s', (a, b, equal) => {
    expect(a.equals(b)).toBe(equal);
  });

  it.each([
    ['1.005', '1.01'],
    ['1.004', '1'],
    ['-1.005', '-1.01'],
    ['2.345', '2.35'],
    ['7', '7'],
  ])('rounds %s half-up to the currency fraction digits as %s', (value, rounded) => {
    expect(usd(value).round().value.toFixed()).toBe(rounded);
  });

  it('rounds an unsupported currency to 2 fraction digits', () => {
    expect(Money.of('1.125', 'XYZ').round().value.toFixed()).toBe('1.13');
  });

  it.each([
    ['0.01', true, false, false],
    ['0', false, false, true],
    ['-0', false, false, true],
    ['-0.01', false, true, false],
  ])('classifies %s as positive %s, negative %s, zero %s', (value, positive, negative, zero) => {
    const money = usd(value);
    expect([money.isPositive(), money.isNegative(), money.isZero()]).toEqual([positive, negative, zero]);
  });

  it.each([
    ['12.34', 1234],
    ['12.345', 1235],
    ['-0.5', -50],
    ['0', 0],
  ])('converts %s to %i cents', (value, cents) => {
    expect(usd(value).toCents()).toBe(cents);
  });

  it('round-trips cents', () => {
    expect(Money.fromCents(987654321, 'GBP').toCents()).toBe(987654321);
  });
});

describe('formatMoney', () => {
  // Spec §9 symbols with the formatter kind each currency uses in en-US.
  const table: [CurrencyCode, string, string][] = [
    ['EUR', '€1,234.50', '€'],
    ['USD', '$1,234.50', '$'],
    ['AUD', 'A$1,234.50', 'A$'],
    ['NOK', '1,234.50 kr', 'kr'],
    ['CAD', 'CA$1,234.50', 'CA$'],
    ['NZD', '$1,234.50', '$'],
    ['DKK', '1,234.50 kr', 'kr'],
    ['GBP', '£1,234.50', '£'],
    ['HKD', 'HK$1,234.50', 'HK$'],
    ['CHF', 'CHF 1,234.50', 'CHF'],
    ['MXN', '$1,234.50', '$'],
    ['SGD', 'S$1,234.50', 'S$'],
    ['SEK', '1,234.50 kr', 'kr'],
    ['CZK', '1,234.50 Kč', 'Kč'],
    ['ILS', '₪1,234.50', '₪'],
    ['PHP', 'Php 1,234.50', 'Php'],
    ['RUB', '1,234.50 p.', 'p.'],
    ['PLN', '1,234.50 zł', 'zł'],
    ['THB', '฿1,234.50', '฿'],
    ['MYR', 'RM 1,234.50', 'RM'],
  ];

  it('has a row for every supported currency', () => {
    expect(table.map(([code]) => code)).toEqual([...SUPPORTED_CURRENCY_CODES]);
  });

  it.each(table)('formats 1234.5 %s as %s', (code, expected) => {
    expect(formatMoney(Money.of('1234.5', code))).toBe(expected);
  });

  it.each(table)('gives only the symbol for %s with symbolOnly', (code, _formatted, symbol) => {
    expect(formatMoney(Money.of('1234.5', code), { symbolOnly: true })).toBe(symbol);
  });

  it.each(table)('gives only the number for %s with valueOnly', (code) => {
    expect(formatMoney(Money.of('1234.5', code), { valueOnly: true })).toBe('1,234.50');
  });

  it('puts kr after the value with a space for SEK', () => {
    expect(formatMoney(Money.of('12', 'SEK'))).toBe('12.00 kr');
  });

  it.each([
    ['EUR', '-€12.00'],
    ['USD', '-$12.00'],
    ['CHF', '-CHF 12.00'],
    ['SEK', '-12.00 kr'],
    ['XYZ', '-12.00 XYZ'],
  ])('puts the minus sign in front of a negative %s amount: %s', (code, expected) => {
    expect(formatMoney(Money.of('-12', code))).toBe(expected);
  });

  it('shows no minus sign for a negative value that rounds to zero', () => {
    expect(formatMoney(usd('-0.004'))).toBe('$0.00');
  });

  it.each([
    ['1.005', '$1.01'],
    ['0.004', '$0.00'],
    ['0.5', '$0.50'],
    ['999.999', '$1,000.00'],
  ])('rounds %s half-up to two decimals: %s', (value, expected) => {
    expect(formatMoney(usd(value))).toBe(expected);
  });

  it.each([
    ['0', '$0.00'],
    ['12', '$12.00'],
    ['123', '$123.00'],
    ['1234', '$1,234.00'],
    ['1234567.89', '$1,234,567.89'],
    ['-1234567', '-$1,234,567.00'],
  ])('groups thousands with commas by default: %s as %s', (value, expected) => {
    expect(formatMoney(usd(value))).toBe(expected);
  });

  it.each([
    ['1234567.89', '$1234567.89'],
    ['1234', '$1234.00'],
  ])('drops the thousands separator with useGrouping false: %s as %s', (value, expected) => {
    expect(formatMoney(usd(value), { useGrouping: false })).toBe(expected);
  });

  it.each([
    ['USD', '12', '$12'],
    ['USD', '1234', '$1,234'],
    ['USD', '12.001', '$12'],
    ['SEK', '12', '12 kr'],
    ['CHF', '-3', '-CHF 3'],
  ])('trims zero cents with trimCents for %s %s: %s', (code, value, expected) => {
    expect(formatMoney(Money.of(value, code), { trimCents: true })).toBe(expected);
  });

  it.each([
    ['12.50', '$12.50'],
    ['12.05', '$12.05'],
  ])('keeps non-zero cents with trimCents: %s as %s', (value, expected) => {
    expect(formatMoney(usd(value), { trimCents: true })).toBe(expected);
  });

  it('keeps zero cents when trimCents is not set', () => {
    expect(formatMoney(usd('12'))).toBe('$12.00');
  });

  it.each([
    [{ valueOnly: true }, '-1,234.50'],
    [{ valueOnly: true, useGrouping: false }, '-1234.50'],
    [{ valueOnly: true, trimCents: true }, '-1,234.50'],
  ])('gives only the signed number with %j: %s', (options, expected) => {
    expect(formatMoney(usd('-1234.5'), options)).toBe(expected);
  });

  it('gives only the symbol when symbolOnly and valueOnly are both set', () => {
    expect(formatMoney(Money.of('1', 'GBP'), { symbolOnly: true, valueOnly: true })).toBe('£');
  });

  it.each([
    ['999999999999999.99', '$999,999,999,999,999.99'],
    ['-999999999999999.99', '-$999,999,999,999,999.99'],
  ])('formats 15 integer places: %s', (value, expected) => {
    expect(formatMoney(usd(value))).toBe(expected);
  });

  it.each(['1000000000000000', '-1000000000000000', '999999999999999.995'])('throws a RangeError beyond 15 integer places: %s', (value) => {
    expect(() => formatMoney(usd(value))).toThrow(RangeError);
  });

  it('formats an unsupported code with the default template, value then code', () => {
    expect(formatMoney(Money.of('1234.5', 'XYZ'))).toBe('1,234.50 XYZ');
    expect(formatMoney(Money.of('1234.5', 'XYZ'), { symbolOnly: true })).toBe('XYZ');
  });

  it.each(['en-US', 'fr-FR', 'xx'])('uses the en-US table for locale %s', (locale) => {
    expect(formatMoney(Money.of('1234.5', 'EUR'), { locale })).toBe('€1,234.50');
  });

  it.each([
    ['a plain object', { value: 1, currencyCode: 'USD' }],
    ['a number', 12],
    ['null', null],
    ['undefined', undefined],
  ])('throws a TypeError when given %s instead of Money', (_label, value) => {
    expect(() => formatMoney(value as unknown as Money)).toThrow(TypeError);
  });
});

describe('MONEY_FORMATTERS', () => {
  it.each([
    ['default', '12.00 USD'],
    ['leadingSymbol', '$12.00'],
    ['leadingSymbolAndSpace', '$ 12.00'],
    ['symbolWithCurrencyCode', '$12.00 USD'],
    ['trailingSymbol', '12.00$'],
    ['trailingSpaceAndSymbol', '12.00 $'],
  ] satisfies [MoneyFormatterKind, string][])('lays out the %s kind as %s', (kind, expected) => {
    expect(MONEY_FORMATTERS[kind]('12.00', '$', 'USD')).toBe(expected);
  });
});

describe('formatCents', () => {
  it.each([
    [123450, 'EUR', undefined, '€1,234.50'],
    [5, 'USD', undefined, '$0.05'],
    [1200, 'USD', { trimCents: true }, '$12'],
    [-1999, 'NOK', undefined, '-19.99 kr'],
    [100000000, 'USD', undefined, '$1,000,000.00'],
  ])('formats %i cents of %s with %j as %s', (cents, code, options, expected) => {
    expect(formatCents(cents, code, options)).toBe(expected);
  });
});
