import { describe, expect, it } from 'vitest';
import { isPhoneCountry, phoneExample, phoneProblem, phoneWritings, readPhone, showPhone } from './phone';

describe('a phone number for an Australian club', () => {
  it('keeps the national and the international way of typing the same mobile as one E.164 number', () => {
    expect(readPhone('+61 412 345 678', 'AU')).toEqual({ phone: '+61412345678' });
    expect(readPhone('0412 345 678', 'AU')).toEqual({ phone: '+61412345678' });
    expect(readPhone('(02) 9876-5432', 'AU')).toEqual({ phone: '+61298765432' });
  });

  it('shows a number of its own country the national way, another country’s the international way', () => {
    expect(showPhone('+61412345678', 'AU')).toBe('0412 345 678');
    expect(showPhone('+14165550100', 'AU')).toBe('+1 416 555 0100');
  });

  it('shows a number kept in the old North American shape exactly as kept, never guessed', () => {
    expect(showPhone('(041) 234-5678', 'AU')).toBe('(041) 234-5678');
    expect(showPhone('0412 345 678', 'AU')).toBe('0412 345 678');
    expect(showPhone(null, 'AU')).toBe('');
  });

  it('refuses what is not an Australian number, with an Australian example', () => {
    const problem = { problem: phoneProblem('AU') };
    expect(readPhone('0412 345 67', 'AU')).toEqual(problem);
    expect(readPhone('call me', 'AU')).toEqual(problem);
    expect(readPhone('0412 345 678 ext 2', 'AU')).toEqual(problem);
    expect(readPhone('', 'AU')).toEqual(problem);
    expect(phoneProblem('AU')).toContain('0412 345 678');
    expect(phoneProblem('AU')).not.toContain('10-digit');
  });
});

describe('a phone number for a Canadian club (the default)', () => {
  it('keeps accepting every way a North American number was typed before', () => {
    for (const typed of ['4165550100', '(416) 555-0100', '416-555-0100', '416.555.0100', '416 555 0100', '1 416 555 0100', '+1 416 555 0100']) {
      expect(readPhone(typed, 'CA')).toEqual({ phone: '+14165550100' });
    }
    expect(showPhone('+14165550100', 'CA')).toBe('(416) 555-0100');
    // A number of the United States shares the country code: written as Canadians dial it.
    expect(showPhone('+12125550100', 'CA')).toBe('(212) 555-0100');
    expect(showPhone('+61412345678', 'CA')).toBe('+61 412 345 678');
  });

  it('refuses a number of the wrong length, with a Canadian example', () => {
    expect(readPhone('12345', 'CA')).toEqual({ problem: phoneProblem('CA') });
    expect(readPhone('41655501991234', 'CA')).toEqual({ problem: phoneProblem('CA') });
    expect(phoneExample('CA')).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  });

  it('knows the countries of the phone library by their two capital letters', () => {
    expect(isPhoneCountry('CA')).toBe(true);
    expect(isPhoneCountry('AU')).toBe(true);
    expect(isPhoneCountry('au')).toBe(false);
    expect(isPhoneCountry('ZZ')).toBe(false);
    expect(isPhoneCountry(undefined)).toBe(false);
  });
});

describe('the ways a kept number may have been written', () => {
  it('lists a number kept in E.164 in every form the club writes it, an older one as kept', () => {
    expect(phoneWritings('+16135550199')).toEqual(['+16135550199', '(613) 555-0199', '+1 613 555 0199', '6135550199']);
    expect(phoneWritings('(613) 555-0199')).toEqual(['(613) 555-0199']);
  });
});
