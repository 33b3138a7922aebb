// Race entry fees and event fees through the routes, with the real `stripe` package against the
// stand-in: owed on entering or answering Going, paid online once however often Stripe delivers,
// recorded by hand, a race place held while its fee is unpaid and let go after the club's hold (the
// member told once), and the refusals in the contract's words.
import { afterEach, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { messageQueue, payments, raceSignups } from '../../../db/schema';
import {
  FEE_AMOUNT_ERROR,
  FEE_EVENT_NOT_GOING_ERROR,
  FEE_RACE_NOT_ENTERED_ERROR,
  FEE_RACE_PAID_ERROR,
} from '../../../domain/contract/members/payments';
import { EXEC, MEMBER, paymentScene, type PaymentScene } from '../../testing/test-app';
import { runReminderPass } from '../../reminders/reminder-schedule';

let scene: PaymentScene;
afterEach(async () => scene?.close());

const HOUR = 60 * 60 * 1000;

async function raceWithFee(s: PaymentScene, feeCents = 4500) {
  const exec = await s.t.createUser(EXEC);
  return (await s.t.createRace(exec.token, { name: 'Spring Sprint', date: '2026-05-17', location: 'Lake', feeCents })) as { id: number; feeCents: number; feeCurrency: string };
}

const letGoNotices = (s: PaymentScene) => s.t.db.select().from(messageQueue).where(like(messageQueue.text, '%was let go%')).all().length;

describe('a race entry fee', () => {
  it('is owed on entering, paid online once however often the webhook comes, and then owed no more', async () => {
    scene = await paymentScene();
    const race = await raceWithFee(scene);
    expect(race).toMatchObject({ feeCents: 4500, feeCurrency: 'CAD' });
    const ana = await scene.t.createUser({ ...MEMBER, name: 'Ana Entrant' });
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).fees).toEqual([]);
    await scene.t.must('POST', `/api/races/${race.id}/signup`, { token: ana.token });
    const mine = await scene.t.must('GET', '/api/payments/me', { token: ana.token });
    expect(mine.fees).toEqual([{ kind: 'race', id: race.id, name: 'Spring Sprint', date: '2026-05-17', amountCents: 4500, currency: 'CAD', heldUntil: scene.t.clock.now() + 48 * HOUR }]);

    // The server's price, whatever the client says.
    const checkout = await scene.t.must('POST', '/api/payments/checkout', { token: ana.token, body: { race: race.id, amountCents: 1 } });
    const row = scene.t.db.select().from(payments).where(eq(payments.id, checkout.paymentId)).get()!;
    expect(row).toMatchObject({ kind: 'race', raceId: race.id, item: 'Spring Sprint', amountCents: 4500, taxCents: 0, currency: 'CAD' });
    expect(scene.stand.sessions.get(row.stripeSessionId!)).toMatchObject({ amount_total: 4500 });
    scene.stand.pay(row.stripeSessionId!);
    const event = scene.stand.event('checkout.session.completed', row.stripeSessionId!);
    await scene.deliver(event);
    await scene.deliver(event);
    await scene.deliver(scene.stand.event('checkout.session.completed', row.stripeSessionId!));
    expect(scene.t.db.select().from(payments).where(eq(payments.status, 'paid')).all()).toHaveLength(1);
    expect(scene.receipts(checkout.paymentId)).toBe(1);
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).fees).toEqual([]);
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: ana.token, body: { race: race.id } })).toMatchObject({ status: 409, body: { error: FEE_RACE_PAID_ERROR } });

    // The ledger lists it under the race's name, in its totals and its CSV.
    const ledger = await scene.t.must('GET', '/api/payments', { token: scene.admin.token });
    expect(ledger.payments[0]).toMatchObject({ kind: 'race', item: 'Spring Sprint', memberName: 'Ana Entrant', status: 'paid' });
    expect(ledger.totals.byItem).toContainEqual({ item: 'Spring Sprint', netCents: 4500 });
    const csv = await scene.t.app.request('/api/payments/ledger.csv', { headers: { authorization: `Bearer ${scene.admin.token}` } });
    expect(await csv.text()).toContain('"Ana Entrant","Spring Sprint","payment","online","paid","45.00","0.00","45.00"');
  });

  it('is recorded in cash by the treasurer, and refused for a member who has not entered', async () => {
    scene = await paymentScene();
    const race = await raceWithFee(scene);
    const ben = await scene.t.createUser({ ...MEMBER, name: 'Ben Cash' });
    const refused = await scene.t.call('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: ben.id, race: race.id, method: 'cash' } });
    expect(refused).toMatchObject({ status: 409, body: { error: FEE_RACE_NOT_ENTERED_ERROR } });
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: ben.token, body: { race: race.id } })).toMatchObject({ status: 409, body: { error: FEE_RACE_NOT_ENTERED_ERROR } });
    await scene.t.must('POST', `/api/races/${race.id}/signup`, { token: ben.token });
    expect((await scene.t.must('GET', '/api/payments', { token: scene.admin.token })).feeItems).toEqual([{ kind: 'race', id: race.id, name: 'Spring Sprint', date: '2026-05-17', amountCents: 4500 }]);
    const owing = (await scene.t.must('GET', '/api/payments', { token: scene.admin.token })).owing;
    expect(owing).toContainEqual(expect.objectContaining({ userId: ben.id, owes: ['Spring Sprint entry fee ($45.00, on May 17, 2026)'] }));
    const { payment } = await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: ben.id, race: race.id, method: 'cash', receipt: '0042' }, status: 201 });
    expect(payment).toMatchObject({ kind: 'race', item: 'Spring Sprint', amountCents: 4500, method: 'cash', status: 'paid' });
    expect((await scene.t.must('GET', '/api/payments/me', { token: ben.token })).fees).toEqual([]);
    expect((await scene.t.must('GET', '/api/payments', { token: scene.admin.token })).owing.some((o: { userId: number }) => o.userId === ben.id)).toBe(false);
    expect(await scene.t.call('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: ben.id, race: race.id, method: 'cash' } })).toMatchObject({ status: 409, body: { error: FEE_RACE_PAID_ERROR } });
  });

  it('holds the place while unpaid, marked for the member and the treasurer, and lets it go after the hold, telling the member once; a paid entry stays', async () => {
    scene = await paymentScene();
    const race = await raceWithFee(scene);
    const ana = await scene.t.createUser({ ...MEMBER, name: 'Ana Late' });
    const ben = await scene.t.createUser({ ...MEMBER, name: 'Ben Paid' });
    const cy = await scene.t.createUser({ ...MEMBER, name: 'Cy Other' });
    for (const who of [ana, ben, cy]) await scene.t.must('POST', `/api/races/${race.id}/signup`, { token: who.token });
    await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: ben.id, race: race.id, method: 'cash' }, status: 201 });

    const seen = (await scene.t.must('GET', `/api/races/${race.id}`, { token: ana.token })).race;
    expect(seen.entryHeldUntil).toBe(scene.t.clock.now() + 48 * HOUR);
    expect(seen.entries.find((e: { user_id: number }) => e.user_id === ana.id).paymentPending).toBe(true);
    // Another member sees nobody's debt.
    expect(seen.entries.find((e: { user_id: number }) => e.user_id === cy.id).paymentPending).toBeUndefined();
    const treasurer = (await scene.t.must('GET', `/api/races/${race.id}`, { token: scene.admin.token })).race;
    expect(treasurer.entries.filter((e: { paymentPending?: boolean }) => e.paymentPending).map((e: { user_name: string }) => e.user_name)).toEqual(['Ana Late', 'Cy Other']);

    // Within the hold the entry stands.
    scene.t.clock.advance(47 * HOUR);
    runReminderPass(scene.t.deps);
    expect(scene.t.db.select().from(raceSignups).all()).toHaveLength(3);

    // Past it, the reminder pass lets the unpaid entries go, each member told once however many passes run.
    scene.t.clock.advance(2 * HOUR);
    runReminderPass(scene.t.deps);
    runReminderPass(scene.t.deps);
    expect(scene.t.db.select({ userId: raceSignups.userId }).from(raceSignups).all()).toEqual([{ userId: ben.id }]);
    expect(letGoNotices(scene)).toBe(2);
    const after = (await scene.t.must('GET', `/api/races/${race.id}`, { token: ana.token })).race;
    expect(after).toMatchObject({ isSignedUp: false, entryLetGo: true });
    expect(after.entryHeldUntil).toBeUndefined();
    const paid = (await scene.t.must('GET', `/api/races/${race.id}`, { token: ben.token })).race;
    expect(paid).toMatchObject({ isSignedUp: true });
    expect([paid.entryLetGo, paid.entryHeldUntil]).toEqual([undefined, undefined]);
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).fees).toEqual([]);
    expect(letGoNotices(scene)).toBe(2);

    // Entering again holds a place anew, and the page no longer says it was let go.
    await scene.t.must('POST', `/api/races/${race.id}/signup`, { token: ana.token });
    const again = (await scene.t.must('GET', `/api/races/${race.id}`, { token: ana.token })).race;
    expect(again).toMatchObject({ isSignedUp: true, entryHeldUntil: scene.t.clock.now() + 48 * HOUR });
    expect(again.entryLetGo).toBeUndefined();
  });

  it('lets a stale hold go on the next read when no pass ran, and follows the club’s hours', async () => {
    scene = await paymentScene();
    await scene.t.must('PUT', '/api/club/documents/payments', {
      token: scene.admin.token,
      body: { body: { currency: 'CAD', activateOnPayment: false, positions: ['treasurer'], reminderDays: 7, entryHoldHours: 2 }, version: 0 },
    });
    const race = await raceWithFee(scene);
    const ana = await scene.t.createUser({ ...MEMBER, name: 'Ana Late' });
    await scene.t.must('POST', `/api/races/${race.id}/signup`, { token: ana.token });
    scene.t.clock.advance(2 * HOUR);
    const list = (await scene.t.must('GET', '/api/races', { token: ana.token })).races;
    expect(list[0]).toMatchObject({ isSignedUp: false, entryLetGo: true });
    expect(letGoNotices(scene)).toBe(1);
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: ana.token, body: { race: race.id } })).toMatchObject({ status: 409, body: { error: FEE_RACE_NOT_ENTERED_ERROR } });
  });

  it('keeps the place of a member still at Stripe’s checkout when the hold ends, until the checkout expires', async () => {
    scene = await paymentScene();
    const race = await raceWithFee(scene);
    const ana = await scene.t.createUser({ ...MEMBER, name: 'Ana Paying' });
    await scene.t.must('POST', `/api/races/${race.id}/signup`, { token: ana.token });
    scene.t.clock.advance(47 * HOUR);
    const checkout = await scene.t.must('POST', '/api/payments/checkout', { token: ana.token, body: { race: race.id } });
    const sessionId = scene.t.db.select().from(payments).where(eq(payments.id, checkout.paymentId)).get()!.stripeSessionId!;
    scene.t.clock.advance(2 * HOUR);
    runReminderPass(scene.t.deps);
    expect((await scene.t.must('GET', `/api/races/${race.id}`, { token: ana.token })).race).toMatchObject({ isSignedUp: true });
    scene.stand.expire(sessionId);
    await scene.deliver(scene.stand.event('checkout.session.expired', sessionId));
    expect((await scene.t.must('GET', `/api/races/${race.id}`, { token: ana.token })).race).toMatchObject({ isSignedUp: false, entryLetGo: true });
    expect(letGoNotices(scene)).toBe(1);
  });

  it('leaves a free race as it was: nothing owed, nothing held, nothing let go', async () => {
    scene = await paymentScene();
    const exec = await scene.t.createUser(EXEC);
    const race = await scene.t.createRace(exec.token, { name: 'Park Run', date: '2026-05-17', location: 'Park' });
    expect(race.feeCents).toBeUndefined();
    const ana = await scene.t.createUser(MEMBER);
    await scene.t.must('POST', `/api/races/${race.id}/signup`, { token: ana.token });
    scene.t.clock.advance(100 * HOUR);
    runReminderPass(scene.t.deps);
    const seen = (await scene.t.must('GET', `/api/races/${race.id}`, { token: ana.token })).race;
    expect(seen).toMatchObject({ isSignedUp: true });
    expect([seen.entryHeldUntil, seen.entryLetGo, seen.entries[0].paymentPending]).toEqual([undefined, undefined, undefined]);
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).fees).toEqual([]);
  });

  it('refuses a fee that is negative, not whole or too large, on its field', async () => {
    scene = await paymentScene();
    const exec = await scene.t.createUser(EXEC);
    for (const feeCents of [-1, 12.5, 100_000_01, '45']) {
      const answer = await scene.t.call('POST', '/api/races', { token: exec.token, body: { name: 'Sprint', date: '2026-05-17', feeCents } });
      expect(answer).toMatchObject({ status: 400, body: { error: FEE_AMOUNT_ERROR, field: 'feeCents' } });
      const event = await scene.t.call('POST', '/api/forum/posts', { token: exec.token, body: { type: 'event', title: 'Social', eventDate: '2026-03-20', content: 'Pizza', feeCents } });
      expect(event).toMatchObject({ status: 400, body: { error: FEE_AMOUNT_ERROR, field: 'feeCents' } });
    }
  });
});

