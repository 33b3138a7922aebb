// The demo club's week, events and races (SEED_DEMO=1), built from the club's own timetable so a
// newcomer sees what a real week looks like: the right sessions on the right days, at their times and
// places, and races whose names fit their dates.
import { addDays } from '../domain/clock';
import type { WorkoutType } from '../domain/contract/training/forum';
import { DAYS, defaultSeasons, seasonWeek, sessionTypeId, trainingSeasonOfDate, type Season, type TrainingSession } from '../domain/schedule';
import { defaultSports, defaultTypeId, offeredTypes, type SportsDocument } from '../domain/sports';
import { weekdayOf } from '../domain/calendar-days';

export interface DemoWorkout {
  title: string;
  workoutType: WorkoutType;
  date: string;
  time: string;
  /** When it ends, the timetable's end ('HH:MM'). */
  endTime: string;
  capacity: number | null;
  /** Where the session meets, the timetable's place: shown on its own line, not in the plan. */
  location: string;
  content: string;
}

export interface DemoEvent {
  title: string;
  date: string;
  /** 'HH:MM' club time, or '' for all day. */
  time: string;
  /** When it ends ('HH:MM'), or '' for an event's usual length. */
  endTime: string;
  location: string;
  content: string;
}

export interface DemoRace {
  name: string;
  date: string;
  location: string;
  description: string;
}

// Places limit some sessions (by their workout type): 12 bikes in the spin studio, 4 lanes of 6 in the pool.
const CAPACITY: Record<string, number | null> = { swim: 24, run: null, 'outdoor-ride': 20, spin: 12, brick: 12 };

/** What the coach posts for each session of the timetable, by its title. */
const PLANS: Record<string, string> = {
  'Swim practice':
    'Warm-up 400 m easy, drills 8 × 50 m, main set 10 × 100 m at threshold on 1:50, cool-down 200 m. Lanes are split by pace: tell the coach your 100 m time.',
  'Open-water swim':
    'Two loops of the buoy course (about 1.5 km) with sighting practice every 6 strokes. Lifeguarded; wetsuits recommended, bright caps mandatory.',
  'Spin class':
    '45 minutes of sweet-spot intervals: 3 × 10 min at 88–93 % of FTP with 3 min easy. Bring a towel and a full bottle; bikes are set up by 6:55.',
  'Track intervals':
    '15 min warm-up, then 6 × 800 m at 5K pace with 400 m jog recovery, 10 min cool-down. Fast lanes inside, recovery in the outer lanes.',
  'Group tempo run':
    '8 km along the river path: 2 km easy, 4 km at tempo (comfortably hard), 2 km easy. Groups by pace, nobody runs alone.',
  'Easy recovery run': '30–40 minutes truly easy, conversation pace. A good first session for new members.',
  'Group road ride':
    '50 km rolling loop north of campus at 28–30 km/h with a regroup at the halfway café. Helmets, lights and a spare tube required.',
  'Long ride': '90 km at endurance pace with two regroups. Bring food for the road and money for the café stop.',
  'Ride + run brick': '60 km ride, then straight into a 5 km run off the bike. Practise a fast transition at the racks.',
  'Race-pace brick': '3 rounds of 10 km on the bike at race pace and 2 km run. Transition set up in the beach parking lot.',
  'Spin + run brick': '40 minutes on the spin bikes, then 3 × 1.5 km on the indoor track one floor up. Running shoes ready by the bike.',
  'Long run': '60–75 minutes at an easy pace, with a few strides at the end. Meet at the front steps; routes of 10 and 14 km.',
};

/** The timetable of a club date: its training season's, as the club's seasons date them. */
export function seasonOf(date: string, seasons: readonly Season[] = defaultSeasons().seasons): Season | undefined {
  return trainingSeasonOfDate(seasons, date);
}

function dayNameOf(date: string): (typeof DAYS)[number] {
  // DAYS starts on Monday; weekdayOf is 0 on Sunday.
  const index = (weekdayOf(date) + 6) % 7;
  return DAYS[index]!;
}

/** The session's workout type when the club offers it; else Other, or with no Other the type a new workout takes. */
function typeOf(session: TrainingSession, sports: SportsDocument): WorkoutType {
  const offered = offeredTypes(sports).map((t) => t.id);
  const id = sessionTypeId(session.kind);
  if (offered.includes(id)) return id;
  return offered.includes('other') ? 'other' : defaultTypeId(sports);
}

function workoutOf(session: TrainingSession, date: string, sports: SportsDocument): DemoWorkout {
  const workoutType = typeOf(session, sports);
  return {
    title: session.title,
    workoutType,
    date,
    time: session.start,
    endTime: session.end,
    capacity: CAPACITY[workoutType] ?? null,
    location: session.place,
    content: PLANS[session.title] ?? 'All levels welcome: groups are split by pace.',
  };
}

