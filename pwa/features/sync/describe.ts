import type { SyncAction } from '../../lib/offline/sync-action';

const RSVP_LABELS = { going: 'Going', maybe: 'Maybe', not_going: 'Not Going' } as const;

/** A sentence for an outbox op, and where the thing it is about lives. */
export function describeAction(action: SyncAction): { text: string; href: string } {
  switch (action.kind) {
    case 'workout-signup':
      return { text: action.signedUp ? 'Sign up for a workout' : 'Cancel a workout signup', href: `/workout/${action.workoutId}` };
    case 'waitlist':
      return { text: action.joined ? 'Join a workout waitlist' : 'Leave a workout waitlist', href: `/workout/${action.workoutId}` };
    case 'lane-move':
      return { text: action.userId ? 'Move a member to another lane' : 'Move to another lane', href: `/workout/${action.workoutId}` };
    case 'rsvp':
      return { text: action.status ? `RSVP ${RSVP_LABELS[action.status]} to an event` : 'Remove an event RSVP', href: `/event/${action.eventId}` };
    case 'attendance': {
      const marks = Object.values(action.attendanceData);
      return {
        text: `Submit attendance (${marks.filter(Boolean).length} present of ${marks.length})`,
        href: `/workout/${action.workoutId}`,
      };
    }
    case 'race-signup':
      return { text: action.signedUp ? 'Sign up for a race' : 'Cancel a race signup', href: `/race/${action.raceId}` };
    case 'lift-place': {
      const what = action.place === 'seat' ? 'a seat' : 'a bike spot';
      return { text: action.taken ? `Take ${what} in a lift` : `Give back ${what} in a lift`, href: `/race/${action.raceId}` };
    }
    case 'race-result':
      return { text: `Enter a race result (${action.result.distance}, ${action.result.finishTime})`, href: `/race/${action.raceId}` };
    case 'announcement-dismissal':
      return { text: 'Dismiss a club announcement', href: '/' };
    case 'payment-record':
      return { text: `Record ${action.record.method === 'cash' ? 'cash' : 'a bank transfer'} for ${action.record.package}${action.record.receipt ? `, receipt ${action.record.receipt}` : ''}`, href: '/admin/payments' };
    case 'poll-answer':
      return { text: action.question ? `Answer the poll “${action.question}”` : 'Answer a poll', href: action.at ?? '/' };
    case 'safety-opening':
      return { text: 'Tell the club a safety card was opened', href: '/' };
    case 'duty-claim': {
      const what = action.duty ? `the ${action.duty} duty` : 'a duty';
      return { text: action.taken ? `Take ${what}` : `Give up ${what}`, href: action.at ?? '/' };
    }
    case 'duty-swap': {
      const what = action.duty ? `the ${action.duty} duty` : 'a duty';
      return { text: action.step === 'offer' ? `Ask for a swap of ${what}` : `Take the swap of ${what}`, href: action.at ?? '/rota' };
    }
    case 'duty-holder': {
      const who = action.name ?? 'a member';
      const what = action.duty ? `the ${action.duty} duty` : 'a duty';
      return { text: action.held ? `Put ${who} on ${what}` : `Take ${who} off ${what}`, href: action.at ?? '/rota' };
    }
    case 'duty-no-show': {
      const who = action.name ?? 'a member';
      const what = action.duty ? `the ${action.duty} duty` : 'a duty';
      return { text: action.noShow ? `Record that ${who} did not show up for ${what}` : `Record that ${who} did show up for ${what}`, href: action.at ?? '/rota' };
    }
    case 'duty-removal':
      return { text: `Remove ${action.duty ? `the ${action.duty} duty` : 'a duty'}`, href: action.at ?? '/rota' };
  }
}
