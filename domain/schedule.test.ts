import { describe, expect, it } from 'vitest';
import { DOCUMENT_SCHEMAS } from './contract/club/club-documents-schemas';
import {
  defaultSeasons,
  firstShownSeason,
  seasonDatesText,
  seasonId,
  scheduleEmpty,
  seasonWeek,
  sessionType,
  sessionTypeId,
  starterSeasons,
  trainingSeasonOfDate,
  withSessionTypeIds,
  type Season,
} from './schedule';
import { defaultSports } from './sports';

const { seasons } = defaultSeasons();

describe('training seasons (the defaults)', () => {
  it('are the schedule tabs with their dates, Spring shown first', () => {
    expect(seasons.map((s) => `${s.name}: ${seasonDatesText(s)}`)).toEqual([
      'Spring: April 29 to June 25',
      'Summer: June 25 to August 20',
      'Fall/Winter: September 1 to April 29',
    ]);
    expect(firstShownSeason(defaultSeasons())?.id).toBe('spring');
  });

  it('places a date in its season, the later one on a changeover day', () => {
    expect(trainingSeasonOfDate(seasons, '2026-11-24')?.id).toBe('fall-winter');
    expect(trainingSeasonOfDate(seasons, '2027-02-01')?.id).toBe('fall-winter');
    expect(trainingSeasonOfDate(seasons, '2027-04-29')?.id).toBe('spring');
    expect(trainingSeasonOfDate(seasons, '2027-06-25')?.id).toBe('summer');
    expect(trainingSeasonOfDate(seasons, '2027-08-25')?.id).toBe('fall-winter');
  });
});

describe("a club's own seasons", () => {
  const rowing: Season[] = [
    {
      id: 'on-water',
      name: 'On water',
      from: '03-15',
      to: '11-01',
      summary: '',
      sessions: [
        { day: 'Tuesday', start: '18:00', end: '19:30', kind: 'row', title: 'Crew practice', place: 'Boathouse' },
        { day: 'Tuesday', start: '06:00', end: '07:00', kind: 'erg', title: 'Erg test', place: 'Gym' },
      ],
      notes: [],
    },
    { id: 'indoor', name: 'Indoor', from: '11-01', to: '03-15', summary: '', sessions: [], notes: [] },
  ];

  it('places dates by its own dates and orders a day by time', () => {
    expect(trainingSeasonOfDate(rowing, '2026-07-01')?.id).toBe('on-water');
    expect(trainingSeasonOfDate(rowing, '2026-12-01')?.id).toBe('indoor');
    expect(trainingSeasonOfDate(rowing, '2027-03-15')?.id).toBe('on-water');
    expect(seasonWeek(rowing[0]!).Tuesday.map((s) => s.title)).toEqual(['Erg test', 'Crew practice']);
    expect(seasonWeek(rowing[0]!).Monday).toEqual([]);
  });

  it('shows the picked season first, the first one when the pick is gone', () => {
    expect(firstShownSeason({ seasons: rowing, shownFirst: 'indoor' })?.id).toBe('indoor');
    expect(firstShownSeason({ seasons: rowing, shownFirst: 'spring' })?.id).toBe('on-water');
    expect(seasonId('Fall/Winter', [])).toBe('fall-winter');
    expect(seasonId('Indoor', ['indoor'])).toBe('indoor-2');
  });
});

describe('a session’s sport is one of the club’s workout types', () => {
  it('reads a session’s type from the club’s sports, the timetable’s own word “ride” as the Outdoor Ride type', () => {
    const sports = defaultSports();
    sports.types.push({ id: 'erg', name: 'Erg', sport: 'row', colour: 'teal', minutes: 45, retired: false });
    expect(sessionType(sports, { kind: 'erg' })).toMatchObject({ name: 'Erg', colour: 'teal' });
    expect(sessionTypeId('ride')).toBe('outdoor-ride');
    expect(sessionType(sports, { kind: 'ride' })).toMatchObject({ id: 'outdoor-ride', name: 'Outdoor Ride' });
    expect(sessionType(defaultSports(), { kind: 'kayak' })).toMatchObject({ name: 'Kayak', colour: 'grey' });
  });

  it('gives the editor every session by its type id, and the defaults name default types only', () => {
    const doc = defaultSeasons();
    doc.seasons[0]!.sessions[0]!.kind = 'ride';
    expect(withSessionTypeIds(doc).seasons[0]!.sessions[0]!.kind).toBe('outdoor-ride');
    const ids = defaultSports().types.map((t) => t.id);
    expect(defaultSeasons().seasons.every((s) => s.sessions.every((t) => ids.includes(t.kind)))).toBe(true);
  });
});

describe('the schedule a new club starts with', () => {
  it('is one season the whole year round with no sessions and no notes, which the seasons document’s checks accept', () => {
    const starter = starterSeasons();
    expect(DOCUMENT_SCHEMAS.seasons.safeParse(starter).success).toBe(true);
    expect(starter.seasons).toHaveLength(1);
    const season = firstShownSeason(starter)!;
    expect(season).toMatchObject({ sessions: [], notes: [], summary: '' });
    expect(seasonDatesText(season)).toBe('January 1 to December 31');
    for (const date of ['2027-01-01', '2027-06-15', '2027-12-31']) expect(trainingSeasonOfDate(starter.seasons, date)).toBe(season);
    expect(scheduleEmpty(starter)).toBe(true);
    expect(scheduleEmpty(defaultSeasons())).toBe(false);
    // A season with only its where-to-go notes still has something to show.
    expect(scheduleEmpty({ ...starter, seasons: [{ ...season, notes: [{ topic: 'Boats', text: 'At the boathouse.' }] }] })).toBe(false);
  });

  it('names nothing of the demo club', () => {
    expect(JSON.stringify(starterSeasons())).not.toMatch(/Aquatic|Varsity|Swim|brick|B120|Athletic Centre|spin/i);
  });
});
