// Quick polls: the answers' shapes and the words of their refusals. The rules are domain/people/polls.ts;
// the request schemas are polls-schemas.ts.
import type { ChoicesProblem, PollKind, PollPlaceKind, PollResultsShown } from '../../people/polls';

export type { PollKind, PollPlaceKind, PollResultsShown } from '../../people/polls';

export interface PollVoter {
  id: number;
  name: string;
}

/** Counts per option; who chose each only in a named poll (an anonymous poll's server never knows). */
export interface PollResults {
  counts: number[];
  voters: PollVoter[][] | null;
}

export interface Poll {
  id: number;
  question: string;
  kind: PollKind;
  /** The options in order; a date poll's are club-local 'YYYY-MM-DDTHH:MM'. */
  options: string[];
  multiple: boolean;
  anonymous: boolean;
  results_shown: PollResultsShown;
  /** The instant (epoch ms) it stops taking answers. */
  closes_at: number;
  closed: boolean;
  place: PollPlaceKind;
  /** The workout's, event's or race's id; null on Home. */
  place_id: number | null;
  user_id: number | null;
  author_name: string;
  created_at: number;
  /** The caller has answered. */
  answered: boolean;
  /** The caller's choices in a named poll; always null in an anonymous one. */
  my_choices: number[] | null;
  /** How many members have answered. */
  answered_count: number;
  /** Null until the poll's rule lets the caller see them. */
  results: PollResults | null;
}

/** GET /polls?place=…&id=…: the polls of one place, open ones first. */
export interface PollsAnswer {
  polls: Poll[];
}

/** POST /polls, GET /polls/:id, POST /polls/:id/close. */
export interface PollAnswer {
  poll: Poll;
}

/**
 * PUT /polls/:id/answer. Stored for a replay of its Idempotency-Key, so it carries no results and,
 * in an anonymous poll, not the choices either: the device knows what it sent.
 */
export interface PollAnsweredAnswer {
  poll_id: number;
  answered: true;
  choices: number[] | null;
}

/** GET /polls/:id/missing: the members who have not answered yet (execs only). */
export interface PollMissingAnswer {
  members: PollVoter[];
}

export const POLL_NOT_FOUND = 'Poll not found';
export const POLL_CLOSED_ERROR = 'This poll has closed: answers are no longer taken.';
export const POLL_ANONYMOUS_FINAL_ERROR = 'You have answered this anonymous poll, and an anonymous answer cannot be changed.';
export const POLL_PLACE_NOT_FOUND = 'The workout, event or race this poll is for was not found';
export const POLL_CLOSES_PAST_ERROR = 'The closing time must be later than now';

const CHOICE_WORDS: Record<ChoicesProblem, string> = {
  none: 'Choose at least one option',
  one: 'Choose one option',
  unknown: 'Choose from the poll’s options',
  repeated: 'Choose each option once',
};

/** The words of a refused set of choices. */
export function choicesMessage(problem: ChoicesProblem): string {
  return CHOICE_WORDS[problem];
}
export const POLL_PLACE_QUERY_ERROR = 'Say where the polls show: place=home, or place=workout, event or race with its id';
