import { describe, expect, it } from 'vitest';
import {
  MEMBERSHIP_SESSIONS,
  SESSIONS_IN_CLUB_YEAR_ORDER,
  TRAINING_SEASONS,
  nextSession,
  previousTerm,
  recentSessions,
  seasonDatesText,
  sessionFromId,
  sessionMonthsText,
  termFromKey,
  termOfDate,
  trainingSeasonOfDate,
  upcomingSessions,
} from './calendar';

describe('membership sessions', () => {
  it('places a date in its session with inclusive bounds', () => {
    expect(termOfDate('2026-11-23')).toMatchObject({ key: '2026-fall', id: 'fall-2026', label: 'Fall 2026', start: '2026-09-01', end: '2026-12-31' });
    expect(termOfDate('2026-09-01').key).toBe('2026-fall');
    expect(termOfDate('2026-08-31').key).toBe('2026-summer');
    expect(termOfDate('2027-01-01')).toMatchObject({ key: '2027-winter', label: 'Winter 2027', start: '2027-01-01', end: '2027-04-30' });
    expect(termOfDate('2026-05-01')).toMatchObject({ id: 'spring-2026', start: '2026-05-01', end: '2026-06-30' });
    expect(termOfDate('2026-07-01')).toMatchObject({ id: 'summer-2026', start: '2026-07-01', end: '2026-08-31' });
    expect(termOfDate('2028-02-10').end).toBe('2028-04-30');
  });

  it('are the four sessions a member pays for, covering every month once', () => {
    expect(SESSIONS_IN_CLUB_YEAR_ORDER.map((s) => `${s.name}: ${sessionMonthsText(s)}`)).toEqual([
      'Fall: September to December',
      'Winter: January to April',
      'Spring: May to June',
      'Summer: July to August',
    ]);
    const months = MEMBERSHIP_SESSIONS.flatMap((s) => Array.from({ length: s.lastMonth - s.firstMonth + 1 }, (_, i) => s.firstMonth + i));
    expect(months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('reads an id back in either spelling and refuses anything else', () => {
    expect(termFromKey('2026-summer')?.start).toBe('2026-07-01');
    expect(sessionFromId('winter-2027')).toEqual(sessionFromId('2027-winter'));
    expect(sessionFromId('spring-2027')?.label).toBe('Spring 2027');
    expect(termFromKey('x2026-fall')).toBeUndefined();
    expect(termFromKey('spring')).toBeUndefined();
    expect(termFromKey('2026-autumn')).toBeUndefined();
  });

  it('steps back and forward across a year', () => {
    expect(previousTerm(termOfDate('2027-02-10')).key).toBe('2026-fall');
    expect(previousTerm(termOfDate('2026-10-10')).key).toBe('2026-summer');
    expect(previousTerm(termOfDate('2026-07-10')).key).toBe('2026-spring');
    expect(nextSession(termOfDate('2026-11-10')).id).toBe('winter-2027');
    expect(recentSessions('2026-11-24', 3).map((s) => s.id)).toEqual(['fall-2026', 'summer-2026', 'spring-2026']);
    expect(upcomingSessions('2026-11-24', 4).map((s) => s.end)).toEqual(['2026-12-31', '2027-04-30', '2027-06-30', '2027-08-31']);
  });
});

describe('training seasons', () => {
  it('are the schedule tabs with their dates', () => {
    expect(TRAINING_SEASONS.map((s) => `${s.name}: ${seasonDatesText(s)}`)).toEqual([
      'Spring: April 29 to June 25',
      'Summer: June 25 to August 20',
      'Fall/Winter: September 1 to April 29',
    ]);
  });

  it('places a date in its season, the later one on a changeover day', () => {
    expect(trainingSeasonOfDate('2026-11-24').id).toBe('fall-winter');
    expect(trainingSeasonOfDate('2027-02-01').id).toBe('fall-winter');
    expect(trainingSeasonOfDate('2027-04-29').id).toBe('spring');
    expect(trainingSeasonOfDate('2027-06-25').id).toBe('summer');
    expect(trainingSeasonOfDate('2027-08-25').id).toBe('fall-winter');
  });
});
