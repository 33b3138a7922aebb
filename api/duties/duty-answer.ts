import type { Duty, DutiesAnswer } from '../../domain/contract/training/duties';
import { clubDuties } from '../club/settings';
import type { AppDeps } from '../platform/context';

/** Every duties answer: the place's duties, with the club's kinds and cut-off the screens need beside them. */
export function dutiesAnswer(deps: AppDeps, list: Duty[]): DutiesAnswer {
  const { kinds, giveUpHours } = clubDuties(deps);
  return { duties: list, kinds, give_up_hours: giveUpHours };
}
