import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { MySafetyAnswer } from '../../../domain/contract/members/safety';
import { useMySafetyQuery } from './api/safety-queries';
import './safety.css';

const CARD_ASKS = {
  missing: 'Fill in your safety card: who to call in an emergency, and anything the execs should know.',
  'new-term': 'Check your safety card for this term and save it again.',
  'consent-changed': 'Read the new words of the consent on your safety card and agree again.',
} as const;

/** What the club still asks of the member for this term: their card (why, from `ask`) and the waiver's signature. */
export function safetyAsks(safety: MySafetyAnswer): string[] {
  return [...(safety.ask ? [CARD_ASKS[safety.ask]] : []), ...(safety.waiver.signed ? [] : ['Sign this term’s waiver.'])];
}

/**
 * The call to answer for the term, where a membership starts or is renewed (the account waiting for
 * approval, the renewal card): what is missing, and the way to the profile where it is done. Nothing
 * once all is done, or while the answer is not there.
 */
export function SafetyAsk() {
  const mine = useMySafetyQuery();
  const titleId = useId();
  const asks = mine.data ? safetyAsks(mine.data) : [];
  if (asks.length === 0) return null;
  return (
    <section className="card safety-ask" aria-labelledby={titleId}>
      <h2 id={titleId}>Your safety card and waiver</h2>
      <p>Before your sessions this term, the club asks you to:</p>
      <ul>
        {asks.map((ask) => (
          <li key={ask}>{ask}</li>
        ))}
      </ul>
      <Link className="button button--primary" to="/profile#safety-heading">
        Open your safety card
      </Link>
    </section>
  );
}
