import { describe, expect, it } from 'vitest';
import { eventRsvps } from '../../db/schema';
import { FUTURE_EVENT_ERROR } from '../../domain/contract/training/forum';
import type { Role } from '../../domain/contract/roles';
import { makeTestApp } from '../testing/test-app';
import { createEvent, eventDetail, setRsvp, updateEvent } from './events';

async function setup() {
  const t = makeTestApp();
  const execUser = await t.createUser({ role: 'exec', name: 'Erin Exec' });
  const exec = { id: execUser.id, role: 'exec' as Role };
  const event = createEvent(t.deps, exec, {
    title: 'Kick-off social',
    eventDate: '2026-03-10',
    content: 'Pizza!',
  });
  const member = async (name: string) => ({ ...(await t.createUser({ name })), role: 'member' as Role });
  return { t, exec, event, member };
}

describe('events', () => {
  it('need a date strictly after today', async () => {
    const { t, exec } = await setup();
    expect(() => createEvent(t.deps, exec, { title: 'Now', eventDate: '2026-03-02', content: 'x' })).toThrow(
      FUTURE_EVENT_ERROR,
    );
    expect(createEvent(t.deps, exec, { title: 'Soon', eventDate: '2026-03-03', content: 'x' })).toMatchObject(
      {
        type: 'event',
        title: 'Soon',
        event_date: '2026-03-03',
        author_name: 'Erin Exec',
        rsvpCounts: { going: 0, maybe: 0, not_going: 0 },
        myRsvp: null,
      },
    );
  });

  it('are edited by their author, an exec or an administrator only', async () => {
    const { t, exec, event, member } = await setup();
    const m = await member('Mo');
    expect(() =>
      updateEvent(t.deps, m, event.id, { title: 'Hacked', eventDate: '2026-03-10', content: 'x' }),
    ).toThrow(/Only the author/);
    expect(
      updateEvent(t.deps, exec, event.id, { title: 'Social', eventDate: '2026-03-11', content: 'Pizza' }),
    ).toMatchObject({
      title: 'Social',
      event_date: '2026-03-11',
    });
    expect(() =>
      updateEvent(t.deps, exec, 999, { title: 'x', eventDate: '2026-03-11', content: 'x' }),
    ).toThrow('Event not found');
  });
});

describe('RSVP', () => {
  it('sets, changes, repeats as a no-op, and null removes', async () => {
    const { t, event, member } = await setup();
    const m = await member('Mo');
    expect(setRsvp(t.deps, m, event.id, 'maybe')).toEqual({ status: 'maybe' });
    const first = t.db.select().from(eventRsvps).get()!;
    t.clock.advance(1000);
    expect(setRsvp(t.deps, m, event.id, 'maybe')).toEqual({ status: 'maybe' });
    expect(t.db.select().from(eventRsvps).get()).toEqual(first);
    expect(setRsvp(t.deps, m, event.id, 'going')).toEqual({ status: 'going' });
    expect(t.db.select().from(eventRsvps).all()).toMatchObject([
      { status: 'going', rsvpTime: first.rsvpTime + 1000 },
    ]);
    expect(setRsvp(t.deps, m, event.id, null)).toEqual({ status: null });
    expect(setRsvp(t.deps, m, event.id, null)).toEqual({ status: null });
    expect(t.db.select().from(eventRsvps).all()).toEqual([]);
  });

  it('shows in the detail with names, and in the counts and myRsvp', async () => {
    const { t, event, member } = await setup();
    const [a, b, c] = [await member('Ana'), await member('Ben'), await member('Cal')];
    setRsvp(t.deps, a, event.id, 'going');
    t.clock.advance(10);
    setRsvp(t.deps, b, event.id, 'going');
    setRsvp(t.deps, c, event.id, 'not_going');
    const detail = eventDetail(t.deps, b.id, event.id);
    expect(detail.event).toMatchObject({ rsvpCounts: { going: 2, maybe: 0, not_going: 1 }, myRsvp: 'going' });
    expect(detail.rsvps.map((r) => [r.user_name, r.status])).toEqual([
      ['Ana', 'going'],
      ['Ben', 'going'],
      ['Cal', 'not_going'],
    ]);
    expect(detail.rsvps[0]).toEqual({
      id: expect.any(Number),
      user_id: a.id,
      user_name: 'Ana',
      status: 'going',
      rsvp_time: t.clock.now() - 10,
      signed_up_at: t.clock.now() - 10,
      userProfilePictureUrl: null,
    });
  });

  it('answers 404 for a missing event or a workout id', async () => {
    const { t, member } = await setup();
    const m = await member('Mo');
    expect(() => setRsvp(t.deps, m, 999, 'going')).toThrow('Event not found');
    expect(() => eventDetail(t.deps, m.id, 999)).toThrow('Event not found');
  });
});