describe('an event fee', () => {
  it('is owed on answering Going, not Maybe, paid once online, and its checkout refused to one not going', async () => {
    scene = await paymentScene();
    const exec = await scene.t.createUser(EXEC);
    const { post } = await scene.t.createPost(exec.token, { type: 'event', title: 'Club dinner', eventDate: '2026-03-20', content: 'Pizza', feeCents: 2500 });
    expect(post).toMatchObject({ feeCents: 2500, feeCurrency: 'CAD' });
    const ana = await scene.t.createUser(MEMBER);
    await scene.t.must('POST', `/api/forum/events/${post.id}/rsvp`, { token: ana.token, body: { status: 'maybe' } });
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).fees).toEqual([]);
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: ana.token, body: { event: post.id } })).toMatchObject({ status: 409, body: { error: FEE_EVENT_NOT_GOING_ERROR } });
    await scene.t.must('POST', `/api/forum/events/${post.id}/rsvp`, { token: ana.token, body: { status: 'going' } });
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).fees).toEqual([
      { kind: 'event', id: post.id, name: 'Club dinner', date: '2026-03-20', amountCents: 2500, currency: 'CAD', heldUntil: null },
    ]);
    const checkout = await scene.t.must('POST', '/api/payments/checkout', { token: ana.token, body: { event: post.id } });
    const row = scene.t.db.select().from(payments).where(eq(payments.id, checkout.paymentId)).get()!;
    expect(row).toMatchObject({ kind: 'event', postId: post.id, item: 'Club dinner', amountCents: 2500 });
    scene.stand.pay(row.stripeSessionId!);
    const event = scene.stand.event('checkout.session.completed', row.stripeSessionId!);
    await scene.deliver(event);
    await scene.deliver(event);
    expect(scene.t.db.select().from(payments).where(eq(payments.status, 'paid')).all()).toHaveLength(1);
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).fees).toEqual([]);
  });
});
