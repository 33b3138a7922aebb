import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { CharterView } from '../../parts/charter-text';
import { useClubDocument } from '../../lib/documents/page-documents';
import { Modal } from '../../components/modal';
import { ErrorMessage, LoadError, Loading } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useSession } from '../../lib/session/session';
import { useAcceptCharterMutation } from './api/charter-mutations';

/** Pixels from the bottom that count as "read to the end": the button waits until the charter was scrolled through. */
export const SCROLL_THRESHOLD = 8;

export function isScrolledToEnd(el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD;
}

/**
 * Mounted for the whole app: every signed-in user who has not accepted the charter sees it, full
 * screen, and can only leave it by agreeing (no signed-in screen before the charter).
 */
export function CharterModal() {
  const { user, updateUser } = useSession();
  if (!user || user.charterAccepted) return null;
  return <CharterDialog onAccepted={updateUser} />;
}

function CharterDialog({ onAccepted }: { onAccepted: (user: SessionUser) => void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(false);
  const [saving, setSaving] = useState(false);
  const accept = useAcceptCharterMutation();
  const [error, setError] = useState('');

  const charter = useClubDocument('charter');
  const loaded = charter.data !== undefined;
  // Only the charter itself read to its end counts: not the short "Loading" line before it.
  const check = useCallback(() => {
    if (loaded && scrollRef.current && isScrolledToEnd(scrollRef.current)) setAtEnd(true);
  }, [loaded]);
  useEffect(check, [check]);

  async function agree() {
    setSaving(true);
    setError('');
    try {
      const { user } = await accept.mutateAsync();
      onAccepted(user);
    } catch (err) {
      setError(errorMessage(err, 'Could not save your agreement. Please try again.'));
      setSaving(false);
    }
  }

  return (
    <Modal
      title="Club Charter"
      fullScreen
      footer={
        <div className="charter-footer">
          {error && <ErrorMessage>{error}</ErrorMessage>}
          {!atEnd && (
            <p className="hint" id="charter-hint">
              Scroll to the bottom to enable
            </p>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={!atEnd || saving}
            aria-describedby={atEnd ? undefined : 'charter-hint'}
            onClick={agree}
          >
            {saving ? 'Saving…' : 'I Agree'}
          </button>
        </div>
      }
    >
      <p className="lead">Please read the club charter. Everyone signed in accepts it before continuing.</p>
      <div
        ref={scrollRef}
        className="charter-scroll"
        data-testid="charter-scroll"
        tabIndex={0}
        role="region"
        aria-label="Charter text"
        onScroll={check}
      >
        {charter.data ? (
          <CharterView document={charter.data} />
        ) : charter.error ? (
          <LoadError onRetry={() => void charter.refetch()}>The charter could not be loaded.</LoadError>
        ) : (
          <Loading text="Loading the charter…" />
        )}
      </div>
    </Modal>
  );
}
