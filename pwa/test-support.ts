// The people and device state the component tests of every feature start from. The network is in
// test-server.ts, the providers and renderAt in test-providers.tsx, the device database in
// test-device.ts.
import type { SessionUser } from '../domain/contract/members/auth';
import type { Role } from '../domain/contract/roles';
import type { OutboxOp } from './lib/offline/offline-db';
import { entityOf } from './lib/offline/sync-action';

/** A signed-in user as the auth answers carry it; fields override the defaults. */
export function testUser(role: Role, fields: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    email: `${role}@club.test`,
    name: `${role} person`,
    role,
    phone_number: null,
    phoneNumber: null,
    charter_accepted: true,
    charterAccepted: true,
    profile_picture_url: null,
    profilePictureUrl: null,
    bio: null,
    join_date: '2026-01-01',
    expiry_date: '2099-12-31',
    absences: 0,
    suspended_until: null,
    ...fields,
  };
}

/** Puts the user and a token in browser storage, as a login would: exactly these two entries. */
export function storeSession(user: SessionUser, token = 'test-token'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
}

/** A queued write of `userId` as the outbox stores it (an RSVP unless told); fields override the defaults. */
export function outboxOp(userId: number, fields: Partial<OutboxOp> = {}): OutboxOp {
  const action = fields.action ?? { kind: 'rsvp', eventId: 2, status: 'going' };
  return {
    id: crypto.randomUUID(),
    userId,
    action,
    entity: entityOf(action),
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    ...fields,
  };
}
