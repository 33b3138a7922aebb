// A workout's lanes as its card shows them: each lane's count ("Lane 2 · 4 of 6") and the member's own
// lane in words. Apart from the picker (lane-picker.tsx), which only a workout's page loads.
import type { WorkoutLane } from '../../../../domain/contract/training/forum';
import { laneSummary } from '../../../../domain/lanes';

/** The lane the member holds a place in (or waits for), in words for a card or My week. */
export function myLaneText(lanes: readonly WorkoutLane[] | undefined): string {
  const mine = lanes?.find((l) => l.mine === 'signed_up');
  const waiting = lanes?.find((l) => l.mine === 'waitlisted');
  const parts = [];
  if (mine) parts.push(`You are in ${mine.name}`);
  if (waiting) parts.push(`#${waiting.waitlistPosition} on ${waiting.name}’s waitlist`);
  return parts.join(' · ');
}

/** One line per lane on a card: its name and count. */
export function LaneLines({ lanes }: { lanes: readonly WorkoutLane[] }) {
  return (
    <ul className="lane-lines" aria-label="Lanes">
      {lanes.map((lane) => (
        <li key={lane.id} className={lane.mine === 'signed_up' ? 'lane-lines__mine' : undefined}>
          {laneSummary(lane)}
          {lane.waitlist > 0 && ` · ${lane.waitlist} waiting`}
        </li>
      ))}
    </ul>
  );
}
