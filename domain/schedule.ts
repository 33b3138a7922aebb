// The club's weekly timetable per training season: the schedule page shows it and the demo week is
// seeded from it (db/demo-content.ts). The seasons themselves, their names and dates, are the club
// calendar's (./calendar.ts).
import { seasonDatesText, TRAINING_SEASONS, type TrainingSeasonDefinition } from './calendar';

export type SessionKind = 'swim' | 'run' | 'ride' | 'spin' | 'brick';

export interface TrainingSession {
  kind: SessionKind;
  title: string;
  /** 'HH:MM' 24-hour, club-local. */
  start: string;
  end: string;
  place: string;
}

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Day = (typeof DAYS)[number];

export interface Season {
  id: TrainingSeasonDefinition['id'];
  name: string;
  /** 'April 29 to June 25', from the calendar. */
  dates: string;
  summary: string;
  week: Partial<Record<Day, TrainingSession[]>>;
  /** Where to go, per kind of workout. */
  notes: { topic: 'Swims' | 'Spins' | 'Bricks' | 'Track' | 'Tempo runs'; text: string }[];
}

export const KIND_LABELS: Record<SessionKind, string> = {
  swim: 'Swim',
  run: 'Run',
  ride: 'Ride',
  spin: 'Spin',
  brick: 'Brick',
};

const TEMPO: TrainingSession = { kind: 'run', title: 'Group tempo run', start: '18:15', end: '19:15', place: 'Athletic Centre front steps' };

function calendarSeason(id: TrainingSeasonDefinition['id']): Pick<Season, 'id' | 'name' | 'dates'> {
  const season = TRAINING_SEASONS.find((s) => s.id === id)!;
  return { id, name: season.name, dates: seasonDatesText(season) };
}

