// Quick polls: an exec asks, members answer until the closing time, and the results show as the exec
// chose. The numbers and the checks every side applies live here; the words are the contract's
// (domain/contract/club/polls.ts).

export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 100;
/** How far ahead a poll's closing time may be. */
export const POLL_MAX_DAYS = 90;
/** How long a closed poll stays on Home, so members see how it ended. */
export const POLL_SHOWN_AFTER_CLOSE_DAYS = 7;

/** When the results show: at once, once the member has answered, or once the poll has closed. */
export const POLL_RESULTS_SHOWN = ['live', 'after_answer', 'after_close'] as const;
export type PollResultsShown = (typeof POLL_RESULTS_SHOWN)[number];

/** A poll of words, or one whose options are club-local dates and times ('YYYY-MM-DDTHH:MM'). */
export const POLL_KINDS = ['choice', 'date'] as const;
export type PollKind = (typeof POLL_KINDS)[number];

/** Where a poll shows: Home's announcements, or the page of a workout, an event or a race. */
export const POLL_PLACES = ['home', 'workout', 'event', 'race'] as const;
export type PollPlaceKind = (typeof POLL_PLACES)[number];

/** A poll takes answers until its closing instant (epoch ms), and none from then on. */
export function pollClosed(closesAt: number, now: number): boolean {
  return now >= closesAt;
}

/**
 * Whether a member may see a poll's results now. The rule is the same for everyone, execs included:
 * an exec who wants to watch answers come in posts the poll with live results.
 */
export function resultsVisible(poll: { results_shown: PollResultsShown; closes_at: number }, answered: boolean, now: number): boolean {
  if (poll.results_shown === 'live') return true;
  if (poll.results_shown === 'after_answer') return answered || pollClosed(poll.closes_at, now);
  return pollClosed(poll.closes_at, now);
}

/** What is wrong with a set of choices (option indexes) for a poll, if anything. */
export type ChoicesProblem = 'none' | 'one' | 'unknown' | 'repeated';

export function choicesProblem(choices: readonly number[], optionCount: number, multiple: boolean): ChoicesProblem | null {
  if (choices.length === 0) return 'none';
  if (!multiple && choices.length > 1) return 'one';
  if (choices.some((c) => !Number.isInteger(c) || c < 0 || c >= optionCount)) return 'unknown';
  if (new Set(choices).size !== choices.length) return 'repeated';
  return null;
}

/** A date poll's option: a club-local date and time. */
export const POLL_DATE_OPTION = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** The club date and time of a date poll's option, or null when it is not one. */
export function pollDateOption(option: string): { date: string; time: string } | null {
  const m = POLL_DATE_OPTION.exec(option);
  return m ? { date: m[1]!, time: m[2]! } : null;
}

/** How many days ahead a new poll's form proposes it closes, and at what time. */
export const POLL_DEFAULT_DAYS = 3;
export const POLL_DEFAULT_CLOSING_TIME = '20:00';
