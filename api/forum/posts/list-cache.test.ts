import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/contract/roles';
import { makeTestApp, type TestApp } from '../../testing/test-app';
import { deleteMember, updateMember } from '../../members/members';
import { submitAttendance } from '../workouts/attendance';
import { createEvent, setRsvp, updateEvent } from '../events';
import { dataVersion } from '../../../db/queries/statements';
import { forumListAnswer } from './list-cache';
import type { PostType } from './access';
import { listPosts } from './list';
import { deletePost } from '../post-removal';
import { updateProfile } from '../../accounts/member-profile';
import { updateWorkoutInScope } from '../workouts/series';
import { createWorkout, joinWaitlist, leaveWaitlist, setSignup } from '../workouts/workouts';

const TYPES: PostType[] = ['workout', 'event'];

async function club(t: TestApp = makeTestApp()) {
  const admin = { ...(await t.createUser({ role: 'administrator', name: 'Ada Admin' })), role: 'administrator' as Role };
  const exec = { ...(await t.createUser({ role: 'exec', name: 'Erin Exec' })), role: 'exec' as Role };
  const ana = { ...(await t.createUser({ name: 'Ana' })), role: 'member' as Role };
  const ben = { ...(await t.createUser({ name: 'Ben' })), role: 'member' as Role };
  const cy = { ...(await t.createUser({ name: 'Cy' })), role: 'member' as Role };
  const viewers = [admin, exec, ana, ben, cy];
  const workoutInput = (title: string, date: string, time: string, capacity: number | null) => ({
    title,
    workoutType: 'run' as const,
    workoutDate: date,
    workoutTime: time,
    content: 'Run',
    capacity,
  });
  const workout = (title: string, date: string, time: string, capacity: number | null = 1) =>
    createWorkout(t.deps, exec, { type: 'workout', ...workoutInput(title, date, time, capacity) });

  /** Every viewer's cached answer, for both lists. */
  const answers = () => viewers.flatMap((v) => TYPES.map((type) => forumListAnswer(t.deps, v.id, type)));

  /**
   * Warms the cache, makes the write, then checks that every viewer's cached list equals a fresh,
   * uncached computation, and that the write did change what someone sees (so a stale cache fails).
   */
  function afterWrite(what: string, write: () => unknown) {
    const before = answers().map((a) => a.etag);
    write();
    const after = answers();
    for (const v of viewers) {
      for (const type of TYPES) {
        const cached = JSON.parse(forumListAnswer(t.deps, v.id, type).json).posts;
        expect(cached, `${what}: ${type} list of user ${v.id}`).toEqual(listPosts(t.deps, v.id, type));
      }
    }
    expect(after.map((a) => a.etag), `${what} changes an answer`).not.toEqual(before);
  }

  return { t, admin, exec, ana, ben, cy, workout, workoutInput, afterWrite };
}

