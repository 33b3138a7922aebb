import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { ClubEmailLink } from '../../components/club-email-link';
import { MEMBERSHIP_SESSIONS, PACKAGES, formatFee } from './club-facts';
import './public.css';
import { useRuleText } from '../../lib/club/club-rules';

const duathlon = PACKAGES.filter((p) => p.athlete === 'Duathlete');

// The thirteen FAQ topics in the club's order; the answers take the club's rules and facts from domain/
// and club-facts.ts, so the FAQ never disagrees with Join Us or the charter.
/** The answer that states the attendance rules, in the club's numbers. */
function OptionalWorkouts() {
  const rules = useRuleText();
  return (
    <p>
      No, every workout is optional: come to the ones that suit your goals and timetable. But once you sign up,
      please come. Cancelling {rules.lateWindow} before a workout counts as an absence, and {rules.suspensionShort}.
    </p>
  );
}

export const FAQ: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'how-to-join',
    question: 'How do I join the club?',
    answer: (
      <p>
        Pay for a membership package at the athletic centre, <Link to="/login?mode=signup">create an account</Link> on
        this site, and email your receipt to <ClubEmailLink />. Once an administrator
        activates your account you get an email. The <Link to="/join-us#how-to-join">five steps</Link> are on the Join
        Us page.
      </p>
    ),
  },
  {
    id: 'experience',
    question: 'Do I need triathlon experience?',
    answer: (
      <p>
        No. Many members start with us having never raced. You do need to be able to swim 300 m continuously; full
        triathlon members must swim 300 m front crawl in under 10 min 30 s.
      </p>
    ),
  },
  {
    id: 'age',
    question: 'Is there an age requirement?',
    answer: <p>Yes: members must be 18 or over, or 17 or over for current students.</p>,
  },
  {
    id: 'first-workout',
    question: 'What should I expect at my first workout?',
    answer: (
      <p>
        Sign up for the workout on the forum, arrive ten minutes early and introduce yourself to the coach or exec
        leading it. Workouts are grouped by pace, so nobody trains alone or gets left behind. Check the{' '}
        <Link to="/schedule">schedule</Link> for where to go.
      </p>
    ),
  },
  {
    id: 'optional-workouts',
    question: 'Do I have to attend every workout?',
    answer: <OptionalWorkouts />,
  },
  {
    id: 'membership',
    question: 'What does membership cost?',
    answer: (
      <>
        <p>
          It depends on your package, from {formatFee(Math.min(...PACKAGES.map((p) => p.fee)))} for a Half Run to{' '}
          {formatFee(Math.max(...PACKAGES.map((p) => p.fee)))} for a Full Tri. ‘Half’ packages cover the Fall or Winter
          session only.
        </p>
        <p>
          See the <Link to="/join-us#fees">package fees</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'spin-reservation',
    question: 'How do spin reservations work?',
    answer: (
      <p>
        Reserve a bike by signing up for the spin class on the forum. A reserved bike goes to someone else after 10
        minutes of lateness, and more than 2 no-shows in a semester means a one-week suspension.
      </p>
    ),
  },
  {
    id: 'swim-length',
    question: 'How long are swim practices?',
    answer: (
      <p>
        Swim practices last 2 hours. Arriving more than 10 minutes late counts as late, so give yourself time to
        change.
      </p>
    ),
  },
  {
    id: 'equipment',
    question: 'What equipment do I need?',
    answer: (
      <p>
        To start: a swimsuit, goggles and a swim cap, running shoes, and workout clothes. Spin bikes are provided
        indoors. For outdoor rides and bricks you need a road-worthy bike and a helmet, which is mandatory. A wetsuit
        helps for summer open-water swims but is not required to join.
      </p>
    ),
  },
  {
    id: 'racing',
    question: 'Do I have to race?',
    answer: (
      <p>
        No. Racing is encouraged but never required. Members can see upcoming races and sign up to go together on the{' '}
        <Link to="/races">races</Link> page.
      </p>
    ),
  },
  {
    id: 'sessions',
    question: 'When are the membership sessions?',
    answer: (
      <p>
        {MEMBERSHIP_SESSIONS.map((s) => `${s.name} (${s.months})`).join(', ')}. Fees are not pro-rated, so joining
        part-way through a session costs the same as joining at its start.
      </p>
    ),
  },
  {
    id: 'weekly-attendance',
    question: 'How many workouts a week should I attend?',
    answer: (
      <p>
        There is no minimum: most members come to two to four workouts a week, and more before a race. Execs take
        attendance at each workout, so sign up only for the ones you will attend.
      </p>
    ),
  },
  {
    id: 'duathlon-package',
    question: 'What is the duathlon package?',
    answer: (
      <p>
        The duathlon package is for athletes who bike and run but do not want to swim with the club: spins, rides,
        bricks, track and tempo runs. It costs {duathlon.map((p) => `${formatFee(p.fee)} (${p.name})`).join(' or ')}.
      </p>
    ),
  },
];

export function FaqPage() {
  usePageTitle('FAQ');
  return (
    <div className="page faq">
      <header className="page-intro">
        <h1>Frequently Asked Questions</h1>
        <p className="lead">
          Still wondering about something? Email us at <ClubEmailLink />.
        </p>
      </header>
      <div className="faq__list">
        {FAQ.map((item) => (
          <details key={item.id} id={item.id} className="faq__item">
            <summary className="faq__question">{item.question}</summary>
            <div className="faq__answer">{item.answer}</div>
          </details>
        ))}
      </div>
    </div>
  );
}
