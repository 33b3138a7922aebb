// The reminder clock: croner runs a reminder pass at the start of every minute, in this process.
// `protect` skips a tick while the last pass still runs; a pass that throws is logged and the next
// minute tries again. The reminder keys make a pass safe to repeat (db/queries/reminder-keys.ts).
import { Cron } from 'croner';
import type { AppDeps } from '../platform/context';
import { sendDueReminders } from './reminders';
import { sendDutyReminders } from '../duties/duty-reminders';
import { dailySafetyPass } from '../safety/retention';
import { letGoUnpaidEntries } from '../payments/entries/holds';

/** One reminder pass of a club: what is due is queued, and a failure is logged (the next pass tries again). */
export function runReminderPass(deps: AppDeps): void {
  try {
    const pass = sendDueReminders(deps);
    if (pass.workoutReminders + pass.eventReminders + pass.renewalReminders > 0) deps.logger.info(pass, 'reminders queued');
    const duty = sendDutyReminders(deps);
    if (duty.holders + duty.open > 0) deps.logger.info(duty, 'duty reminders queued');
    const released = letGoUnpaidEntries(deps);
    if (released > 0) deps.logger.info({ released }, 'race entries let go, their fee unpaid within the hold');
    const safety = dailySafetyPass(deps);
    if (safety.removed + safety.reminded > 0) deps.logger.info(safety, 'safety pass: ended memberships’ cards removed, members reminded before the term');
  } catch (err) {
    deps.logger.error({ err }, 'reminder pass failed');
  }
}

export function startReminders(deps: AppDeps, pattern = '0 * * * * *'): () => void {
  const run = () => runReminderPass(deps);
  const job = new Cron(pattern, { protect: true, unref: true, name: 'reminders' }, run);
  // The minutes missed while the server was down: a pass at start, not at the first tick.
  run();
  return () => job.stop();
}
