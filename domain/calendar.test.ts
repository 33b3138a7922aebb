import { describe, expect, it } from 'vitest';
import {
  defaultTerms,
  LATE_JOIN_DAYS,
  newMembershipTerm,
  nextTerm,
  nextYearTerms,
  previousTerm,
  recentTerms,
  reportTerms,
  seriesTermProblem,
  starterTerms,
  termChoices,
  termFromId,
  termMonthsText,
  termOfDate,
  termsOfYear,
  termsProblem,
  upcomingTerms,
  type TermDefinition,
} from './calendar';

const terms = defaultTerms().terms;
const termOf = (date: string) => termOfDate(terms, date);

describe('membership terms (the defaults)', () => {
  it('places a date in its term with inclusive bounds', () => {
    expect(termOf('2026-11-23')).toMatchObject({ key: '2026-fall', id: 'fall-2026', label: 'Fall 2026', start: '2026-09-01', end: '2026-12-31' });
    expect(termOf('2026-09-01').key).toBe('2026-fall');
    expect(termOf('2026-08-31').key).toBe('2026-summer');
    expect(termOf('2027-01-01')).toMatchObject({ key: '2027-winter', label: 'Winter 2027', start: '2027-01-01', end: '2027-04-30' });
    expect(termOf('2026-05-01')).toMatchObject({ id: 'spring-2026', start: '2026-05-01', end: '2026-06-30' });
    expect(termOf('2026-07-01')).toMatchObject({ id: 'summer-2026', start: '2026-07-01', end: '2026-08-31' });
    expect(termOf('2024-02-10').end).toBe('2024-04-30');
  });

  it('are the four terms a member pays for, covering every month of a year once', () => {
    expect(termsOfYear(terms, 2026).map((t) => `${t.name}: ${termMonthsText(t)}`)).toEqual([
      'Winter: January to April',
      'Spring: May to June',
      'Summer: July to August',
      'Fall: September to December',
    ]);
    const months = termsOfYear(terms, 2027).flatMap((t) => {
      const [first, last] = [Number(t.start.slice(5, 7)), Number(t.end.slice(5, 7))];
      return Array.from({ length: last - first + 1 }, (_, i) => first + i);
    });
    expect(months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(termsProblem(terms)).toBeNull();
  });

  it('reads an id back in either spelling and refuses anything else', () => {
    expect(termFromId(terms, '2026-summer')?.start).toBe('2026-07-01');
    expect(termFromId(terms, 'winter-2027')).toEqual(termFromId(terms, '2027-winter'));
    expect(termFromId(terms, 'spring-2027')?.label).toBe('Spring 2027');
    expect(termFromId(terms, 'x2026-fall')).toBeUndefined();
    expect(termFromId(terms, 'spring')).toBeUndefined();
    expect(termFromId(terms, '2026-autumn')).toBeUndefined();
  });

  it('steps back and forward across a year', () => {
    expect(previousTerm(terms, termOf('2027-02-10'))?.key).toBe('2026-fall');
    expect(previousTerm(terms, termOf('2026-10-10'))?.key).toBe('2026-summer');
    expect(previousTerm(terms, termOf('2026-07-10'))?.key).toBe('2026-spring');
    expect(nextTerm(terms, termOf('2026-11-10'))?.id).toBe('winter-2027');
    expect(recentTerms(terms, '2026-11-24', 3).map((s) => s.id)).toEqual(['fall-2026', 'summer-2026', 'spring-2026']);
    expect(upcomingTerms(terms, '2026-11-24', 4).map((s) => s.end)).toEqual(['2026-12-31', '2027-04-30', '2027-06-30', '2027-08-31']);
  });
});

describe('membership terms the club set out itself', () => {
  // A club whose Fall starts mid-August and runs to mid-December, with a break before Winter.
  const club: TermDefinition[] = [
    { id: 'fall-2026', name: 'Fall', start: '2026-08-17', end: '2026-12-15' },
    { id: 'winter-2027', name: 'Winter', start: '2027-01-04', end: '2027-04-23' },
    { id: 'summer-2027', name: 'Summer', start: '2027-05-03', end: '2027-08-13' },
  ];

  it('places a date by the club\'s dates, a day in a break in the term that comes next', () => {
    expect(termOfDate(club, '2026-08-20')).toMatchObject({ id: 'fall-2026', label: 'Fall 2026' });
    expect(termOfDate(club, '2026-12-20').id).toBe('winter-2027');
    expect(termOfDate(club, '2027-04-28').id).toBe('summer-2027');
    expect(termOfDate(club, '2026-08-16').id).toBe('fall-2026');
    expect(termOfDate(club, '2027-09-01').id).toBe('summer-2027');
  });

  it('offers its own terms as choices and bounds a series by them', () => {
    expect(termChoices(club, '2026-09-01')).toEqual([
      { id: 'fall-2026', name: 'Fall 2026', starts: '2026-08-17', ends: '2026-12-15' },
      { id: 'winter-2027', name: 'Winter 2027', starts: '2027-01-04', ends: '2027-04-23' },
      { id: 'summer-2027', name: 'Summer 2027', starts: '2027-05-03', ends: '2027-08-13' },
    ]);
    expect(seriesTermProblem(club, '2026-12-01', '2026-12-15')).toBeNull();
    expect(seriesTermProblem(club, '2026-12-01', '2026-12-16')).toBe('A series stays within one term: Fall 2026 ends on 2026-12-15');
    expect(seriesTermProblem(terms, '2026-12-01', '2026-12-31')).toBeNull();
    expect(termFromId(club, 'spring-2027')).toBeUndefined();
  });

  it('keeps an id when a term is renamed', () => {
    const renamed = club.map((t) => (t.id === 'fall-2026' ? { ...t, name: 'Autumn' } : t));
    expect(termFromId(renamed, '2026-fall')).toMatchObject({ id: 'fall-2026', label: 'Autumn 2026', key: '2026-fall' });
  });

  it('adds next year by copying the latest year a year later', () => {
    expect(nextYearTerms(club)).toEqual([{ id: 'winter-2028', name: 'Winter', start: '2028-01-04', end: '2028-04-23' }, { id: 'summer-2028', name: 'Summer', start: '2028-05-03', end: '2028-08-13' }]);
    const leap = [{ id: 'winter-2028', name: 'Winter', start: '2028-01-01', end: '2028-02-29' }];
    expect(nextYearTerms(leap)).toEqual([{ id: 'winter-2029', name: 'Winter', start: '2029-01-01', end: '2029-02-28' }]);
    const withNext = [...terms, ...nextYearTerms(terms)];
    expect(termsProblem(withNext)).toBeNull();
    expect(termOfDate(withNext, '2028-10-01')).toMatchObject({ id: 'fall-2028', start: '2028-09-01', end: '2028-12-31' });
  });

  it('offers next year\'s terms in the report picker once added, newest first', () => {
    const withNext = [...terms, ...nextYearTerms(terms)];
    const picked = reportTerms(withNext, '2026-11-24').map((t) => t.key);
    expect(picked.slice(0, 2)).toEqual(['2028-fall', '2028-summer']);
    expect(picked).toContain('2028-winter');
    expect(picked.indexOf('2026-fall')).toBeGreaterThan(picked.indexOf('2027-winter'));
    expect(picked.slice(-6)).toEqual(['2026-fall', '2026-summer', '2026-spring', '2026-winter', '2025-fall', '2025-summer']);
    expect(reportTerms(terms, '2026-11-24')).not.toContainEqual(expect.objectContaining({ key: '2028-fall' }));
  });

  it('names what is wrong: a term ending before it starts, two alike, an overlap', () => {
    expect(termsProblem([{ id: 'fall-2026', name: 'Fall', start: '2026-12-01', end: '2026-09-01' }])).toEqual({
      index: 0,
      field: 'end',
      message: 'Fall 2026 must start before it ends',
    });
    expect(termsProblem([club[0]!, { ...club[1]!, id: 'fall-2026' }])?.field).toBe('id');
    expect(termsProblem([club[0]!, { ...club[1]!, start: '2026-12-15' }])).toEqual({
      index: 1,
      field: 'start',
      message: 'Winter 2027 starts on 2026-12-15, before Fall 2026 ends (2026-12-15)',
    });
  });
});

describe('the term a new membership runs to', () => {
  it('is the current term, but the next one in the current term\'s last week, its last day included', () => {
    expect(LATE_JOIN_DAYS).toBe(7);
    expect(newMembershipTerm(terms, '2026-04-01').id).toBe('winter-2026');
    expect(newMembershipTerm(terms, '2026-04-23').id).toBe('winter-2026');
    expect(newMembershipTerm(terms, '2026-04-24').id).toBe('spring-2026');
    expect(newMembershipTerm(terms, '2026-04-30').id).toBe('spring-2026');
    expect(newMembershipTerm(terms, '2026-12-31').id).toBe('winter-2027');
  });

  it('stays on the last term the club has set out when there is no next one yet', () => {
    expect(newMembershipTerm(terms, '2027-12-31').id).toBe('fall-2027');
  });
});

describe('the terms a new club starts with', () => {
  it('are one term a year, all of this year and all of the next, from the first run’s day on the club’s clock', () => {
    const { terms: starter } = starterTerms('2026-11-29');
    expect(starter).toEqual([
      { id: 'year-2026', name: 'Year', start: '2026-01-01', end: '2026-12-31' },
      { id: 'year-2027', name: 'Year', start: '2027-01-01', end: '2027-12-31' },
    ]);
    expect(termsProblem(starter)).toBeNull();
    expect(termOfDate(starter, '2026-11-29').label).toBe('Year 2026');
    // A member joining in the year's last week pays for the next year; a setup on a leap day starts on January 1 too.
    expect(newMembershipTerm(starter, '2026-12-28').id).toBe('year-2027');
    expect(nextYearTerms(starter)).toEqual([{ id: 'year-2028', name: 'Year', start: '2028-01-01', end: '2028-12-31' }]);
    expect(starterTerms('2028-02-29').terms[0]).toMatchObject({ start: '2028-01-01', end: '2028-12-31' });
  });
});
