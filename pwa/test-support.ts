// Shared by the component tests of every feature.
import type { SessionUser } from '../domain/contract/auth';
import type { Role } from '../domain/contract/roles';
import type { OutboxOp } from './lib/offline/offline-db';

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

/** Puts the user and a token in browser storage, as a login would. */
export function storeSession(user: SessionUser, token = 'test-token'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
}

/** A queued RSVP of `userId` as the outbox stores it; fields override the defaults. */
export function outboxOp(userId: number, fields: Partial<OutboxOp> = {}): OutboxOp {
  return {
    id: crypto.randomUUID(),
    userId,
    action: { kind: 'rsvp', eventId: 2, status: 'going' },
    entity: 'rsvp:2',
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    ...fields,
  };
}
