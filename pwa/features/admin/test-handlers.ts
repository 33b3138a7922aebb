// Members and messages as the admin endpoints answer them, and those endpoints for answerRoutes.
import type { AdminMember, QueuedMessage } from '../../../domain/contract/members/admin';
import type { Routes } from '../../test-server';

export function adminMember(fields: Partial<AdminMember>): AdminMember {
  return {
    id: 2,
    name: 'Morgan Member',
    email: 'morgan@club.test',
    role: 'member',
    phone_number: '(416) 555-0100',
    join_date: '2025-09-01',
    expiry_date: '2026-08-31',
    absences: 2,
    charter_accepted: 1,
    expired: false,
    ...fields,
  };
}

/** The administrator (id 1), a member (id 2) and an applicant waiting for approval (id 3). */
export const MEMBERS: AdminMember[] = [
  adminMember({ id: 1, name: 'Alex Admin', email: 'administrator@club.test', role: 'administrator', absences: 0 }),
  adminMember({}),
  adminMember({
    id: 3,
    name: 'Pat Pending',
    email: 'pat@club.test',
    role: 'pending',
    phone_number: null,
    expiry_date: null,
    charter_accepted: 0,
    absences: 0,
  }),
];

/** What the admin area reads; a test may change it between two reads. */
export interface AdminData {
  members: AdminMember[];
  emails: QueuedMessage[];
}

/** GET /admin/members and GET /admin/outbox, answering whatever `data` holds at the time. */
export function adminRoutes(data: AdminData): Routes {
  return {
    'GET /admin/members': () => ({ members: data.members.map((m) => ({ passkeyCount: 0, ...m })) }),
    'GET /admin/outbox': () => ({ emails: data.emails }),
  };
}