describe('the cached forum lists', () => {
  it('equal a fresh computation after every kind of write', async () => {
    const { t, admin, exec, ana, ben, cy, workout, workoutInput, afterWrite } = await club();
    let w = workout('Tempo', '2026-03-05', '07:00');
    afterWrite('create workout', () => (w = workout('Hills', '2026-03-04', '18:00')));
    afterWrite('edit workout', () => updateWorkoutInScope(t.deps, exec, w.id, workoutInput('Hill sprints', '2026-03-04', '18:00', 1), 'this'));
    afterWrite('sign up', () => setSignup(t.deps, ana, w.id, true));
    afterWrite('join the waitlist', () => joinWaitlist(t.deps, ben, w.id));
    afterWrite('second on the waitlist', () => joinWaitlist(t.deps, cy, w.id));
    afterWrite('cancel, promoting the first waiting', () => setSignup(t.deps, ana, w.id, false));
    afterWrite('leave the waitlist', () => leaveWaitlist(t.deps, cy, w.id));
    afterWrite('capacity raised', () => updateWorkoutInScope(t.deps, exec, w.id, workoutInput('Hill sprints', '2026-03-04', '18:00', 5), 'this'));
    let e = createEvent(t.deps, exec, { title: 'Social', eventDate: '2026-03-10', content: 'Pizza' });
    afterWrite('create event', () => (e = createEvent(t.deps, exec, { title: 'Banquet', eventDate: '2026-03-20', content: 'Food' })));
    afterWrite('edit event', () => updateEvent(t.deps, exec, e.id, { title: 'Gala', eventDate: '2026-03-20', content: 'Food' }));
    afterWrite('RSVP', () => setRsvp(t.deps, ana, e.id, 'going'));
    afterWrite('change RSVP', () => setRsvp(t.deps, ana, e.id, 'maybe'));
    afterWrite('remove RSVP', () => setRsvp(t.deps, ana, e.id, null));
    afterWrite('author renames themself', () =>
      updateProfile(t.deps, exec.id, { name: 'Erin E.', email: exec.email, phone_number: '', bio: '' }),
    );
    afterWrite('admin renames the author', () =>
      updateMember(t.deps, admin.id, exec.id, {
        name: 'Erin Executive',
        email: exec.email,
        role: 'exec',
        expiryDate: '2099-12-31',
        phoneNumber: '',
        charterAccepted: undefined,
      }),
    );
    afterWrite('a signed-up member is deleted', () => deleteMember(t.deps, admin.id, ben.id));
    afterWrite('delete post', () => deletePost(t.deps, exec, e.id));
    // Attendance once the workout is over (the clock moves first, then the write alone is checked).
    t.clock.set(Date.parse('2026-03-05T00:00:00Z'));
    afterWrite('attendance', () => submitAttendance(t.deps, { id: exec.id, name: 'Erin' }, w.id, {}));
  });

  it('follow the clock: a workout that starts, club midnight and the 30-day horizon', async () => {
    const { t, workout, afterWrite } = await club();
    const first = workout('First', '2026-03-03', '07:00');
    const second = workout('Second', '2026-03-04', '07:00');
    const third = workout('Third', '2026-05-01', '07:00');
    const author = { id: first.user_id!, role: 'exec' as Role };
    createEvent(t.deps, author, { title: 'Social', eventDate: '2026-03-03', content: 'x' });
    createEvent(t.deps, author, { title: 'Banquet', eventDate: '2026-03-10', content: 'x' });
    const ids = (userId: number) => JSON.parse(forumListAnswer(t.deps, userId, 'workout').json).posts.map((p: { id: number }) => p.id);
    expect(ids(1)).toEqual([first.id, second.id, third.id]);
    // 07:00 in Toronto is 12:00 UTC: a minute after, the first has started and stays on top, today's.
    t.clock.set(Date.parse('2026-03-03T12:01:00Z'));
    expect(ids(1)).toEqual([first.id, second.id, third.id]);
    expect(ids(1)).toEqual(listPosts(t.deps, 1, 'workout').map((p) => p.id));
    // Club midnight: it is yesterday's now, below the days ahead.
    afterWrite('the event day is over', () => t.clock.set(Date.parse('2026-03-04T05:01:00Z')));
    expect(ids(1)).toEqual([second.id, third.id, first.id]);
    t.clock.set(Date.parse('2026-03-04T12:00:00Z'));
    expect(ids(1)).toEqual([second.id, third.id, first.id]);
    afterWrite('30 days on, the first drops off', () => t.clock.set(Date.parse('2026-04-03T05:00:00Z')));
    expect(ids(1)).toEqual([third.id, second.id]);
    afterWrite('the clock goes back (tests, a corrected clock)', () => t.clock.set(Date.parse('2026-03-02T15:00:00Z')));
    expect(ids(1)).toEqual([first.id, second.id, third.id]);
  });

  it('see a write made by another connection to the same file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-list-cache-'));
    try {
      const path = join(dir, 'club.db');
      const fileApp = makeTestApp({ databasePath: path });
      const { exec, workout } = await club(fileApp);
      const w = workout('Tempo', '2026-03-05', '07:00');
      expect(JSON.parse(forumListAnswer(fileApp.deps, exec.id, 'workout').json).posts[0].title).toBe('Tempo');
      const other = new Database(path);
      other.prepare('update posts set title = ? where id = ?').run('Tempo, renamed elsewhere', w.id);
      other.close();
      expect(JSON.parse(forumListAnswer(fileApp.deps, exec.id, 'workout').json).posts[0].title).toBe(
        'Tempo, renamed elsewhere',
      );
      fileApp.database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('share one answer between members who see the same list, and keep its tag across a rebuild', async () => {
    const { t, ana, ben, cy, workout } = await club();
    const w = workout('Tempo', '2026-03-05', '07:00', 5);
    setSignup(t.deps, ana, w.id, true);
    const forBen = forumListAnswer(t.deps, ben.id, 'workout');
    expect(forumListAnswer(t.deps, cy.id, 'workout')).toBe(forBen);
    expect(forumListAnswer(t.deps, ana.id, 'workout').etag).not.toBe(forBen.etag);
    // A write elsewhere (an RSVP on no listed post would do; here a sign-up undone) rebuilds the
    // list, and an unchanged body keeps its tag, so a client's copy stays valid.
    const version = dataVersion(t.database);
    setSignup(t.deps, cy, w.id, true);
    setSignup(t.deps, cy, w.id, false);
    expect(dataVersion(t.database)).not.toBe(version);
    expect(forumListAnswer(t.deps, ben.id, 'workout').etag).toBe(forBen.etag);
  });
});