export const SEASONS: Season[] = [
  {
    ...calendarSeason('spring'),
    summary: 'Training moves outdoors: group rides and bricks begin, and the pool keeps its morning practices.',
    week: {
      Monday: [
        { kind: 'swim', title: 'Swim practice', start: '06:30', end: '08:30', place: 'Aquatic Centre' },
        { kind: 'run', title: 'Easy recovery run', start: '17:30', end: '18:30', place: 'Athletic Centre front steps' },
      ],
      Tuesday: [
        { kind: 'run', title: 'Track intervals', start: '18:00', end: '19:30', place: 'Varsity Stadium track' },
      ],
      Wednesday: [
        { kind: 'swim', title: 'Swim practice', start: '06:30', end: '08:30', place: 'Aquatic Centre' },
        TEMPO,
      ],
      Thursday: [{ kind: 'ride', title: 'Group road ride', start: '17:30', end: '19:30', place: 'Athletic Centre bike racks' }],
      Friday: [{ kind: 'swim', title: 'Swim practice', start: '06:30', end: '08:30', place: 'Aquatic Centre' }],
      Saturday: [{ kind: 'brick', title: 'Ride + run brick', start: '08:00', end: '10:30', place: 'Athletic Centre bike racks' }],
      Sunday: [{ kind: 'run', title: 'Long run', start: '09:00', end: '10:30', place: 'River path trailhead' }],
    },
    notes: [
      { topic: 'Swims', text: 'Aquatic Centre, 25 m pool, lanes 1 to 4. Practices last 2 hours; more than 10 minutes late counts as late.' },
      { topic: 'Spins', text: 'No spin classes in spring: rides are outdoors. In bad weather the Thursday ride moves to the spin studio (room B120).' },
      { topic: 'Bricks', text: 'Meet at the Athletic Centre bike racks with your bike, helmet and running shoes. The run starts from the racks.' },
      { topic: 'Track', text: 'Varsity Stadium outdoor track, enter by the north gate. Recover in the outer lanes.' },
      { topic: 'Tempo runs', text: 'Athletic Centre front steps, leaving at 6:15 pm sharp. Warm up before you arrive.' },
    ],
  },
  {
    ...calendarSeason('summer'),
    summary: 'Race season: open-water swims, long rides and bricks, with a lighter weekday timetable.',
    week: {
      Monday: [{ kind: 'swim', title: 'Open-water swim', start: '18:00', end: '20:00', place: 'Lakeside beach' }],
      Tuesday: [{ kind: 'run', title: 'Track intervals', start: '18:00', end: '19:30', place: 'Varsity Stadium track' }],
      Wednesday: [TEMPO],
      Thursday: [
        { kind: 'swim', title: 'Swim practice', start: '07:00', end: '09:00', place: 'Aquatic Centre' },
        { kind: 'ride', title: 'Group road ride', start: '18:00', end: '20:00', place: 'Athletic Centre bike racks' },
      ],
      Saturday: [{ kind: 'ride', title: 'Long ride', start: '07:30', end: '11:00', place: 'Athletic Centre bike racks' }],
      Sunday: [{ kind: 'brick', title: 'Race-pace brick', start: '08:00', end: '10:00', place: 'Lakeside beach parking' }],
    },
    notes: [
      { topic: 'Swims', text: 'Monday open-water swims at the lakeside beach, lifeguarded, wetsuits recommended. Thursday practice at the Aquatic Centre.' },
      { topic: 'Spins', text: 'No spin classes in summer: every ride is outdoors. Helmets are mandatory.' },
      { topic: 'Bricks', text: 'Lakeside beach parking lot. Bring a lock: bikes stay in the transition area while you run.' },
      { topic: 'Track', text: 'Varsity Stadium outdoor track, north gate. Bring water: there is no fountain on the infield.' },
      { topic: 'Tempo runs', text: 'Athletic Centre front steps at 6:15 pm, along the river path and back.' },
    ],
  },
  {
    ...calendarSeason('fall-winter'),
    summary: 'The busiest season: evening pool practices, reserved spin classes, indoor track and indoor bricks.',
    week: {
      Monday: [
        { kind: 'spin', title: 'Spin class', start: '07:00', end: '08:00', place: 'Spin studio B120' },
        { kind: 'swim', title: 'Swim practice', start: '19:00', end: '21:00', place: 'Aquatic Centre' },
      ],
      Tuesday: [{ kind: 'run', title: 'Track intervals', start: '18:00', end: '19:30', place: 'Indoor track, level 3' }],
      Wednesday: [
        { kind: 'spin', title: 'Spin class', start: '07:00', end: '08:00', place: 'Spin studio B120' },
        TEMPO,
      ],
      Thursday: [{ kind: 'swim', title: 'Swim practice', start: '19:00', end: '21:00', place: 'Aquatic Centre' }],
      Friday: [{ kind: 'spin', title: 'Spin class', start: '07:00', end: '08:00', place: 'Spin studio B120' }],
      Saturday: [{ kind: 'brick', title: 'Spin + run brick', start: '10:00', end: '11:30', place: 'Spin studio B120' }],
      Sunday: [
        { kind: 'swim', title: 'Swim practice', start: '09:00', end: '11:00', place: 'Aquatic Centre' },
        { kind: 'run', title: 'Long run', start: '11:30', end: '12:30', place: 'Athletic Centre front steps' },
      ],
    },
    notes: [
      { topic: 'Swims', text: 'Aquatic Centre, 25 m pool, lanes 1 to 4, through the Athletic Centre main doors. Practices last 2 hours.' },
      {
        topic: 'Spins',
        text: 'Spin studio, Athletic Centre room B120. Reserve a bike on the forum; it goes to someone else after 10 minutes of lateness, and more than 2 no-shows in a semester means a one-week suspension.',
      },
      { topic: 'Bricks', text: 'Start in the spin studio (B120), then run on the indoor track one floor up. Bring running shoes.' },
      { topic: 'Track', text: 'Indoor track, Athletic Centre level 3. Run in the direction posted for the day.' },
      { topic: 'Tempo runs', text: 'Athletic Centre front steps at 6:15 pm, in every weather: dress in layers and wear something reflective.' },
    ],
  },
];

