import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CharterText } from '../../components/charter-text';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { ClubEmailLink } from '../../components/club-email-link';
import { COVERAGE_TEXT, MEMBERSHIP_SESSIONS, PACKAGES, formatFee } from './club-facts';
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

const ATHLETE_TYPES = [
  {
    name: 'Triathlete',
    text: 'Swim, bike and run: every workout on the schedule is open to you. Full triathlon members must swim 300 m front crawl in under 10 min 30 s.',
  },
  {
    name: 'Duathlete',
    text: 'Run, bike, run. Spin classes, rides, bricks, track and tempo runs, for athletes who would rather stay dry.',
  },
  {
    name: 'Runner',
    text: 'Track intervals, the group tempo run and weekend long runs, whether you are training for a 5 km or a marathon.',
  },
];

function useScrollToHash() {
  const { hash } = useLocation();
  // The page loads after the browser tried to jump to the anchor, so jump once it is on screen.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

export function JoinUsPage() {
  usePageTitle('Join Us');
  useScrollToHash();
  return (
    <div className="page join">
      <header className="page-intro">
        <h1>Join Us</h1>
        <p className="lead">
          New to triathlon or chasing a personal best, there is a place for you on the team. Here is everything you
          need to become a member.
        </p>
      </header>

      <nav className="toc" aria-label="On this page">
        <h2 className="toc__title">On this page</h2>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.label}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section id="goal" className="join__section" aria-labelledby="goal-title">
        <h2 id="goal-title">Our goal</h2>
        <p>
          We help every member train safely and consistently for triathlon, duathlon and running, with coached
          workouts, a friendly team to train with and races to travel to together. Whether you want to finish your
          first sprint triathlon or qualify for nationals, we want you to enjoy getting there.
        </p>
      </section>

      <section id="who-can-join" className="join__section" aria-labelledby="who-title">
        <h2 id="who-title">Who can join</h2>
        <ul className="checklist">
          <li>Anyone aged 18 or over, or 17 or over for current students.</li>
          <li>Every member must be able to swim 300 m continuously.</li>
          <li>Full triathlon members must swim 300 m front crawl in under 10 min 30 s.</li>
          <li>No racing experience needed: beginners are welcome at every workout.</li>
        </ul>
      </section>

      <section id="athlete-types" className="join__section" aria-labelledby="types-title">
        <h2 id="types-title">Athlete types</h2>
        <ul className="tile-grid">
          {ATHLETE_TYPES.map((t) => (
            <li key={t.name} className="card">
              <h3>{t.name}</h3>
              <p>{t.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="how-to-join" className="join__section" aria-labelledby="steps-title">
        <h2 id="steps-title">How to join in five steps</h2>
        <ol className="steps">
          <li>
            <h3>Check the requirements and read the charter</h3>
            <p>
              Make sure you meet the requirements above and read the <a href="#charter">team charter</a>: you will be
              asked to agree to it when you first sign in.
            </p>
          </li>
          <li>
            <h3>Pay your membership at the athletic centre</h3>
            <p>
              Choose a <a href="#fees">package</a> and pay for it at the athletic centre. Keep the receipt: it is
              your proof of membership.
            </p>
          </li>
          <li>
            <h3>Create an account on this site</h3>
            <p>
              <Link to="/login?mode=signup">Create an account</Link> with your name, email and phone number. It stays
              pending until your payment is confirmed.
            </p>
          </li>
          <li>
            <h3>Email us your receipt</h3>
            <p>
              Send your membership receipt to <ClubEmailLink /> from the email
              address you signed up with.
            </p>
          </li>
          <li>
            <h3>Open the app and sign up for a workout</h3>
            <p>
              When an administrator activates your account you get an email. The next time you open the app the forum
              is there: sign up for your first workout.
            </p>
          </li>
        </ol>
      </section>

      <section id="fees" className="join__section" aria-labelledby="fees-title">
        <h2 id="fees-title">Package fees</h2>
        <div className="table-wrap">
          <table className="fees">
            <caption className="visually-hidden">Membership package fees, plus HST</caption>
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col" className="fees__for">
                  For
                </th>
                <th scope="col">Covers</th>
                <th scope="col" className="fees__fee">
                  Fee
                </th>
              </tr>
            </thead>
            <tbody>
              {PACKAGES.map((p) => (
                <tr key={p.name}>
                  <th scope="row">{p.name}</th>
                  <td className="fees__for">{p.athlete}s</td>
                  <td>{COVERAGE_TEXT[p.coverage]}</td>
                  <td className="fees__fee">{formatFee(p.fee)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="hint">
          All fees are plus HST. ‘Full’ packages cover the whole year (Fall, Winter, Spring and Summer); ‘Half’
          packages are for the Fall or Winter session only.
        </p>
      </section>

      <section id="sessions" className="join__section" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Membership sessions</h2>
        <ul className="sessions">
          {MEMBERSHIP_SESSIONS.map((s) => (
            <li key={s.name} className="card">
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
          <CharterText headingLevel={3} />
        </div>
      </section>
    </div>
  );
}
