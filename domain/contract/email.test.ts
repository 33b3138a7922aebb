// The one email check: real addresses of any script pass; junk that a lenient pattern let through
// (replacement and control characters from a binary file, spaces, invisible characters) does not.
import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    'name@example.com',
    "o'brien+tri@uni.edu.au",
    'ünï@example.de',
    'maría.josé@correo.es',
    'zoë@bücher.example',
    'user@xn--bcher-kva.example',
    'first.last-1_2@sub.domain.co.uk',
    'SAM@uni.test',
    '  spaced@club.test  ',
    `${'a'.repeat(64)}@club.test`,
  ])('takes %j', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ['replacement characters', '\uFFFD\uFFFD@\uFFFD\uFFFD.\uFFFD\uFFFD'],
    ['a replacement character in the local part', 'jo\uFFFD@uni.test'],
    ['a NUL', 'jo\u0000@uni.test'],
    ['a control character', 'jo\u0007bell@uni.test'],
    ['an escape sequence', '\u001b[31mjo@uni.test'],
    ['a DEL', 'jo\u007f@uni.test'],
    ['a C1 control', 'jo\u0085@uni.test'],
    ['a zero-width space', 'jo\u200b@uni.test'],
    ['a right-to-left override', 'jo\u202e@uni.test'],
    ['a space inside', 'jo smith@uni.test'],
    ['a tab inside', 'jo\t@uni.test'],
    ['no @', 'jo.uni.test'],
    ['two @', 'jo@home@uni.test'],
    ['nothing before @', '@uni.test'],
    ['a one-label domain', 'jo@localhost'],
    ['a trailing dot', 'jo@uni.test.'],
    ['two dots in a row', 'jo..smith@uni.test'],
    ['a leading dot', '.jo@uni.test'],
    ['a hyphen starting a label', 'jo@-uni.test'],
    ['a numeric top-level domain', 'jo@10.0.0.1'],
    ['an IP literal', 'jo@[10.0.0.1]'],
    ['angle brackets', '<jo@uni.test>'],
    ['a comma', 'jo,ann@uni.test'],
    ['a quoted local part', '"jo smith"@uni.test'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@club.test`],
    ['a label over 63 characters', `jo@${'a'.repeat(64)}.test`],
    ['an empty string', ''],
  ])('refuses %s', (_what, address) => {
    expect(isValidEmail(address)).toBe(false);
  });
});
