import { describe, expect, it } from 'vitest';
import { MAX_CENTS, chargeFor, feeCents, isCents, isCurrency, parseMoney, plainMoney, taxRateOf, typedMoney } from './money';

describe('money in whole cents', () => {
  it('reads a fee the club typed as the cents it means', () => {
    expect(feeCents(256, 'CAD')).toBe(25600);
    expect(feeCents(99.5, 'CAD')).toBe(9950);
    expect(feeCents(0.1 + 0.2, 'CAD')).toBe(30);
    expect(feeCents(19.99, 'CAD')).toBe(1999);
    expect(() => feeCents(-1, 'CAD')).toThrow();
    expect(() => feeCents(Number.NaN, 'CAD')).toThrow();
  });

  it('knows an amount the app handles', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(25600)).toBe(true);
    for (const bad of [-1, 1.5, Number.NaN, '100', 10_000_001, null]) expect(isCents(bad)).toBe(false);
  });

  it('charges the tax on top of a fee, rounding half a cent up once', () => {
    expect(chargeFor(25600, { name: 'HST', included: false, rate: 13 })).toEqual({ subtotalCents: 25600, taxCents: 3328, totalCents: 28928 });
    // 10150 × 5 % = 507.5 cents: 508.
    expect(chargeFor(10150, { name: 'GST', included: false, rate: 5 })).toEqual({ subtotalCents: 10150, taxCents: 508, totalCents: 10658 });
    expect(chargeFor(10000, { name: 'QST', included: false, rate: 14.975 })).toEqual({ subtotalCents: 10000, taxCents: 1498, totalCents: 11498 });
  });

  it('counts the tax inside a fee that includes it, the total unchanged', () => {
    const charge = chargeFor(25600, { name: 'GST', included: true, rate: 5 });
    expect(charge).toEqual({ subtotalCents: 24381, taxCents: 1219, totalCents: 25600 });
    expect(charge.subtotalCents + charge.taxCents).toBe(charge.totalCents);
  });

  it('charges nothing for a club that names no tax, or names one without a rate', () => {
    expect(chargeFor(25600, { name: '', included: false, rate: 13 })).toEqual({ subtotalCents: 25600, taxCents: 0, totalCents: 25600 });
    expect(taxRateOf({ name: 'VAT', included: true })).toBe(0);
  });

  it('reads the default club’s "+ HST" saved before the rate was asked for as 13 %', () => {
    expect(taxRateOf({ name: 'HST', included: false })).toBe(13);
    expect(taxRateOf({ name: 'HST', included: false, rate: 15 })).toBe(15);
  });

  it('writes an amount for spreadsheets', () => {
    expect(plainMoney(28928, 'CAD')).toBe('289.28');
    expect(plainMoney(-5, 'CAD')).toBe('-0.05');
  });

  it('takes any currency the runtime knows, in its own minor units', () => {
    for (const code of ['CAD', 'EUR', 'JPY', 'KWD', 'SEK', 'INR']) expect(isCurrency(code), code).toBe(true);
    for (const bad of ['cad', 'XXQ', 'CA', 'DOLLAR', '']) expect(isCurrency(bad), bad).toBe(false);
    expect(feeCents(256, 'JPY')).toBe(256);
    expect(feeCents(12.5, 'KWD')).toBe(12500);
    expect(plainMoney(1200, 'JPY')).toBe('1200');
    expect(plainMoney(-12345, 'KWD')).toBe('-12.345');
    expect(parseMoney('1,200', 'JPY')).toBe(1200);
    expect(parseMoney('12.5', 'JPY')).toBeNull();
    expect(parseMoney('12.345', 'KWD')).toBe(12345);
    expect(parseMoney('¥300', 'JPY')).toBe(300);
  });

  it('reads an amount as typed into cents', () => {
    expect(parseMoney('12', 'CAD')).toBe(1200);
    expect(parseMoney(' 12.5 ', 'CAD')).toBe(1250);
    expect(parseMoney('$1,024.05', 'CAD')).toBe(102405);
    expect(parseMoney('0.07', 'CAD')).toBe(7);
    for (const bad of ['', 'abc', '12.345', '-5', '1e3', '12.']) expect(parseMoney(bad, 'CAD'), bad).toBeNull();
  });

  it('reads an amount as typed in the club’s language', () => {
    expect(parseMoney('12,50', 'CAD', 'fr-CA')).toBe(1250);
    expect(parseMoney('12.50', 'CAD', 'fr-CA')).toBe(1250);
    expect(parseMoney('1 024,50 $', 'CAD', 'fr-CA')).toBe(102450);
    expect(parseMoney('1\u202f024,50\u00a0$', 'CAD', 'fr-CA')).toBe(102450);
    expect(parseMoney('1.024,50 €', 'EUR', 'de-DE')).toBe(102450);
    expect(parseMoney('12,5', 'EUR', 'de-DE')).toBe(1250);
    expect(parseMoney('1.200', 'JPY', 'de-DE')).toBe(1200);
    // A separator not followed by three digits is a slip, refused rather than read as another amount.
    for (const [bad, locale] of [['12,50', 'en-CA'], ['12.50', 'de-DE'], ['1,2345', 'en-US'], ['12,345,67', 'en-US'], ['12,', 'fr-CA'], ['12,505', 'fr-CA']] as const)
      expect(parseMoney(bad, 'CAD', locale), `${bad} in ${locale}`).toBeNull();
  });

  it('shows an amount for editing in the club’s language, and reads it back', () => {
    expect(typedMoney(25600, 'CAD', 'en-CA')).toBe('256.00');
    expect(typedMoney(25600, 'CAD', 'fr-CA')).toBe('256,00');
    expect(typedMoney(1200, 'JPY', 'de-DE')).toBe('1200');
    for (const locale of ['en-US', 'fr-CA', 'de-DE', 'en-IN'])
      for (const cents of [0, 7, 1250, 102405, MAX_CENTS]) expect(parseMoney(typedMoney(cents, 'EUR', locale), 'EUR', locale)).toBe(cents);
  });
});

