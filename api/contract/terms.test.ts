import { describe, expect, it } from 'vitest';
import { previousTerm, termFromKey, termOfDate } from './terms';

describe('club terms', () => {
  it('places a date in its term with inclusive bounds', () => {
    expect(termOfDate('2026-11-23')).toEqual({ key: '2026-fall', label: 'Fall 2026', start: '2026-09-01', end: '2026-12-31' });
    expect(termOfDate('2026-09-01').key).toBe('2026-fall');
    expect(termOfDate('2026-08-31').key).toBe('2026-summer');
    expect(termOfDate('2027-01-01')).toEqual({ key: '2027-winter', label: 'Winter 2027', start: '2027-01-01', end: '2027-04-30' });
    expect(termOfDate('2026-05-01').end).toBe('2026-08-31');
  });

  it('reads a key back and refuses anything else', () => {
    expect(termFromKey('2026-summer')?.start).toBe('2026-05-01');
    expect(termFromKey('2026-spring')).toBeUndefined();
    expect(termFromKey('x2026-fall')).toBeUndefined();
  });

  it('steps back across a year', () => {
    expect(previousTerm(termOfDate('2027-02-10')).key).toBe('2026-fall');
    expect(previousTerm(termOfDate('2026-10-10')).key).toBe('2026-summer');
  });
});
