import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SAFETY, cardAsk, safetyReminderDue, safetyTerms, cardExpired, holdsOthersCards, maySeeCard, maySignUpUnsigned, rsvpJoinsList, waiverValid, wordingMark } from './safety';

describe('safety cards', () => {
  it('are seen by their member, and by execs and administrators only when shared', () => {
    expect(maySeeCard({ id: 1, role: 'member' }, 1, false)).toBe(true);
    expect(maySeeCard({ id: 2, role: 'member' }, 1, true)).toBe(false);
    expect(maySeeCard({ id: 2, role: 'pending' }, 1, true)).toBe(false);
    expect(maySeeCard({ id: 2, role: 'public' }, 1, true)).toBe(false);
    expect(maySeeCard({ id: 2, role: 'exec' }, 1, true)).toBe(true);
    expect(maySeeCard({ id: 2, role: 'administrator' }, 1, true)).toBe(true);
    expect(maySeeCard({ id: 2, role: 'exec' }, 1, false)).toBe(false);
    expect(holdsOthersCards('member')).toBe(false);
    expect(holdsOthersCards('exec')).toBe(true);
  });

  it('are asked for when missing, once a term, and when the consent’s words change', () => {
    const mark = wordingMark(DEFAULT_SAFETY.consentText);
    expect(cardAsk(null, 'winter-2026', DEFAULT_SAFETY.consentText)).toBe('missing');
    expect(cardAsk({ confirmedTerm: 'fall-2025', consentMark: mark }, 'winter-2026', DEFAULT_SAFETY.consentText)).toBe('new-term');
    expect(cardAsk({ confirmedTerm: 'winter-2026', consentMark: mark }, 'winter-2026', 'Other words')).toBe('consent-changed');
    expect(cardAsk({ confirmedTerm: 'winter-2026', consentMark: mark }, 'winter-2026', DEFAULT_SAFETY.consentText)).toBeNull();
  });

  it('go the club’s days after the membership ends, never while it runs', () => {
    expect(cardExpired(null, '2030-01-01', 90)).toBe(false);
    expect(cardExpired('2026-03-01', '2026-05-30', 90)).toBe(false);
    expect(cardExpired('2026-03-01', '2026-05-31', 90)).toBe(true);
    expect(cardExpired('2026-03-01', '2026-03-02', 0)).toBe(true);
  });
});

describe('the waiver', () => {
  it('holds for the term it was signed in, of the version in force', () => {
    expect(waiverValid(null, '1', ['winter-2026'])).toBe(false);
    expect(waiverValid({ version: '1', termId: 'winter-2026' }, '1', ['winter-2026'])).toBe(true);
    expect(waiverValid({ version: '1', termId: 'winter-2026' }, '2', ['winter-2026'])).toBe(false);
    expect(waiverValid({ version: '1', termId: 'fall-2025' }, '1', ['winter-2026'])).toBe(false);
  });

  it('lets an unsigned member sign up only when the club says so', () => {
    expect(maySignUpUnsigned({ unsignedMaySignUp: true }, false)).toBe(true);
    expect(maySignUpUnsigned({ unsignedMaySignUp: false }, false)).toBe(false);
    expect(maySignUpUnsigned({ unsignedMaySignUp: false }, true)).toBe(true);
    expect(maySignUpUnsigned({ unsignedMaySignUp: false }, () => true)).toBe(true);
    const asked = vi.fn(() => false);
    expect(maySignUpUnsigned({ unsignedMaySignUp: true }, asked)).toBe(true);
    expect(asked).not.toHaveBeenCalled();
  });

  it('counts going and maybe as joining an event’s list, and no or no answer as not', () => {
    expect([rsvpJoinsList('going'), rsvpJoinsList('maybe'), rsvpJoinsList('not_going'), rsvpJoinsList(null), rsvpJoinsList(undefined)]).toEqual([true, true, false, false, false]);
  });
});

describe('the term a card or signature is for', () => {
  const terms = [
    { id: 'winter-2026', name: 'Winter', start: '2026-01-05', end: '2026-04-30' },
    { id: 'summer-2026', name: 'Summer', start: '2026-05-01', end: '2026-08-31' },
  ];
  it('is the coming term in the week before it starts, when members are reminded', () => {
    expect(safetyTerms(terms, '2026-04-20')).toMatchObject({ current: { id: 'winter-2026' }, coming: { id: 'winter-2026' } });
    expect(safetyTerms(terms, '2026-04-24')).toMatchObject({ current: { id: 'winter-2026' }, coming: { id: 'summer-2026' } });
    expect(safetyReminderDue(terms[1]!, '2026-04-23')).toBe(false);
    expect(safetyReminderDue(terms[1]!, '2026-04-24')).toBe(true);
    expect(safetyReminderDue(terms[1]!, '2026-05-01')).toBe(false);
  });
});
