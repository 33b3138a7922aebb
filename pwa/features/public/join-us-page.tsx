import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CharterText } from '../../parts/charter-text';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { JoinSections } from '../../components/page-views';
import { LoadError, Loading } from '../../components/status';
import { useClubDocument } from '../../lib/documents/page-documents';
import { useClubTerms } from '../../lib/club/club-terms';
import { membershipSessions } from './club-facts';
import './public.css';

const SECTIONS = [
  { id: 'goal', label: 'Our goal' },
  { id: 'who-can-join', label: 'Who can join' },
  { id: 'athlete-types', label: 'Athlete types' },
  { id: 'how-to-join', label: 'How to join' },
  { id: 'fees', label: 'Package fees' },
  { id: 'sessions', label: 'Membership sessions' },
  { id: 'charter', label: 'Team charter' },
] as const;

function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  // The page loads after the browser tried to jump to the anchor, so jump once it is on screen.
  useEffect(() => {
    if (!hash || !ready) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, ready]);
}

// The goal, who can join, the athlete types, the steps and the fees are the club's `join-page`
// document (domain/documents/club-pages.ts), edited in Admin → Pages, its Markdown rendered by the server.
export function JoinUsPage() {
  usePageTitle('Join Us');
  const { data, error, refetch } = useClubDocument('join-page');
  const sessions = membershipSessions(useClubTerms());
  useScrollToHash(data !== undefined);
  return (
    <div className="page join">
      <header className="page-intro">
        <h1>Join Us</h1>
        {data && <p className="lead">{data.body.intro}</p>}
      </header>

      <nav className="toc" aria-label="On this page">
        <h2 className="toc__title">On this page</h2>
        <ul>
          {SECTIONS.filter((s) => s.id !== 'athlete-types' || (data?.body.athleteTypes.length ?? 1) > 0).map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.label}</a>
            </li>
          ))}
        </ul>
      </nav>

      {data ? (
        <JoinSections document={data} />
      ) : error ? (
        <LoadError onRetry={() => void refetch()}>The page could not be loaded.</LoadError>
      ) : (
        <Loading text="Loading how to join…" />
      )}

      <section id="sessions" className="join__section" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Membership sessions</h2>
        <ul className="sessions">
          {sessions.map((s) => (
            <li key={`${s.name}-${s.months}`} className="card">
              <strong>{s.name}</strong>
              <span>{s.months}</span>
            </li>
          ))}
        </ul>
        <p>Fees are not pro-rated: joining part-way through a session costs the same as joining at its start.</p>
      </section>

      <section id="charter" className="join__section" aria-labelledby="charter-title">
        <h2 id="charter-title">Team charter</h2>
        <div className="card join__charter">
          <CharterText />
        </div>
      </section>
    </div>
  );
}
