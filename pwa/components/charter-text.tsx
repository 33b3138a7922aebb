import { useRuleText } from '../lib/club/club-rules';
import { useClubIdentity } from '../lib/club/club-identity';
// The club charter every member accepts (its rules are the club's: docs/rules.md). Shown in the charter modal and on
// Join Us, so it lives in the shared components.

export const CHARTER_SECTIONS = [
  'Introduction',
  'Requirements',
  'General Conduct',
  'Swim Specific Conduct',
  'Bike Specific Conduct',
  'Run Specific Conduct',
  'Accommodations',
  'Safety and Responsibility',
  'Inclusivity and Respect',
  'Accountability and Discipline',
  'Agreement',
] as const;

export function CharterText({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const rules = useRuleText();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const club = useClubIdentity();
  return (
    <div className="charter-text">
      <section>
        <H>Introduction</H>
        <p>
          The {club.name} brings together students, staff and alumni who love to swim, bike and run.
          This charter sets out what members can expect from the club and what the club expects from its members, so
          that every session is safe, fair and fun.
        </p>
      </section>
      <section>
        <H>Requirements</H>
        <ul>
          <li>Every member must be able to swim 300 m continuously.</li>
          <li>Full triathlon members must swim 300 m front crawl in under 10 minutes 30 seconds.</li>
          <li>Members must be 18 or over (17 for current students).</li>
          <li>Membership is paid through the athletic centre for each session and is not pro-rated.</li>
        </ul>
      </section>
      <section>
        <H>General Conduct</H>
        <ul>
          <li>Sign up for workouts through the forum, and only for workouts you intend to attend.</li>
          <li>
            {rules.lateCancel} {rules.suspension}
          </li>
          <li>Arrive on time, follow the coach or exec leading the session, and leave facilities as you found them.</li>
        </ul>
      </section>
      <section>
        <H>Swim Specific Conduct</H>
        <ul>
          <li>Swim practice lasts 2 hours. Arriving more than 10 minutes late counts as late.</li>
          <li>Choose the lane that matches your pace and follow lane etiquette: circle swim, pass at the wall.</li>
        </ul>
      </section>
      <section>
        <H>Bike Specific Conduct</H>
        <ul>
          <li>Spin bikes are reserved: more than 2 no-shows in a semester means a one-week suspension.</li>
          <li>A reserved bike is given to someone else after 10 minutes of lateness.</li>
          <li>On outdoor rides a helmet is mandatory and the rules of the road apply to everyone.</li>
        </ul>
      </section>
      <section>
        <H>Run Specific Conduct</H>
        <ul>
          <li>The group tempo run starts at 6:15 pm: warm up before it.</li>
          <li>Give way to other track users and run on the outer lanes when recovering.</li>
        </ul>
      </section>
      <section>
        <H>Accommodations</H>
        <p>
          If an injury, a disability or another circumstance affects how you take part, talk to a coach or an exec:
          we will work with you to adapt workouts and requirements where we safely can.
        </p>
      </section>
      <section>
        <H>Safety and Responsibility</H>
        <p>
          You take part at your own risk and are responsible for training within your limits, keeping your equipment
          in good repair and telling the session leader about any health concern before the workout starts.
        </p>
      </section>
      <section>
        <H>Inclusivity and Respect</H>
        <p>
          The club welcomes athletes of every background, identity and ability. Harassment, discrimination and
          disrespect towards members, coaches, staff or the public are not tolerated.
        </p>
      </section>
      <section>
        <H>Accountability and Discipline</H>
        <p>
          Breaking this charter may lead to a warning, a suspension from sign-ups or, for serious or repeated
          breaches, the end of membership, decided by the executive team.
        </p>
      </section>
      <section>
        <H>Agreement</H>
        <p>
          By agreeing, you confirm that you have read this charter, meet its requirements and will follow it for as
          long as you are a member of the club.
        </p>
      </section>
    </div>
  );
}
