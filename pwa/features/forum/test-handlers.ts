// Workouts, events and the people of the forum tests, as the API answers them.
import type { SessionUser } from '../../../domain/contract/members/auth';
import type { EventPost, WorkoutPost } from '../../../domain/contract/training/forum';
import { testUser } from '../../test-support';

/**
 * The member the forum tests sign in as: id 3 (the waitlist memory is kept per user id, and the
 * rosters show this name as "(you)").
 */
export const member = (fields: Partial<SessionUser> = {}): SessionUser => testUser('member', { id: 3, name: 'Morgan Member', ...fields });

/** The same person as an exec, under the name the posts carry as their author. */
export const exec = (fields: Partial<SessionUser> = {}): SessionUser => testUser('exec', { id: 3, name: 'Erin Exec', ...fields });

export function workout(overrides: Partial<WorkoutPost> = {}): WorkoutPost {
  return {
    id: 1,
    type: 'workout',
    user_id: 2,
    author_name: 'Erin Exec',
    authorProfilePictureUrl: null,
    title: 'Tempo run',
    workout_type: 'run',
    workout_date: '2099-06-01',
    workout_time: '18:15',
    workout_end_time: '19:15',
    duration_minutes: null,
    content: 'Six by one kilometre.',
    capacity: null,
    workout_location: '',
    series_id: null,
    created_at: 0,
    cancelled_at: null,
    cancel_reason: null,
    signupCount: 0,
    waitlistCount: 0,
    isSignedUp: false,
    waitlistPosition: null,
    attendanceSubmitted: false,
    ...overrides,
  };
}

export function event(overrides: Partial<EventPost> = {}): EventPost {
  return {
    id: 50,
    type: 'event',
    user_id: 2,
    author_name: 'Erin Exec',
    authorProfilePictureUrl: null,
    title: 'Season kick-off social',
    event_date: '2099-06-10',
    event_time: '',
    event_end_time: '',
    duration_minutes: null,
    event_location: '',
    content: 'Pizza and the race calendar.',
    created_at: 0,
    cancelled_at: null,
    cancel_reason: null,
    rsvpCounts: { going: 0, maybe: 0, not_going: 0 },
    myRsvp: null,
    ...overrides,
  };
}
