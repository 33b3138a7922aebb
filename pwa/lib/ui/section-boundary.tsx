import { Component, Suspense, type ReactNode } from 'react';
import { forgetFailedLoads } from './lazy-named';
import { LoadError } from '../../components/status';

interface Props {
  /** What the part is, as a member would name it: "the safety list". */
  what: string;
  /** The whole screen (the frame's page slot): its failure takes the page's place, under a heading. */
  page?: boolean;
  /** What shows while the code is on its way: nothing, unless the part is the page's main content. */
  fallback?: ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * A part of the app that loads its own code: a screen, or one part of a screen (a roster's safety
 * list, who owes, the duties, the polls, a form opened on demand). If that code cannot load (no
 * signal on an install whose service worker does not hold it yet) or the part throws, the part says
 * so in its own place and the rest of the page stays as it was: one part missing never takes the
 * workout's roster with it. It tries again on "Try again" and by itself when the signal is back.
 */
export class SectionBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  private retry = () => {
    if (!this.state.failed) return;
    forgetFailedLoads();
    this.setState({ failed: false });
  };

  override render() {
    const { what, page, fallback, children } = this.props;
    if (!this.state.failed) return <Suspense fallback={fallback ?? null}>{children}</Suspense>;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    const name = what.charAt(0).toUpperCase() + what.slice(1);
    const said = offline
      ? `${name} is not saved on this device yet: it shows once the signal is back.`
      : `${name} could not be shown.`;
    if (page)
      return (
        <div className="page page--narrow">
          <h1>Something went wrong</h1>
          <LoadError onRetry={this.retry}>{said}</LoadError>
        </div>
      );
    return (
      <section aria-label={name}>
        <LoadError onRetry={this.retry}>{said}</LoadError>
      </section>
    );
  }
}
