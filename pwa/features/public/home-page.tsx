import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasRole } from '../../../domain/contract/roles';
import { isLapsedMember } from '../../../domain/membership';
import { Loading } from '../../components/status';
import { useSession } from '../../lib/session/session';
import { useClubIdentity } from '../../lib/club/club-identity';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { Slideshow } from './slideshow';
import type { ClubDocument } from '../../../domain/contract/club/club-documents';
import type { HomeCardIcon } from '../../../domain/documents/club-pages';
import { MarkdownHtml } from '../../components/markdown-html';
import { LoadError } from '../../components/status';
import { useClubDocument } from '../../lib/documents/page-documents';
import { lazyNamed } from '../../lib/ui/lazy-named';
import './public.css';
import { SectionBoundary } from '../../lib/ui/section-boundary';

// Only for a new account waiting for approval: a visitor's Home never loads it.
const ApprovalWait = lazyNamed(() => import('./approval-wait'), 'ApprovalWait');

/**
 * `memberHome`: the router's lazy members' Home (other features' parts, which this page may not
 * import). A member who accepted the charter sees it instead of the visitor's page; a member whose
 * membership has ended (counted as pending) sees its way to renew above the visitor's page; a new
 * account waiting for approval, what the club asks of it before its first session below where it stands.
 */
export function HomePage({ memberHome }: { memberHome?: ReactNode }) {
  usePageTitle('Home');
  const { user } = useSession();
  const signedIn = !!memberHome && !!user && user.charterAccepted;
  const member = signedIn && hasRole(user.role, 'member');
  const lapsed = signedIn && isLapsedMember({ role: user.role, expiryDate: user.expiry_date });
  const waiting = signedIn && user.role === 'pending' && !lapsed;
  const slot = <SectionBoundary what="your Home" fallback={<Loading text="Loading your Home…" />}>
      {memberHome}
    </SectionBoundary>;
  if (member) return <div className="home home--member">{slot}</div>;
  return (
    <div className="home">
      {lapsed && slot}
      {user?.role === 'pending' && (
        <SectionBoundary what="where your application stands">
          <ApprovalWait />
        </SectionBoundary>
      )}
      {waiting && slot}
      <VisitorHome />
      <section className="page about" aria-labelledby="about-title">
        <div className="about__intro">
          <h2 id="about-title">About the club</h2>
          <HomeAbout />
        </div>
        <HomeCardsAndFigures />
        <div className="cta card">
          <div>
            <h2 className="cta__title">Ready for your first workout?</h2>
            <p>See when we train, then follow the five steps to join.</p>
          </div>
          <div className="cta__actions">
            <Link to="/schedule" className="button">
              See the Schedule
            </Link>
            <Link to="/join-us" className="button button--primary">
              How to Join
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

/** Small line pictograms; drawn inline so the page needs no icon font or extra request. */
function DisciplineIcon({ icon }: { icon: HomeCardIcon }) {
  if (icon === 'none') return null;
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  return (
    <svg className="discipline__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      {icon === 'swim' && (
        <g {...common}>
          <circle cx="32" cy="14" r="4" />
          <path d="M10 24l10-6 6 6 8-4" />
          <path d="M4 32q5-4 10 0t10 0 10 0 10 0" />
          <path d="M4 40q5-4 10 0t10 0 10 0 10 0" />
        </g>
      )}
      {icon === 'bike' && (
        <g {...common}>
          <circle cx="12" cy="32" r="8" />
          <circle cx="36" cy="32" r="8" />
          <path d="M12 32l7-13h13l4 13M19 19l7 13h6M30 13h5l-3 6" />
          <path d="M17 15h6" />
        </g>
      )}
      {icon === 'run' && (
        <g {...common}>
          <circle cx="24" cy="27" r="14" />
          <path d="M24 27V18M20 8h8M24 8v5M35 14l3-3" />
        </g>
      )}
    </svg>
  );
}

// The hero and the about text are the club's `home-page` document (domain/documents/club-pages.ts), edited in
// Admin → Pages; the server renders them with the page, so a visitor's first paint has them.
function VisitorHome() {
  const { data, error, refetch } = useClubDocument('home-page');
  if (data) return <HomeHero document={data} />;
  return (
    <section className="hero hero--waiting" aria-labelledby="hero-title">
      <div className="hero__content">
        <h1 id="hero-title" className="hero__title">
          {error ? 'Welcome' : 'Loading…'}
        </h1>
        {error && <LoadError onRetry={() => void refetch()}>The home page could not be loaded.</LoadError>}
      </div>
    </section>
  );
}

function HomeHero({ document }: { document: ClubDocument<'home-page'> }) {
  const { title, tagline, photos } = document.body;
  const club = useClubIdentity();
  const split = title.trimEnd().lastIndexOf(' ');
  return (
    <section className="hero" aria-labelledby="hero-title">
      <Slideshow slides={photos} label="Club training photos" />
      <div className="hero__content">
        <p className="hero__eyebrow">{club.name}</p>
        <h1 id="hero-title" className="hero__title">
          {split > 0 ? (
            <>
              {title.slice(0, split + 1)}
              <span className="hero__accent">{title.slice(split + 1)}</span>
            </>
          ) : (
            <span className="hero__accent">{title}</span>
          )}
        </h1>
        <p className="hero__lead">{tagline}</p>
        <div className="hero__actions">
          <Link to="/coaches-exec" className="button hero__button hero__button--ghost">
            Meet the Team
          </Link>
          <Link to="/join-us" className="button button--accent hero__button">
            Join Us
          </Link>
        </div>
      </div>
    </section>
  );
}

function HomeAbout() {
  const { data } = useClubDocument('home-page');
  return data ? <MarkdownHtml className="about__text" html={data.html?.about ?? ''} /> : null;
}

// The cards and the figures beside them are the `home-page` document's too; a figure comes with its
// placeholders filled in by the server (`filled`: the terms a year, a session's start), so the page
// the server renders and the one the browser hydrates show the same.
function HomeCardsAndFigures() {
  const { data } = useClubDocument('home-page');
  if (!data) return null;
  // A copy kept from before the cards were page content has none: the page shows none rather than guess.
  const { cards = [], figures = [] } = data.body;
  const filled = (path: string, typed: string) => data.filled?.[path] ?? typed;
  return (
    <>
      {cards.length > 0 && (
        <ul className="disciplines">
          {cards.map((card, index) => (
            <li key={index} className="card discipline">
              <DisciplineIcon icon={card.icon} />
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      )}
      {figures.length > 0 && (
        <dl className="facts">
          {figures.map((figure, index) => (
            <div key={index}>
              <dt>{filled(`figures.${index}.label`, figure.label)}</dt>
              <dd>{filled(`figures.${index}.value`, figure.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
