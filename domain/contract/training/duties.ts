// Duty rotas: the answers' shapes, the words of their refusals and the request schemas. The rules are
// domain/people/duties.ts.
import { z } from 'zod';
import { DUTY_ELIGIBILITY, DUTY_KIND_MAX, DUTY_PLACES, DUTY_PLACES_MAX, QUALIFICATION_MAX, type DutyEligibility, type DutyPlaceKind } from '../../people/duties';

export interface DutyHolder {
  id: number;
  name: string;
  /** The holder asked for a swap: the first eligible member to take it holds the place instead. */
  swap_offered: boolean;
  /** An exec recorded, once the duty started, that the holder did not turn up (not counted as done). */
  no_show: boolean;
}

export interface Duty {
  id: number;
  place: DutyPlaceKind;
  place_id: number;
  kind: string;
  places: number;
  eligibility: DutyEligibility;
  qualification: string | null;
  /** Its span, epoch ms (copied from its workout's, event's or race's time). */
  starts_at: number;
  ends_at: number;
  holders: DutyHolder[];
  /** The caller holds a place. */
  mine: boolean;
  /** The caller may take a place now (eligible, a free place or a swap on offer, not holding it nor another duty at that time). */
  may_take: boolean;
}

/** GET /duties?place=…&id=…, and the answer of each write: the duties of the place. */
export interface DutiesAnswer {
  duties: Duty[];
  /** The club's kinds of duty (an exec's form offers them) and its cut-off for giving one up. */
  kinds: string[];
  give_up_hours: number;
}

/** A duty on the term's rota, with what it is on. */
export interface RotaDuty extends Duty {
  /** The workout's or event's title, or the race's name. */
  title: string;
  /** Its day, club-local 'YYYY-MM-DD'. */
  date: string;
}

/** GET /duties/rota?term=…: a term's duties, open ones first, and each member's count of duties done in it. */
export interface RotaAnswer {
  term: { id: string; label: string; start: string; end: string };
  duties: RotaDuty[];
  done: { id: number; name: string; count: number }[];
}

export const DUTY_TERM_NOT_FOUND = 'The club has no such term';
export const DUTY_NOT_FOUND = 'Duty not found';
export const DUTY_PLACE_NOT_FOUND = 'The workout, event or race for this duty was not found';
export const DUTY_PLACE_QUERY_ERROR = 'Say where the duties are: place=workout, event or race with its id';
export const DUTY_FULL_ERROR = 'Every place of this duty is taken';
export const DUTY_ALREADY_HELD_ERROR = 'You already hold this duty';
export const DUTY_NOT_HELD_ERROR = 'You do not hold this duty';
export const DUTY_OVERLAP_ERROR = 'You already hold a duty at that time';
export const DUTY_NOT_ELIGIBLE_ERROR = 'This duty is for members who may take it (execs, or those with its qualification)';
export const DUTY_PAST_CUT_OFF_ERROR = 'It is too close to the start to give this duty up: ask for a swap instead';
export const DUTY_NO_SWAP_ERROR = 'Nobody has offered this duty for a swap';
export const DUTY_STARTED_ERROR = 'This duty has started';
export const DUTY_KIND_UNKNOWN_ERROR = 'Choose one of the club’s kinds of duty';
export const DUTY_NOT_STARTED_ERROR = 'A duty not shown up for is recorded once it has started';
export const DUTY_HOLDER_NOT_FOUND = 'That member does not hold this duty';
export const DUTY_PLACE_ID_ERROR = 'Say which workout, event or race the duty is for';

/** POST /duties (execs). */
export const dutySchema = z
  .object({
    place: z.enum(DUTY_PLACES, { error: 'Say whether the duty is on a workout, an event or a race' }),
    placeId: z
      .number({ error: DUTY_PLACE_ID_ERROR })
      .int(DUTY_PLACE_ID_ERROR)
      .positive(DUTY_PLACE_ID_ERROR),
    kind: z.string({ error: DUTY_KIND_UNKNOWN_ERROR }).trim().min(1, DUTY_KIND_UNKNOWN_ERROR).max(DUTY_KIND_MAX, DUTY_KIND_UNKNOWN_ERROR),
    places: z
      .number({ error: 'Say how many people the duty needs' })
      .int('Say how many people the duty needs')
      .min(1, 'A duty needs at least one person')
      .max(DUTY_PLACES_MAX, `A duty needs at most ${DUTY_PLACES_MAX} people`),
    eligibility: z.enum(DUTY_ELIGIBILITY, { error: 'Say who may take the duty: any member, execs, or members with a qualification' }).optional().default('members'),
    qualification: z
      .string({ error: 'Name the qualification the duty asks for' })
      .trim()
      .max(QUALIFICATION_MAX, `A qualification is at most ${QUALIFICATION_MAX} characters`)
      .nullable()
      .optional()
      .default(null),
    /** On a workout of a weekly series: the same duty on it and every later workout of the series. */
    series: z.boolean({ error: 'Say whether the duty goes on every later workout of the series' }).optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.eligibility === 'qualified' && !v.qualification) {
      ctx.addIssue({ code: 'custom', path: ['qualification'], message: 'Name the qualification the duty asks for' });
    }
  });
export type NewDuty = z.infer<typeof dutySchema>;

/** PUT /duties/:id/holders/:userId/no-show (execs): whether the holder did not turn up (a state, so a replay changes nothing). */
export const dutyNoShowSchema = z.object({
  noShow: z.boolean({ error: 'Say whether the holder did not show up (true or false)' }),
});
export type DutyNoShow = z.infer<typeof dutyNoShowSchema>;