/** The next seven days of the club's timetable (the `seasons` document), from tomorrow, of the club's workout types. */
export function demoWeek(today: string, seasons: readonly Season[] = defaultSeasons().seasons, sports: SportsDocument = defaultSports()): DemoWorkout[] {
  const week: DemoWorkout[] = [];
  for (let day = 1; day <= 7; day++) {
    const date = addDays(today, day);
    const season = seasonOf(date, seasons);
    for (const session of season ? seasonWeek(season)[dayNameOf(date)] : []) week.push(workoutOf(session, date, sports));
  }
  return week;
}

export function demoEvents(today: string): DemoEvent[] {
  return [
    {
      title: 'Season kick-off social',
      date: addDays(today, 8),
      time: '19:00',
      endTime: '22:00',
      location: 'Grad Club, upstairs room',
      content:
        'Our start-of-term social: pizza on the club, kit orders open, and the coaches walk through the race calendar. Bring a friend who is thinking of joining.',
    },
    {
      title: 'Bike maintenance clinic',
      date: addDays(today, 12),
      time: '13:00',
      endTime: '15:00',
      location: 'Athletic Centre bike room',
      content:
        'A mechanic from Velo Campus shows how to fix a flat, index your gears and check your brakes. Bring your bike and a spare tube.',
    },
    {
      title: 'Transition workshop',
      date: addDays(today, 19),
      time: '18:00',
      endTime: '18:45',
      location: 'Spin studio B120',
      content:
        'Forty-five minutes on fast T1 and T2: racking, flying mounts, elastic laces and what to leave in your bag. Bring your bike and running shoes.',
    },
  ];
}

type RaceSeason = 'winter' | 'spring' | 'summer' | 'fall';

// Real-sounding races for each part of the year: indoor and duathlon races in winter, sprints in
// spring, the long ones in summer and early fall.
const RACES: Record<RaceSeason, Omit<DemoRace, 'date'>[]> = {
  winter: [
    { name: 'Winter Indoor Triathlon', location: 'Athletic Centre', description: '400 m pool swim, 10 km spin bike, 3 km indoor track run. Waves every 20 minutes.' },
    { name: 'Frostbite Duathlon', location: 'High Park', description: '5 km run, 20 km bike, 2.5 km run on cleared park roads.' },
    { name: 'Polar Bear Aquathlon', location: 'Aquatic Centre', description: '1 km pool swim, then 5 km on the indoor track.' },
  ],
  spring: [
    { name: 'Spring Sprint Triathlon', location: 'Lakeside Park', description: '750 m swim, 20 km bike, 5 km run.' },
    { name: 'City Duathlon', location: 'Downtown', description: '5 km run, 30 km bike, 5 km run.' },
    { name: 'Lakeside Try-a-Tri', location: 'Lakeside Park', description: '300 m swim, 10 km bike, 2.5 km run: the first race for many new members.' },
  ],
  summer: [
    { name: 'Harbour Front Olympic Triathlon', location: 'Harbour Front', description: '1.5 km swim, 40 km bike, 10 km run. The club goal race of the season.' },
    { name: 'Lakes Half Iron', location: 'Kawartha Lakes', description: '1.9 km swim, 90 km bike, 21.1 km run.' },
    { name: 'Provincial Championship Triathlon', location: 'Wasaga Beach', description: '1.5 km swim, 40 km bike, 10 km run: the age-group championship.' },
  ],
  fall: [
    { name: 'Fall Classic Sprint Triathlon', location: 'Lakeside Park', description: '750 m swim, 20 km bike, 5 km run: the last open-water race of the year.' },
    { name: 'Harvest Duathlon', location: 'Conservation Area', description: '5 km trail run, 25 km bike, 5 km trail run.' },
    { name: 'Thanksgiving Trail Aquabike', location: 'Conservation Area', description: '1 km lake swim and 30 km of gravel roads.' },
  ],
};

function raceSeasonOf(date: string): RaceSeason {
  const month = Number(date.slice(5, 7));
  if (month === 12 || month <= 3) return 'winter';
  if (month <= 6) return 'spring';
  if (month <= 8) return 'summer';
  return 'fall';
}

/** Three races ahead (in about a month, two months and four months), named for their part of the year. */
export function demoRaces(today: string): DemoRace[] {
  const used: Record<RaceSeason, number> = { winter: 0, spring: 0, summer: 0, fall: 0 };
  return [30, 55, 120].map((days) => {
    const date = addDays(today, days);
    const season = raceSeasonOf(date);
    const pick = RACES[season][used[season]++ % RACES[season].length]!;
    return { ...pick, date };
  });
}
