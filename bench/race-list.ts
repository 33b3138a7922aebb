// What `GET /api/races` costs the server for a member, in CPU time, on a club with a busy race calendar
// (docs/decisions/0126). In process, on api/testing/test-app.ts: no HTTP or gzip, so its figures are
// for comparing versions of the code on one machine, beside a profile read measured the same way.
//
//   node --import tsx bench/race-list.ts
//   RACES=30 ENTRIES=13 LIFTS=2 RESULTS=8 SEEKERS=2 node --import tsx bench/race-list.ts
//   node --cpu-prof --import tsx bench/race-list.ts      (a profile to open in a browser's devtools)
//
// Batches of 20 requests, list and profile read interleaved; the low quantile of the batches is the
// cost with the least of the machine's other work in it (a shared machine's medians wander).
import { createHash } from 'node:crypto';
import { raceLiftPlaces, raceLifts, raceLiftSeekers, raceResults, races, raceSignups } from '../db/schema';
import { makeTestApp, type TestUser } from '../api/testing/test-app';

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RACES = count('RACES', 30);
const MEMBERS = count('MEMBERS', 200);
const ENTRIES = count('ENTRIES', 13);
const LIFTS = count('LIFTS', 2);
const RESULTS = count('RESULTS', 8);
const SEEKERS = count('SEEKERS', 2);
const BATCHES = count('BATCHES', 60);
const DISTANCES = ['Sprint', 'Olympic', '70.3'];
const LEGS = ['Swim', 'T1', 'Bike', 'T2', 'Run'];

/** The club: every race with its entries, lifts (3 seats and 2 bike spots taken each), seekers and results. */
async function club() {
  const t = makeTestApp();
  const people: TestUser[] = [];
  for (let i = 0; i < MEMBERS; i++) people.push(await t.createUser({ name: `Member ${i}` }));
  const person = (n: number) => people[n % MEMBERS]!;
  let seed = 1;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  t.database.tx(() => {
    for (let r = 0; r < RACES; r++) {
      const date = `2026-${String((r % 12) + 1).padStart(2, '0')}-1${r % 10}`;
      const race = t.db.insert(races).values({ name: `Race ${r}`, date, distances: JSON.stringify(DISTANCES), createdAt: 0 }).returning().get();
      for (let e = 0; e < ENTRIES; e++) {
        const values = { raceId: race.id, userId: person(r * 7 + e).id, signupTime: 1000 + e, distance: DISTANCES[e % 3], wave: e % 2 ? 'Wave 2' : '' };
        t.db.insert(raceSignups).values(values).run();
      }
      for (let l = 0; l < LIFTS; l++) {
        const lift = t.db
          .insert(raceLifts)
          .values({ raceId: race.id, driverId: person(r * 7 + l).id, leavingFrom: 'Sports centre', leavingAt: `${date}T05:30`, seats: 4, bikeSpots: 3, createdAt: 0 })
          .returning()
          .get();
        for (let p = 0; p < 3; p++) {
          const userId = person(r * 7 + LIFTS + l * 3 + p).id;
          t.db.insert(raceLiftPlaces).values({ liftId: lift.id, userId, kind: 'seat', takenAt: p }).run();
          if (p < 2) t.db.insert(raceLiftPlaces).values({ liftId: lift.id, userId, kind: 'bike', takenAt: p }).run();
        }
      }
      for (let s = 0; s < SEEKERS; s++) t.db.insert(raceLiftSeekers).values({ raceId: race.id, userId: person(r * 7 + 30 + s).id, since: s }).run();
      for (let x = 0; x < RESULTS; x++) {
        const splits = LEGS.map((leg) => ({ leg, seconds: random() < 0.8 ? Math.floor(random() * 3000) + 60 : null }));
        const userId = person(r * 7 + x).id;
        const finishSeconds = 3600 + Math.floor(random() * 3600);
        t.db.insert(raceResults).values({ raceId: race.id, userId, distance: DISTANCES[x % 3]!, finishSeconds, splits: JSON.stringify(splits), placing: x + 1, enteredAt: 0 }).run();
      }
    }
  });
  return { t, me: people[0]! };
}

async function main() {
  const { t, me } = await club();
  const get = async (path: string) => (await t.app.request(path, { headers: { authorization: `Bearer ${me.token}` } })).text();
  const batch = async (path: string) => {
    const before = process.cpuUsage();
    for (let i = 0; i < 20; i++) await get(path);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / 20;
  };
  const answer = await get('/api/races');
  for (let i = 0; i < 100; i++) await Promise.all([get('/api/races'), get('/api/auth/profile')]); // warm-up
  const list: number[] = [];
  const profile: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    list.push(await batch('/api/races'));
    profile.push(await batch('/api/auth/profile'));
  }
  const at = (xs: number[], q: number) => +[...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)]!.toFixed(3);
  console.log(
    JSON.stringify({
      club: { RACES, MEMBERS, ENTRIES, LIFTS, RESULTS, SEEKERS },
      listMsP10: at(list, 0.1),
      listMsMedian: at(list, 0.5),
      profileMsP10: at(profile, 0.1),
      answerBytes: answer.length,
      // The same club gives the same answer: compare it between versions of the code.
      answerSha256: createHash('sha256').update(answer).digest('hex').slice(0, 16),
    }),
  );
}

void main();
