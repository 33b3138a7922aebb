import { useState, type ReactNode } from 'react';
import { Notice } from '../../../components/status';
import { lazyNamed } from '../../../lib/ui/lazy-named';
import type { WorkoutPost } from '../../../../domain/contract/training/forum';
import { SectionBoundary } from '../../../lib/ui/section-boundary';

const EditWorkoutForm = lazyNamed(() => import('./workout-form'), 'EditWorkoutForm');

export interface EditWorkoutSheet {
  open: () => void;
  /** Edit Workout in New Workout's sheet, over the card or the page, while it is open. */
  sheet: ReactNode;
  /** What the last save changed ("Changes saved."), until the next edit. */
  notice: ReactNode;
}

/** Editing a workout the same way from its card and from its page (which may still be loading it). */
export function useEditWorkoutSheet(workout: WorkoutPost | undefined): EditWorkoutSheet {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState('');
  return {
    open: () => {
      setSaved('');
      setEditing(true);
    },
    sheet: editing && workout && (
      <SectionBoundary what="the edit form">
        <EditWorkoutForm
          workout={workout}
          onCancel={() => setEditing(false)}
          // The edit is in every copy of the workout already (forum-mutations.ts).
          onSaved={(_post, confirmation) => {
            setEditing(false);
            setSaved(confirmation);
          }}
        />
      </SectionBoundary>
    ),
    notice: saved && <Notice tone="success">{saved}</Notice>,
  };
}
