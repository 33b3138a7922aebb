import { describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contract/roles';
import { updateProfile } from '../accounts/member-profile';
import { deleteMember, updateMember } from '../members/members';
import { EXEC, MEMBER, makeClub, makeTestApp } from '../testing/test-app';
import { eventDetailAnswer, workoutDetailAnswer } from './detail-cache';
import { createEvent, eventDetail, setRsvp, updateEvent } from './events';
import { cancelPost, reinstatePost } from './post-changes';
import { deletePost } from './post-removal';
import { submitAttendance } from './workouts/attendance';
import { updateWorkoutInScope } from './workouts/series';
import { createWorkout, joinWaitlist, leaveWaitlist, setSignup, workoutDetail } from './workouts/workouts';

// The workout's and the event's page answers, kept per post and per member: after every kind of
// write each member's kept answer equals a fresh read, and a write that changes what the page shows
// gives it a new ETag. Test clock: 2026-03-02T15:00:00Z.

async function club() {
  const t = makeTestApp();
  const person = async (fields: Parameters<typeof t.createUser>[0], role: Role) => ({ ...(await t.createUser(fields)), role });
  const admin = await person({ role: 'administrator', name: 'Ada Admin' }, 'administrator');
  const exec = await person({ role: 'exec', name: 'Erin Exec' }, 'exec');
  const ana = await person({ name: 'Ana' }, 'member');
  const ben = await person({ name: 'Ben' }, 'member');
  const cy = await person({ name: 'Cy' }, 'member');
  const viewers = [admin, exec, ana, ben, cy];
  const workoutInput = (title: string, capacity: number | null) => ({
    title,
    workoutType: 'run' as const,
    workoutDate: '2026-03-04',
    workoutTime: '18:00',
    content: 'Run',
    capacity,
  });
  const w = createWorkout(t.deps, exec, { type: 'workout', ...workoutInput('Hills', 1) });
  const e = createEvent(t.deps, exec, { title: 'Social', eventDate: '2026-03-10', content: 'Pizza' });
  const tags = () => viewers.flatMap((v) => [workoutDetailAnswer(t.deps, v.id, w.id).etag, eventDetailAnswer(t.deps, v.id, e.id).etag]);

  /**
   * Warms the kept answers, makes the write, then checks each viewer's kept pages against a fresh
   * read, and that the write changed a page someone sees (so a stale answer fails).
   */
  function afterWrite(what: string, write: () => unknown) {
    const before = tags();
    write();
    for (const v of viewers) {
      expect(JSON.parse(workoutDetailAnswer(t.deps, v.id, w.id).json), `${what}: workout page of ${v.id}`).toEqual(
        workoutDetail(t.deps, v.id, w.id),
      );
      expect(JSON.parse(eventDetailAnswer(t.deps, v.id, e.id).json), `${what}: event page of ${v.id}`).toEqual(
        eventDetail(t.deps, v.id, e.id),
      );
    }
    expect(tags(), `${what} gives a new ETag`).not.toEqual(before);
  }
  return { t, admin, exec, ana, ben, cy, w, e, workoutInput, afterWrite };
}

describe('the kept page answers of a workout and an event', () => {
  it('equal a fresh read after every change of what they show, each with a new ETag', async () => {
    const { t, admin, exec, ana, ben, cy, w, e, workoutInput, afterWrite } = await club();
    afterWrite('sign up', () => setSignup(t.deps, ana, w.id, true));
    afterWrite('join the waitlist in the same request', () => setSignup(t.deps, ben, w.id, true, { waitlistIfFull: true }));
    afterWrite('second on the waitlist', () => joinWaitlist(t.deps, cy, w.id));
    afterWrite('cancel, promoting the first waiting', () => setSignup(t.deps, ana, w.id, false));
    afterWrite('leave the waitlist', () => leaveWaitlist(t.deps, cy, w.id));
    afterWrite('edit the workout', () => updateWorkoutInScope(t.deps, exec, w.id, workoutInput('Hill sprints', 3), 'this'));
    afterWrite('cancel the workout', () => cancelPost(t.deps, exec, w.id, 'Storm', 'this'));
    afterWrite('reinstate it', () => reinstatePost(t.deps, exec, w.id, 'this'));
    afterWrite('edit the event', () => updateEvent(t.deps, exec, e.id, { title: 'Gala', eventDate: '2026-03-10', content: 'Food' }));
    afterWrite('RSVP', () => setRsvp(t.deps, ana, e.id, 'going'));
    afterWrite('change RSVP', () => setRsvp(t.deps, ana, e.id, 'maybe'));
    afterWrite('the author renames themself', () =>
      updateProfile(t.deps, exec.id, { name: 'Erin E.', email: exec.email, phone_number: '', bio: '' }),
    );
    afterWrite('an administrator renames a member on both pages', () =>
      updateMember(t.deps, admin.id, ana.id, {
        name: 'Ana Banana',
        email: ana.email,
        role: 'member',
        expiryDate: '2099-12-31',
        phoneNumber: '',
        charterAccepted: undefined,
      }),
    );
    afterWrite('a member with a place on both is deleted', () => deleteMember(t.deps, admin.id, ben.id));
    afterWrite('sign up again', () => setSignup(t.deps, cy, w.id, true));
    t.clock.set(Date.parse('2026-03-05T00:00:00Z'));
    afterWrite('attendance', () => submitAttendance(t.deps, { id: exec.id, name: 'Erin' }, w.id, { [String(cy.id)]: true }));
  });

  it('answer 404 once the post is deleted', async () => {
    const { t, exec, ana, e } = await club();
    expect(JSON.parse(eventDetailAnswer(t.deps, ana.id, e.id).json).event.title).toBe('Social');
    deletePost(t.deps, exec, e.id);
    expect(() => eventDetailAnswer(t.deps, ana.id, e.id)).toThrow('Event not found');
  });

  it('share one answer between members with the same own fields', async () => {
    const { t, ana, ben, cy, w } = await club();
    setSignup(t.deps, ana, w.id, true);
    expect(workoutDetailAnswer(t.deps, cy.id, w.id)).toBe(workoutDetailAnswer(t.deps, ben.id, w.id));
    expect(workoutDetailAnswer(t.deps, ana.id, w.id).etag).not.toBe(workoutDetailAnswer(t.deps, ben.id, w.id).etag);
  });
});

describe('GET /api/forum/workouts/:id and /events/:id', () => {
  it('answer with an ETag, 304 while the page is unchanged, and the new page after a sign-up', async () => {
    const { t, exec, me } = await makeClub({ exec: EXEC, me: MEMBER });
    const id = (
      await t.createPost(exec.token, { type: 'workout', title: 'Spin', content: 'Bikes', workoutType: 'spin', workoutDate: '2026-03-04', workoutTime: '18:00', capacity: 5 })
    ).post.id;
    const event = (await t.createPost(exec.token, { type: 'event', title: 'Social', content: 'Pizza', eventDate: '2026-03-10' })).post.id;
    for (const path of [`/api/forum/workouts/${id}`, `/api/forum/events/${event}`]) {
      const first = await t.call('GET', path, { token: me.token });
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      const again = await t.call('GET', path, { token: me.token, headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      if (path.includes('workouts')) await t.must('POST', `/api/forum/workouts/${id}/signup`, { token: me.token, body: { signedUp: true } });
      else await t.must('POST', `/api/forum/events/${event}/rsvp`, { token: me.token, body: { status: 'going' } });
      const fresh = await t.call('GET', path, { token: me.token, headers: { 'if-none-match': etag } });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('etag')).not.toBe(etag);
      if (path.includes('workouts')) expect(fresh.body.workout).toMatchObject({ isSignedUp: true, signupCount: 1 });
      else expect(fresh.body.event.myRsvp).toBe('going');
    }
    const missing = await t.call('GET', '/api/forum/workouts/9999', { token: me.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Workout not found' });
  });
});
