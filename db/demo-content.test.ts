import { describe, expect, it } from 'vitest';
import { addDays } from '../domain/clock';
import { demoEvents, demoRaces, demoWeek, seasonOf } from './demo-content';

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
    expect(week.find((w) => w.title === 'Spin class')!.content).toContain('Spin studio B120');
    expect(week.find((w) => w.title === 'Spin class')!.capacity).toBe(12);
    expect(new Set(week.map((w) => w.date)).size).toBe(7);
    // Each kind of session has its own plan, not one sentence for all.
    expect(new Set(week.map((w) => w.content)).size).toBeGreaterThanOrEqual(6);
  });

  it('takes the summer timetable in July (open water, outdoor rides)', () => {
    const week = demoWeek('2027-07-04');
    expect(week.some((w) => w.title === 'Open-water swim' && w.content.includes('Lakeside beach'))).toBe(true);
    expect(week.some((w) => w.workoutType === 'outdoor-ride')).toBe(true);
    expect(week.some((w) => w.workoutType === 'spin')).toBe(false);
  });

  it("takes each day's timetable from the club calendar's training seasons, changeover days included", () => {
    expect(seasonOf('2027-04-28').id).toBe('fall-winter');
    expect(seasonOf('2027-04-29').id).toBe('spring');
    expect(seasonOf('2027-06-25').id).toBe('summer');
    expect(seasonOf('2027-08-25').id).toBe('fall-winter');
    expect(seasonOf('2027-09-01').id).toBe('fall-winter');
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
});
