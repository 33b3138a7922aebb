// "Add lane" in New Workout and Edit: each lane's name, pace band (words, and numbers in the sport's
// unit) and capacity. The lanes travel in the workout draft as text, as the inputs give them.
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { WorkoutLane, WorkoutType } from '../../../../domain/contract/training/forum';
import type { LaneInput } from '../../../../domain/contract/training/forum-schemas';
import { LANES_MAX, LANE_NAME_MAX, LANE_PACE_MAX } from '../../../../domain/lanes';
import { formatPace, paceHint, parsePace, type PaceUnit } from '../../../../domain/paces';
import { paceUnitOf } from '../../../../domain/sports';
import { useClubSports } from '../../../lib/club/club-sports';

/** One lane while it is typed. `id` names a lane the workout already has (an edit keeps its members). */
export interface LaneDraft {
  id?: number;
  name: string;
  pace: string;
  paceFrom: string;
  paceTo: string;
  capacity: string;
}

export function laneDraftsOf(lanes: readonly WorkoutLane[] | undefined): LaneDraft[] {
  return (lanes ?? []).map((l) => ({
    id: l.id,
    name: l.name,
    pace: l.pace,
    paceFrom: l.paceFrom === null || !l.paceUnit ? '' : formatPace(l.paceFrom, l.paceUnit),
    paceTo: l.paceTo === null || !l.paceUnit ? '' : formatPace(l.paceTo, l.paceUnit),
    capacity: l.capacity === null ? '' : String(l.capacity),
  }));
}

/** The contract's lanes for the drafts; an unreadable number is sent as text so the contract names it. */
export function lanesBody(drafts: readonly LaneDraft[], unit: PaceUnit | null): LaneInput[] {
  const num = (text: string) => (text.trim() === '' || !unit ? null : (parsePace(text, unit) ?? (text as unknown as number)));
  return drafts.map((d) => ({
    ...(d.id !== undefined && { id: d.id }),
    name: d.name,
    pace: d.pace,
    paceFrom: num(d.paceFrom),
    paceTo: num(d.paceTo),
    capacity: d.capacity.trim() === '' ? null : (Number(d.capacity) as number),
  })) as LaneInput[];
}

interface LaneForm {
  lanes?: LaneDraft[];
  lanesTouched?: boolean;
  workoutType: WorkoutType;
}

/** The lanes of the form, with "Add lane" and a Remove per lane. */
export function LanesEditor<F extends LaneForm>({ form, error }: { form: UseFormReturn<F>; error?: string }) {
  const id = useId();
  const f = form as unknown as UseFormReturn<LaneForm>;
  const lanes = f.watch('lanes') ?? [];
  const unit = paceUnitOf(useClubSports(), f.watch('workoutType'));
  const set = (next: LaneDraft[]) => {
    f.setValue('lanes', next, { shouldDirty: true });
    f.setValue('lanesTouched', true);
  };
  const change = (i: number, field: keyof Omit<LaneDraft, 'id'>, value: string) =>
    set(lanes.map((l, j) => (j === i ? { ...l, [field]: value } : l)));
  const hint = unit ? paceHint(unit) : '';
  return (
    <fieldset className="lanes-editor">
      <legend>Lanes (optional)</legend>
      <p className="form-hint">
        Lanes by pace, each with its own places and waitlist. With lanes, the workout’s capacity is the sum of the lanes’.
      </p>
      {lanes.map((lane, i) => (
        <div key={lane.id ?? `new-${i}`} className="lanes-editor__lane" role="group" aria-label={`Lane ${i + 1}`}>
          <label>
            Name
            <input value={lane.name} maxLength={LANE_NAME_MAX} onChange={(e) => change(i, 'name', e.target.value)} />
          </label>
          <label>
            Pace
            <input value={lane.pace} maxLength={LANE_PACE_MAX} placeholder="e.g. 1:30–1:50" onChange={(e) => change(i, 'pace', e.target.value)} />
          </label>
          {unit && (
            <div className="lanes-editor__band">
              <label>
                From
                <input value={lane.paceFrom} inputMode="decimal" aria-describedby={`${id}-unit`} onChange={(e) => change(i, 'paceFrom', e.target.value)} />
              </label>
              <label>
                To
                <input value={lane.paceTo} inputMode="decimal" aria-describedby={`${id}-unit`} onChange={(e) => change(i, 'paceTo', e.target.value)} />
              </label>
            </div>
          )}
          <label>
            Capacity
            <input value={lane.capacity} type="number" inputMode="numeric" min={1} placeholder="Unlimited" onChange={(e) => change(i, 'capacity', e.target.value)} />
          </label>
          <button type="button" className="button button--ghost" onClick={() => set(lanes.filter((_, j) => j !== i))}>
            Remove {lane.name || `lane ${i + 1}`}
          </button>
        </div>
      ))}
      {unit && lanes.length > 0 && (
        <p id={`${id}-unit`} className="form-hint">
          Pace band: {hint}. Leave a side empty for an open band.
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {lanes.length < LANES_MAX && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => set([...lanes, { name: `Lane ${lanes.length + 1}`, pace: '', paceFrom: '', paceTo: '', capacity: '' }])}
        >
          Add lane
        </button>
      )}
    </fieldset>
  );
}
