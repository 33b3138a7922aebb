import { z } from 'zod';
import { addDays, isCalendarDate } from '../../calendar-days';
import {
  POLL_KINDS,
  POLL_MAX_DAYS,
  POLL_OPTION_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_PLACES,
  POLL_QUESTION_MAX,
  POLL_RESULTS_SHOWN,
  choicesProblem,
  pollDateOption,
} from '../../people/polls';
import { hasUnsafeCharacters, unsafeCharactersMessage } from '../common';
import { choicesMessage } from './polls';

const text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The last day a poll posted on club date `today` may close. */
export function latestPollDate(today: string): string {
  return addDays(today, POLL_MAX_DAYS);
}

/**
 * POST /polls. `today` is the club's date: the closing day must be from today to POLL_MAX_DAYS
 * ahead (the server checks the closing instant against its clock as well).
 */
export function pollSchema(today: string) {
  return z
    .object({
      question: text,
      kind: z.enum(POLL_KINDS).optional().default('choice'),
      options: z.array(z.string().transform((v) => v.trim())).optional().default([]),
      multiple: z.boolean().optional().default(false),
      anonymous: z.boolean().optional().default(false),
      resultsShown: z.enum(POLL_RESULTS_SHOWN).optional().default('after_answer'),
      closesDate: text,
      closesTime: text,
      place: z.enum(POLL_PLACES).optional().default('home'),
      placeId: z.number().int().positive().nullable().optional().default(null),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!v.question) issue('question', 'Ask a question');
      else if (hasUnsafeCharacters(v.question)) issue('question', unsafeCharactersMessage('The question'));
      else if (v.question.length > POLL_QUESTION_MAX) issue('question', `The question must be at most ${POLL_QUESTION_MAX} characters`);
      const options = v.options.filter((o) => o !== '');
      if (options.length < POLL_OPTIONS_MIN || options.length > POLL_OPTIONS_MAX) {
        issue('options', `Give ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options`);
      } else if (new Set(options).size !== options.length) {
        issue('options', 'Give each option once');
      } else if (options.some((o) => o.length > POLL_OPTION_MAX || hasUnsafeCharacters(o))) {
        issue('options', `Each option must be at most ${POLL_OPTION_MAX} characters of plain text`);
      } else if (v.kind === 'date' && options.some((o) => !isDateOption(o))) {
        issue('options', 'Give each option of a date poll as a date and a time');
      }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v.closesDate) || !isCalendarDate(v.closesDate)) {
        issue('closesDate', 'Enter the closing day as YYYY-MM-DD');
      } else if (v.closesDate < today || v.closesDate > latestPollDate(today)) {
        issue('closesDate', `The closing day must be from today to ${POLL_MAX_DAYS} days ahead (${latestPollDate(today)})`);
      }
      if (!TIME.test(v.closesTime)) issue('closesTime', 'Enter the closing time as HH:MM');
      if (v.place === 'home' ? v.placeId !== null : v.placeId === null) {
        issue('placeId', v.place === 'home' ? 'A poll on Home is for no workout, event or race' : 'Say which workout, event or race the poll is for');
      }
    })
    .transform((v) => ({ ...v, options: v.options.filter((o) => o !== '') }));
}
export type NewPoll = z.infer<ReturnType<typeof pollSchema>>;

function isDateOption(option: string): boolean {
  const at = pollDateOption(option);
  return at !== null && isCalendarDate(at.date) && TIME.test(at.time);
}

/** PUT /polls/:id/answer: the member's whole answer, a set of option indexes (a state, never a toggle). */
export const pollAnswerSchema = z.object({
  choices: z.array(z.number().int(), { error: 'Choose at least one option' }),
});
export type PollAnswerBody = z.infer<typeof pollAnswerSchema>;

/** The words of choices that do not fit a poll, or null when they do. */
export function choicesIssue(choices: readonly number[], optionCount: number, multiple: boolean): string | null {
  const problem = choicesProblem(choices, optionCount, multiple);
  return problem ? choicesMessage(problem) : null;
}
