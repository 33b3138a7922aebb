import type { ReactNode } from 'react';

/** A polite loading line that screen readers announce. */
export function Loading({ text = 'Loading…' }: { text?: string }) {
  return (
    <p className="status status--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/** An error screen readers announce at once. */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert--error" role="alert">
      {children}
    </div>
  );
}

export function Notice({
  children,
  tone = 'info',
}: {
  children: ReactNode;
  tone?: 'info' | 'success' | 'warning';
}) {
  return (
    <div className={`alert alert--${tone}`} role="status">
      {children}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}

/** A read that failed: what went wrong and a way to try again, announced at once. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <ErrorMessage>
      {children}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </ErrorMessage>
  );
}
