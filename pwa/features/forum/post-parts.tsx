import type { WorkoutType } from '../../../api/contract/forum';
import { WORKOUT_TYPE_LABELS } from './workout-rules';

/** A round picture, or the first letter of the name when there is none. The name is always shown beside it. */
export function Avatar({ name, url, size = 'medium' }: { name: string; url: string | null | undefined; size?: 'small' | 'medium' }) {
  const className = `forum-avatar forum-avatar--${size}`;
  if (url) return <img className={className} src={url} alt="" loading="lazy" width={40} height={40} />;
  return (
    <span className={className} aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

export function Author({ name, url }: { name: string; url: string | null | undefined }) {
  const shown = name || 'Unknown member';
  return (
    <span className="forum-author">
      <Avatar name={shown} url={url} />
      <span>
        <span className="visually-hidden">Posted by </span>
        {shown}
      </span>
    </span>
  );
}

export function TypeBadge({ type }: { type: WorkoutType }) {
  return <span className={`badge forum-type forum-type--${type}`}>{WORKOUT_TYPE_LABELS[type] ?? type}</span>;
}

/** The live 'n/max' counter under a long text field; turns red past the limit. */
export function CharCounter({ id, value, max }: { id: string; value: string; max: number }) {
  const over = value.length > max;
  return (
    <p id={id} className={`field-hint forum-counter${over ? ' field-hint--bad' : ''}`}>
      {value.length}/{max}
      {over && <span className="visually-hidden"> characters, over the limit</span>}
    </p>
  );
}
