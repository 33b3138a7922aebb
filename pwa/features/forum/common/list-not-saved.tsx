import { Link } from 'react-router-dom';
import { NotSavedOffline } from '../../../components/offline-note';
import { useKept } from '../../../lib/data/offline-set';
import { myWeekKey } from '../../../lib/data/keys/post-keys';

/** A forum tab with no copy on this device, offline: says so in one line and offers My week when the device has it. */
export function ListNotSaved({ what, onRetry }: { what: 'workouts' | 'events'; onRetry: () => void }) {
  const weekKept = useKept(myWeekKey);
  return (
    <NotSavedOffline
      text={`The ${what} were not saved on this device.`}
      offer={weekKept ? <Link to="/">Open My week</Link> : undefined}
      onRetry={onRetry}
    />
  );
}
