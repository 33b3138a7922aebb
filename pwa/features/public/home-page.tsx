import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasRole } from '../../../domain/contract/roles';
import { isLapsedMember } from '../../../domain/membership';
import { Loading } from '../../components/status';
import { ApprovalWait } from '../../components/approval-wait';
import { useSession } from '../../lib/session/session';
import { useClubIdentity } from '../../lib/club/club-identity';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { HOME_SLIDES } from '../../../domain/contract/home-slides';
import { Slideshow } from './slideshow';
import './public.css';

const DISCIPLINES = [
  {
    name: 'Swim',
    text: 'Coached 2-hour pool practices with lanes for every pace, from first lengths of front crawl to race-ready sets, and open-water swims in summer.',
  },
  {
    name: 'Bike',
    text: 'Reserved spin classes through the fall and winter, then group road rides and bricks once the snow melts.',
  },
  {
    name: 'Run',
    text: 'Track intervals, a weekly group tempo run at 6:15 pm and relaxed weekend long runs with people your speed.',
  },
];

/**
 * `memberHome`: the router's lazy members' Home (other features' parts, which this page may not
 * import). A member who accepted the charter sees it instead of the visitor's page; a member whose
 * membership has ended (counted as pending) sees its way to renew above the visitor's page.
 */
export function HomePage({ memberHome }: { memberHome?: ReactNode }) {
  usePageTitle('Home');
  const { user } = useSession();
  const club = useClubIdentity();
  const signedIn = !!memberHome && !!user && user.charterAccepted;
  const member = signedIn && hasRole(user.role, 'member');
  const lapsed = signedIn && isLapsedMember({ role: user.role, expiryDate: user.expiry_date });
  const slot = <Suspense fallback={<Loading text="Loading your Home…" />}>{memberHome}</Suspense>;
  if (member) return <div className="home home--member">{slot}</div>;
  return (
    <div className="home">
      {lapsed && slot}
      <ApprovalWait />
      <section className="hero" aria-labelledby="hero-title">
        <Slideshow slides={HOME_SLIDES} label="Club training photos" />
        <div className="hero__content">
          <p className="hero__eyebrow">{club.name}</p>
          <h1 id="hero-title" className="hero__title">
            Swim. Bike. Run. <span className="hero__accent">Together.</span>
          </h1>
          <p className="hero__lead">
            Coached workouts all year round for first-timers and Ironman finishers alike. Train with friends, race
            with the team.
          </p>
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

      <section className="page about" aria-labelledby="about-title">
        <div className="about__intro">
          <h2 id="about-title">About the club</h2>
          <p className="lead">
            We are the university’s triathlon club: students, staff and alumni who train together for triathlons,
            duathlons and running races, or simply to stay fit with good company.
          </p>
          <p>
            Our coaches and executive team run workouts through the fall, winter, spring and summer sessions.
            Members sign up for workouts and events on the team forum, and we travel to races together. You do not
            need to be fast: you need to be able to swim 300 m without stopping, and to want to get better.
          </p>
        </div>
        <ul className="disciplines">
          {DISCIPLINES.map((d) => (
            <li key={d.name} className="card discipline">
              <DisciplineIcon name={d.name} />
              <h3>{d.name}</h3>
              <p>{d.text}</p>
            </li>
          ))}
        </ul>
        <dl className="facts">
          <div>
            <dt>Coached swim practice</dt>
            <dd>2 h</dd>
          </div>
          <div>
            <dt>Group tempo run</dt>
            <dd>6:15 pm</dd>
          </div>
          <div>
            <dt>Membership sessions a year</dt>
            <dd>4</dd>
          </div>
        </dl>
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
function DisciplineIcon({ name }: { name: string }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  return (
    <svg className="discipline__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      {name === 'Swim' && (
        <g {...common}>
          <circle cx="32" cy="14" r="4" />
          <path d="M10 24l10-6 6 6 8-4" />
          <path d="M4 32q5-4 10 0t10 0 10 0 10 0" />
          <path d="M4 40q5-4 10 0t10 0 10 0 10 0" />
        </g>
      )}
      {name === 'Bike' && (
        <g {...common}>
          <circle cx="12" cy="32" r="8" />
          <circle cx="36" cy="32" r="8" />
          <path d="M12 32l7-13h13l4 13M19 19l7 13h6M30 13h5l-3 6" />
          <path d="M17 15h6" />
        </g>
      )}
      {name === 'Run' && (
        <g {...common}>
          <circle cx="24" cy="27" r="14" />
          <path d="M24 27V18M20 8h8M24 8v5M35 14l3-3" />
        </g>
      )}
    </svg>
  );
}
