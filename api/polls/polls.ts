// Quick polls (docs/decisions/0150-polls.md): an exec posts and closes them, members answer and change
// their answer until the closing time, and each answer is read per the poll's rule of when results
// show. An anonymous poll's choices are only ever counts per option (poll_tallies): the server
// records who answered it, never what anyone chose.
import { and, asc, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { pollChoices, pollResponders, pollTallies, polls, posts, races, users, type PollRow } from '../../db/schema';
import { clubTimeToEpoch, clubToday } from '../../domain/clock';
import {
  POLL_ANONYMOUS_FINAL_ERROR,
  POLL_CLOSED_ERROR,
  POLL_CLOSES_PAST_ERROR,
  POLL_NOT_FOUND,
  POLL_PLACE_NOT_FOUND,
  type Poll,
  type PollAnsweredAnswer,
  type PollPlaceKind,
  type PollResults,
  type PollVoter,
} from '../../domain/contract/club/polls';
import { choicesIssue, type NewPoll } from '../../domain/contract/club/polls-schemas';
import { FORMER_MEMBER } from '../../domain/contract/members/privacy';
import { POLL_SHOWN_AFTER_CLOSE_DAYS, pollClosed, resultsVisible, type PollKind, type PollResultsShown } from '../../domain/people/polls';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { activeMemberWhere } from '../platform/users';
import { clubTimeZone } from '../platform/club-time-zone';

const DAY_MS = 24 * 3_600_000;

function pollRow(deps: AppDeps, id: number): PollRow {
  const row = deps.database.db.select().from(polls).where(eq(polls.id, id)).get();
  if (!row) throw new ServiceError(404, POLL_NOT_FOUND);
  return row;
}

/** Whether a poll is anonymous (it never changes once posted), read before its answer is stored. */
export function pollIsAnonymous(deps: AppDeps, id: number): boolean {
  return deps.database.db.select({ anonymous: polls.anonymous }).from(polls).where(eq(polls.id, id)).get()?.anonymous ?? false;
}

/** The answer's view of one poll for one member. */
function toPoll(deps: AppDeps, row: PollRow, viewerId: number): Poll {
  const { db } = deps.database;
  const options = JSON.parse(row.options) as string[];
  const answered = db
    .select({ userId: pollResponders.userId })
    .from(pollResponders)
    .where(and(eq(pollResponders.pollId, row.id), eq(pollResponders.userId, viewerId)))
    .get();
  const mine = row.anonymous
    ? null
    : db
        .select({ option: pollChoices.option })
        .from(pollChoices)
        .where(and(eq(pollChoices.pollId, row.id), eq(pollChoices.userId, viewerId)))
        .orderBy(asc(pollChoices.option))
        .all()
        .map((c) => c.option);
  const now = deps.clock();
  const shape = { results_shown: row.resultsShown as PollResultsShown, closes_at: row.closesAt };
  const author = row.userId === null ? null : db.select({ name: users.name }).from(users).where(eq(users.id, row.userId)).get();
  return {
    id: row.id,
    question: row.question,
    kind: row.kind as PollKind,
    options,
    multiple: row.multiple,
    anonymous: row.anonymous,
    results_shown: shape.results_shown,
    closes_at: row.closesAt,
    closed: pollClosed(row.closesAt, now),
    place: row.place as PollPlaceKind,
    place_id: row.placeId,
    user_id: row.userId,
    author_name: author?.name ?? FORMER_MEMBER,
    created_at: row.createdAt,
    answered: answered !== undefined,
    my_choices: answered && mine ? mine : null,
    answered_count: row.answeredCount,
    results: resultsVisible(shape, answered !== undefined, now) ? resultsOf(deps, row, options.length) : null,
  };
}

function resultsOf(deps: AppDeps, row: PollRow, optionCount: number): PollResults {
  const { db } = deps.database;
  const counts = Array.from({ length: optionCount }, () => 0);
  for (const t of db.select().from(pollTallies).where(eq(pollTallies.pollId, row.id)).all()) {
    if (t.option < optionCount) counts[t.option] = t.count;
  }
  if (row.anonymous) return { counts, voters: null };
  const voters: PollVoter[][] = counts.map(() => []);
  const chosen = db
    .select({ option: pollChoices.option, id: users.id, name: users.name })
    .from(pollChoices)
    .innerJoin(users, eq(users.id, pollChoices.userId))
    .where(eq(pollChoices.pollId, row.id))
    .orderBy(asc(users.name), asc(users.id))
    .all();
  for (const c of chosen) voters[c.option]?.push({ id: c.id, name: c.name });
  return { counts, voters };
}

/** GET /polls: a place's polls, open ones first (soonest to close), then closed ones, newest first. Home keeps a closed poll a week. */
export function pollsOf(deps: AppDeps, viewerId: number, place: PollPlaceKind, placeId: number | null): Poll[] {
  const now = deps.clock();
  const where =
    place === 'home'
      ? and(eq(polls.place, 'home'), gt(polls.closesAt, now - POLL_SHOWN_AFTER_CLOSE_DAYS * DAY_MS))
      : and(eq(polls.place, place), eq(polls.placeId, placeId ?? -1));
  const rows = deps.database.db.select().from(polls).where(where).orderBy(desc(polls.createdAt), desc(polls.id)).all();
  const open = rows.filter((r) => !pollClosed(r.closesAt, now)).sort((a, b) => a.closesAt - b.closesAt);
  const closed = rows.filter((r) => pollClosed(r.closesAt, now));
  return [...open, ...closed].map((r) => toPoll(deps, r, viewerId));
}

/** GET /polls/:id. */
export function pollById(deps: AppDeps, viewerId: number, id: number): Poll {
  return toPoll(deps, pollRow(deps, id), viewerId);
}

function placeExists(deps: AppDeps, place: PollPlaceKind, id: number): boolean {
  const { db } = deps.database;
  if (place === 'race') return db.select({ id: races.id }).from(races).where(eq(races.id, id)).get() !== undefined;
  return db.select({ id: posts.id }).from(posts).where(and(eq(posts.id, id), eq(posts.type, place))).get() !== undefined;
}

/** POST /polls (execs): its closing time read on the club's clock, its place checked. */
export function postPoll(deps: AppDeps, actorId: number, input: NewPoll): Poll {
  const closesAt = clubTimeToEpoch(input.closesDate, input.closesTime, clubTimeZone(deps));
  if (closesAt <= deps.clock()) throw new ServiceError(400, POLL_CLOSES_PAST_ERROR, { field: 'closesTime' });
  if (input.place !== 'home' && !placeExists(deps, input.place, input.placeId!)) {
    throw new ServiceError(404, POLL_PLACE_NOT_FOUND, { field: 'placeId' });
  }
  const { db } = deps.database;
  const row = db
    .insert(polls)
    .values({
      userId: actorId,
      question: input.question,
      kind: input.kind,
      options: JSON.stringify(input.options),
      multiple: input.multiple,
      anonymous: input.anonymous,
      resultsShown: input.resultsShown,
      closesAt,
      place: input.place,
      placeId: input.place === 'home' ? null : input.placeId,
      createdAt: deps.clock(),
    })
    .returning()
    .get();
  db.insert(pollTallies)
    .values(input.options.map((_, option) => ({ pollId: row.id, option, count: 0 })))
    .run();
  return toPoll(deps, row, actorId);
}

/** POST /polls/:id/close (execs): it stops taking answers now; closing a closed poll changes nothing. */
export function closePoll(deps: AppDeps, actorId: number, id: number): Poll {
  const row = pollRow(deps, id);
  const now = deps.clock();
  if (!pollClosed(row.closesAt, now)) deps.database.db.update(polls).set({ closesAt: now }).where(eq(polls.id, id)).run();
  return toPoll(deps, pollRow(deps, id), actorId);
}

function tally(deps: AppDeps, pollId: number, options: readonly number[], by: 1 | -1): void {
  if (options.length === 0) return;
  deps.database.db
    .update(pollTallies)
    .set({ count: sql`max(0, ${pollTallies.count} + ${by})` })
    .where(and(eq(pollTallies.pollId, pollId), inArray(pollTallies.option, [...options])))
    .run();
}

/**
 * PUT /polls/:id/answer: the member's whole answer (a state, so sending it again changes nothing).
 * Refused once the poll has closed (409, nothing stored). A named answer may be changed until then;
 * an anonymous one is final, since the server cannot tell which counts were this member's.
 */
export function answerPoll(deps: AppDeps, userId: number, id: number, choices: number[]): PollAnsweredAnswer {
  const row = pollRow(deps, id);
  if (pollClosed(row.closesAt, deps.clock())) throw new ServiceError(409, POLL_CLOSED_ERROR, { closed: true });
  const options = JSON.parse(row.options) as string[];
  const problem = choicesIssue(choices, options.length, row.multiple);
  if (problem) throw new ServiceError(400, problem, { field: 'choices' });
  const { db } = deps.database;
  const sorted = [...choices].sort((a, b) => a - b);
  const already = db
    .select({ userId: pollResponders.userId })
    .from(pollResponders)
    .where(and(eq(pollResponders.pollId, id), eq(pollResponders.userId, userId)))
    .get();
  if (already && row.anonymous) throw new ServiceError(409, POLL_ANONYMOUS_FINAL_ERROR);
  if (!already) {
    db.insert(pollResponders).values({ pollId: id, userId, answeredAt: deps.clock() }).run();
    db.update(polls).set({ answeredCount: sql`${polls.answeredCount} + 1` }).where(eq(polls.id, id)).run();
  }
  if (row.anonymous) {
    tally(deps, id, sorted, 1);
    return { poll_id: id, answered: true, choices: null };
  }
  const before = db
    .select({ option: pollChoices.option })
    .from(pollChoices)
    .where(and(eq(pollChoices.pollId, id), eq(pollChoices.userId, userId)))
    .all()
    .map((c) => c.option);
  tally(deps, id, before.filter((o) => !sorted.includes(o)), -1);
  tally(deps, id, sorted.filter((o) => !before.includes(o)), 1);
  db.delete(pollChoices).where(and(eq(pollChoices.pollId, id), eq(pollChoices.userId, userId))).run();
  db.insert(pollChoices)
    .values(sorted.map((option) => ({ pollId: id, userId, option })))
    .run();
  return { poll_id: id, answered: true, choices: sorted };
}

/** GET /polls/:id/missing (execs): the members of the club today who have not answered, by name. */
export function pollMissing(deps: AppDeps, id: number): PollVoter[] {
  pollRow(deps, id);
  const { db } = deps.database;
  const answered = db.select({ userId: pollResponders.userId }).from(pollResponders).where(eq(pollResponders.pollId, id));
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(activeMemberWhere(clubToday(deps.clock(), clubTimeZone(deps))), notInArray(users.id, answered)))
    .orderBy(asc(users.name), asc(users.id))
    .all();
}
