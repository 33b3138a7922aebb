import { describe, expect, it } from 'vitest';
import { addDays } from '../domain/clock';
import { DAYS, defaultSeasons, type Day } from '../domain/schedule';
import { defaultSports } from '../domain/sports';

const SEASONS = defaultSeasons().seasons;
import { demoEvents, demoRaces, demoWeek, seasonOf } from './demo-content';
import { DEMO_TEAM, TEAM_POSITIONS } from './seed';

describe('demo content', () => {
  it('seeds the next seven days from the timetable of the season: right sessions, times and places', () => {
    // Sunday 22 November 2026: the week ahead is Monday to Sunday of the fall/winter timetable.
    const week = demoWeek('2026-11-22');
    expect(week.slice(0, 3).map((w) => [w.date, w.time, w.workoutType, w.title])).toEqual([
      ['2026-11-23', '07:00', 'spin', 'Spin class'],
      ['2026-11-23', '19:00', 'swim', 'Swim practice'],
      ['2026-11-24', '18:00', 'run', 'Track intervals'],
    ]);
    expect(week.find((w) => w.workoutType === 'brick')).toMatchObject({ date: '2026-11-28', time: '10:00', title: 'Spin + run brick' });
    // Each session ends when the timetable says, so calendars and cards show its real length.
    expect(week.every((w) => w.endTime > w.time)).toBe(true);
    // The place is the workout's own field, shown on its card, not a sentence at the end of the plan.
    expect(week.find((w) => w.title === 'Spin class')!.location).toBe('Spin studio B120');
    expect(week.find((w) => w.title === 'Swim practice')!.location).toBe('Aquatic Centre');
    expect(week.every((w) => w.location !== '' && !w.content.includes(w.location))).toBe(true);
    expect(week.find((w) => w.title === 'Spin class')!.capacity).toBe(12);
    expect(new Set(week.map((w) => w.date)).size).toBe(7);
    // Each kind of session has its own plan, not one sentence for all.
    expect(new Set(week.map((w) => w.content)).size).toBeGreaterThanOrEqual(6);
  });

  it('takes the summer timetable in July (open water, outdoor rides)', () => {
    const week = demoWeek('2027-07-04');
    expect(week.some((w) => w.title === 'Open-water swim' && w.location === 'Lakeside beach')).toBe(true);
    expect(week.some((w) => w.workoutType === 'outdoor-ride')).toBe(true);
    expect(week.some((w) => w.workoutType === 'spin')).toBe(false);
  });

  it('posts each session as the club’s workout type: an Erg session an Erg, a type the club does not offer Other', () => {
    const sports = defaultSports();
    sports.types.push({ id: 'erg', name: 'Erg', sport: 'row', colour: 'teal', minutes: 45, retired: false });
    const seasons = defaultSeasons().seasons.map((s) => ({
      ...s,
      sessions: [
        { day: 'Monday' as Day, start: '06:00', end: '07:00', kind: 'erg', title: 'Erg intervals', place: 'Boatshed' },
        { day: 'Tuesday' as Day, start: '06:00', end: '07:00', kind: 'kayak', title: 'Paddle', place: 'Lake' },
        { day: 'Wednesday' as Day, start: '18:00', end: '20:00', kind: 'ride', title: 'Group road ride', place: 'Racks' },
      ],
    }));
    const week = demoWeek('2026-11-22', seasons, sports);
    expect(week.map((w) => [w.title, w.workoutType])).toEqual([
      ['Erg intervals', 'erg'],
      ['Paddle', 'other'],
      ['Group road ride', 'outdoor-ride'],
    ]);
    expect(week.find((w) => w.title === 'Group road ride')!.capacity).toBe(20);
  });

  it("takes each day's timetable from the club calendar's training seasons, changeover days included", () => {
    expect(seasonOf('2027-04-28')?.id).toBe('fall-winter');
    expect(seasonOf('2027-04-29')?.id).toBe('spring');
    expect(seasonOf('2027-06-25')?.id).toBe('summer');
    expect(seasonOf('2027-08-25')?.id).toBe('fall-winter');
    expect(seasonOf('2027-09-01')?.id).toBe('fall-winter');
  });

  it('names each race for its part of the year, all different', () => {
    const words: [RegExp, number[]][] = [
      [/Spring|Try-a-Tri/, [4, 5, 6]],
      [/Winter|Frostbite|Polar/, [12, 1, 2, 3]],
      [/Fall|Harvest|Thanksgiving/, [9, 10, 11]],
    ];
    for (let day = 0; day < 365; day += 13) {
      const today = addDays('2026-01-01', day);
      const races = demoRaces(today);
      expect(new Set(races.map((r) => r.name)).size).toBe(3);
      for (const race of races) {
        const month = Number(race.date.slice(5, 7));
        for (const [word, months] of words) if (word.test(race.name)) expect(months, `${race.name} on ${race.date}`).toContain(month);
      }
    }
    expect(demoRaces('2026-11-22').map((r) => [r.name, r.date])).toEqual([
      ['Winter Indoor Triathlon', '2026-12-22'],
      ['Frostbite Duathlon', '2027-01-16'],
      ['Polar Bear Aquathlon', '2027-03-22'],
    ]);
  });

  it('has events with their own details', () => {
    const events = demoEvents('2026-11-22');
    expect(events.map((e) => e.title)).toContain('Season kick-off social');
    expect(new Set(events.map((e) => e.content)).size).toBe(events.length);
    expect(events.every((e) => e.date > '2026-11-22')).toBe(true);
    expect(events.every((e) => /^\d{2}:\d{2}$/.test(e.time) && e.location !== '')).toBe(true);
  });

  it('gives every coach and exec a bio whose days and sessions are the timetable\u2019s', () => {
    // What each bio says happens on a day: that session is on that day in at least one season.
    const claims: Record<string, [Day, RegExp][]> = {
      'swim-coach': [['Monday', /Open-water swim/]],
      'run-coach': [
        ['Tuesday', /Track intervals/],
        ['Wednesday', /Group tempo run/],
        ['Sunday', /Long run/],
      ],
      'co-president': [
        ['Monday', /Spin class/],
        ['Wednesday', /Spin class/],
        ['Friday', /Spin class/],
      ],
      'co-president-2': [['Saturday', /brick/]],
      treasurer: [['Thursday', /Swim practice/]],
      secretary: [['Sunday', /Long run/]],
      'social-coordinator': [['Saturday', /brick/]],
      webmaster: [['Tuesday', /Track intervals/]],
    };
    const onDay = (day: Day) => SEASONS.flatMap((s) => s.sessions.filter((w) => w.day === day).map((w) => w.title));
    for (const position of TEAM_POSITIONS) {
      const { name, bio } = DEMO_TEAM[position.id]!;
      expect(name, position.id).not.toBe('');
      expect(bio.length, `${name}'s bio`).toBeGreaterThan(40);
      // Shown whole on the card, whose preview stops at 120 characters.
      expect(bio.length, `${name}'s bio`).toBeLessThanOrEqual(120);
      expect(bio).not.toMatch(/coming soon/i);
      const named = DAYS.filter((day) => bio.includes(day));
      const checked = (claims[position.id] ?? []).map(([day]) => day);
      // Every day a bio names is one of its checked claims, so no bio names a day unchecked.
      expect(named.sort(), `${name}: ${bio}`).toEqual([...new Set(checked)].sort());
      for (const [day, session] of claims[position.id] ?? []) {
        expect(onDay(day).some((title) => session.test(title)), `${name}: ${session.source} on ${day}`).toBe(true);
      }
    }
    // The swim coach coaches the pool practices, whose days change with the season: named without days.
    expect(DEMO_TEAM['swim-coach']!.bio).toMatch(/every pool practice/);
  });
});
