import { describe, expect, it } from 'vitest';
import { dutiesOverlap, dutyFull, dutyReminderDue, dutyStartsSoon, mayGiveUpDuty, mayHoldDuty, readQualifications } from './duties';

const HOUR = 3_600_000;

describe('duties', () => {
  it('a duty is full once its places are taken, as a workout is', () => {
    expect(dutyFull(2, 1)).toBe(false);
    expect(dutyFull(2, 2)).toBe(true);
  });

  it('who may hold a duty', () => {
    const anyone = { eligibility: 'members' as const, qualification: null };
    const execs = { eligibility: 'execs' as const, qualification: null };
    const lifeguard = { eligibility: 'qualified' as const, qualification: 'NLS lifeguard' };
    const member = { exec: false, qualifications: ['nls Lifeguard '] };
    expect(mayHoldDuty(anyone, member)).toBe(true);
    expect(mayHoldDuty(execs, member)).toBe(false);
    expect(mayHoldDuty(execs, { exec: true, qualifications: [] })).toBe(true);
    expect(mayHoldDuty(lifeguard, member)).toBe(true);
    expect(mayHoldDuty(lifeguard, { exec: true, qualifications: [] })).toBe(false);
  });

  it('a profile’s qualifications are read one a line (or parted by commas), blanks dropped', () => {
    expect(readQualifications(' NLS lifeguard \n\nFirst aid, Minibus')).toEqual(['NLS lifeguard', 'First aid', 'Minibus']);
    expect(readQualifications(null)).toEqual([]);
  });

  it('gives up until the cut-off, not after', () => {
    expect(mayGiveUpDuty(48 * HOUR, 0, 48)).toBe(true);
    expect(mayGiveUpDuty(48 * HOUR - 1, 0, 48)).toBe(false);
  });

  it('two duties overlap when their times meet, not when one ends as the other starts', () => {
    expect(dutiesOverlap({ startsAt: 0, endsAt: 2 * HOUR }, { startsAt: HOUR, endsAt: 3 * HOUR })).toBe(true);
    expect(dutiesOverlap({ startsAt: 0, endsAt: HOUR }, { startsAt: HOUR, endsAt: 2 * HOUR })).toBe(false);
  });

  it('a holder is reminded within a day of the start; an open duty is made known within three days', () => {
    expect(dutyReminderDue(24 * HOUR, 0)).toBe(true);
    expect(dutyReminderDue(24 * HOUR + 1, 0)).toBe(false);
    expect(dutyReminderDue(0, 0)).toBe(false);
    expect(dutyStartsSoon(72 * HOUR, 0)).toBe(true);
    expect(dutyStartsSoon(72 * HOUR + 1, 0)).toBe(false);
  });
});
