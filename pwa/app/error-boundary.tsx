import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Shows a readable screen instead of a blank one when a page throws or its code cannot load. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <div className="page page--narrow">
        <h1>Something went wrong</h1>
        <p role="alert">
          {offline
            ? 'This page has not been saved for offline use yet. Reconnect and try again.'
            : 'The page could not be shown.'}
        </p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
