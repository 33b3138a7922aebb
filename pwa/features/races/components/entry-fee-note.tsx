import { Link } from 'react-router-dom';
import type { Race } from '../../../../domain/contract/training/races';
import { formatDateTime, formatMoney } from '../../../lib/ui/format';

/**
 * The member's own entry fee on a race's page: while it is unpaid, until when the place is held and
 * where to pay; once the entry was let go for it, that it was. Nothing for a free race or a paid entry.
 */
export function EntryFeeNote({ race, signedUp }: { race: Race; signedUp: boolean }) {
  const fee = race.feeCents ? formatMoney(race.feeCents, race.feeCurrency ?? '') : null;
  if (fee && signedUp && race.entryHeldUntil) {
    return (
      <p className="race-detail__fee-note" role="note">
        Your entry fee of {fee} is not paid yet: your place is held until {formatDateTime(race.entryHeldUntil)}, then let go.{' '}
        <Link to="/profile">Pay it on your profile</Link>.
      </p>
    );
  }
  if (!signedUp && race.entryLetGo) {
    return (
      <p className="race-detail__fee-note" role="note">
        Your entry was let go: its fee was not paid in time. Sign up again to hold a place.
      </p>
    );
  }
  return null;
}
