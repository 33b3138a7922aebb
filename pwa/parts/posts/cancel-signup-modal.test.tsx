import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RULE_NUMBERS, ruleText } from '../../../domain/rules';
import { setClubRules } from '../../lib/club/club-rules';
import { clubTimeZone } from '../../lib/club/club-zone';
import { CancelSignupModal } from './cancel-signup-modal';

const RULE_TEXT = ruleText(DEFAULT_RULE_NUMBERS);
const ABSENCE_WARNING = `Cancelling less than 24 hours before the workout counts as an absence. ${RULE_TEXT.suspension}`;

// "Starts in less than 24 hours" is counted on the club's clock (Toronto in these tests, set in
// test-setup.ts), never the phone's: a member in Tokyo or Vancouver gets the same warning as one at
// the club. Node applies a change of process.env.TZ to Dates at once, so the phone's zone is switched
// for real (and checked to have switched) while the workout's times stay the club's.

const CLUB_ZONE = 'America/Toronto';
const HOUR = 3_600_000;
/** A May afternoon, clear of the clocks changing. */
const NOW = Date.UTC(2026, 4, 12, 15, 0);

/** The club's date and time ('YYYY-MM-DD', 'HH:MM') of an instant, as the server writes a workout's. */
function clubDateTime(at: number): { workout_date: string; workout_time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { workout_date: `${parts.year}-${parts.month}-${parts.day}`, workout_time: `${parts.hour}:${parts.minute}` };
}

function openFor(hoursAway: number) {
  return render(
    <CancelSignupModal
      workout={{ title: 'Masters swim', ...clubDateTime(NOW + hoursAway * HOUR) }}
      busy={false}
      error=""
      onConfirm={vi.fn()}
      onClose={vi.fn()}
      now={NOW}
    />,
  );
}

const phoneZone = process.env.TZ;
afterEach(() => {
  setClubRules(DEFAULT_RULE_NUMBERS);
  if (phoneZone === undefined) delete process.env.TZ;
  else process.env.TZ = phoneZone;
});

describe('the cancel-signup warning on the club clock', () => {
  it.each([
    // The phone's offset from UTC on NOW, in minutes as Date reports it (Tokyo +9 h, Vancouver -7 h in May).
    { zone: 'Asia/Tokyo', offset: -540 },
    { zone: 'America/Vancouver', offset: 420 },
  ])('with the phone in $zone: nothing at 30 hours away, the late-cancel warning at 22', ({ zone, offset }) => {
    process.env.TZ = zone;
    expect(new Date(NOW).getTimezoneOffset()).toBe(offset);
    expect(clubTimeZone()).toBe(CLUB_ZONE);

    const { unmount } = openFor(30);
    let dialog = screen.getByRole('dialog', { name: 'Cancel Signup?' });
    expect(dialog).toHaveTextContent(ABSENCE_WARNING);
    expect(within(dialog).queryByText(RULE_TEXT.lateCancelNow)).toBeNull();
    unmount();

    openFor(22);
    dialog = screen.getByRole('dialog', { name: 'Cancel Signup?' });
    expect(within(dialog).getByText(RULE_TEXT.lateCancelNow)).toBeInTheDocument();
    expect(dialog).toHaveTextContent(RULE_TEXT.suspension);
  });

  it.each([30, 22])('says the rule once, %i hours away', (hoursAway) => {
    openFor(hoursAway);
    const text = screen.getByRole('dialog', { name: 'Cancel Signup?' }).textContent ?? '';
    expect(text.split(RULE_TEXT.lateWindow)).toHaveLength(2);
    expect(text.split(RULE_TEXT.suspension)).toHaveLength(2);
  });
});

describe("the warning in the club's own numbers", () => {
  it('says 12 hours and warns only inside 12 hours once the club set a 12-hour window', () => {
    setClubRules({ lateCancelHours: 12, absencesBeforeSuspension: 2, suspensionDays: 3 });
    const { unmount } = openFor(20);
    let dialog = screen.getByRole('dialog', { name: 'Cancel Signup?' });
    expect(dialog).toHaveTextContent('Cancelling less than 12 hours before the workout counts as an absence. Two absences suspend your workout sign-ups for three days.');
    expect(dialog).not.toHaveTextContent('24 hours');
    unmount();

    openFor(11);
    dialog = screen.getByRole('dialog', { name: 'Cancel Signup?' });
    expect(within(dialog).getByText('This workout starts in less than 12 hours: cancelling now counts as an absence.')).toBeInTheDocument();
  });
});
