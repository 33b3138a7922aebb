import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PRIVACY_FACTS, FORMER_MEMBER, type PrivacyFacts } from '../../../domain/contract/members/privacy';
import { ClubEmailLink } from '../../components/club-email-link';
import { Notice } from '../../components/status';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { usePrivacyFacts } from './api/privacy-queries';
import './public.css';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "every 24 hours, the newest 7 kept: gone from every backup within 7 days". */
export function backupSentence({ backups }: PrivacyFacts): string {
  if (backups.everyHours === null) return 'This server makes no scheduled backups.';
  const span = backups.everyHours * backups.kept;
  const within = span >= 24 ? plural(Math.ceil(span / 24), 'day') : plural(Math.ceil(span), 'hour');
  return (
    `The server copies the database every ${plural(backups.everyHours, 'hour')} and keeps the newest ` +
    `${plural(backups.kept, 'copy', 'copies')}, so what you delete is gone from every backup within ${within}.`
  );
}

/** /privacy: what the club stores, why, who sees it, how long it is kept, and how to take it or leave. */
export function PrivacyPage() {
  usePageTitle('Privacy');
  const [params] = useSearchParams();
  // The numbers are the server's own settings; the defaults stand in until it has answered.
  const facts = usePrivacyFacts().data ?? DEFAULT_PRIVACY_FACTS;
  return (
    <div className="page page--narrow privacy">
      <header className="page-intro">
        <h1>Privacy</h1>
        <p className="lead">
          The club keeps only what it needs to run workouts, events and memberships. This page says what that is, why,
          who sees it, how long it is kept, and how to take a copy or leave.
        </p>
      </header>
      {params.get('deleted') === '1' && (
        <Notice tone="success">
          Your account was deleted and you are signed out everywhere. This device no longer keeps anything of it.
        </Notice>
      )}

      <section aria-labelledby="privacy-what">
        <h2 id="privacy-what">What we store, and why</h2>
        <dl className="privacy__list">
          <dt>Your account</dt>
          <dd>
            Name, email and phone number, to sign you in and to reach you about your membership. Your password is kept
            only as a one-way scrambled hash that nobody can read back.
          </dd>
          <dt>Your profile</dt>
          <dd>A picture and a short bio if you add them, so teammates recognise you.</dd>
          <dt>Your membership</dt>
          <dd>
            Your role, join and expiry dates, when you accepted the club charter, and past role changes, to know who may
            sign up for workouts.
          </dd>
          <dt>Workouts</dt>
          <dd>
            Your sign-ups and waitlist places, whether you came (attendance), and absences counted for late cancels and
            no-shows, to share places fairly and apply the club&apos;s attendance rules.
          </dd>
          <dt>Events and races</dt>
          <dd>Your RSVPs and race sign-ups.</dd>
          <dt>Polls</dt>
          <dd>
            Which polls you answered, and what you chose in a named poll. In an anonymous poll the club keeps only that
            you answered: your choice is added to the count of its option and never stored with your name.
          </dd>
          <dt>Your safety card and the waiver</dt>
          <dd>
            If you give them: one or two emergency contacts (name, relation, phone), health flags from the club&apos;s
            list and health notes, with your consent to share them; your signature of each term&apos;s waiver (the name
            you typed, the version and the time); and a record of every time someone opened your card (who, when, and
            whether online, with no signal, or in a race&apos;s emergency list), which you see on your profile.
          </dd>
          <dt>Notifications</dt>
          <dd>
            Whether you want reminders; for each device you turned notifications on, its name (&ldquo;Chrome on
            Android&rdquo;), your choices and the address its browser gave for sending to it; the emails and
            notifications sent to you.
          </dd>
          <dt>Calendar and passkeys</dt>
          <dd>
            The secret address of your personal calendar feed if you asked for one; the names and public keys of your
            passkeys (your fingerprint or face never leaves your device).
          </dd>
          <dt>Offline changes</dt>
          <dd>
            The server&apos;s answer to each change your device sent, for {plural(facts.offlineChangesDays, 'day')}, so a
            change sent twice on a bad connection counts once.
          </dd>
        </dl>
      </section>

      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">Who sees it</h2>
        <ul>
          <li>
            <strong>Members</strong> see your name and picture on the rosters and waitlists of workouts, on event RSVPs,
            and next to the posts you write.
          </li>
          <li>
            <strong>Execs</strong> also see attendance: who came to each workout, and each member&apos;s attendance and
            absences in the club&apos;s reports.
          </li>
          <li>
            <strong>Administrators</strong> also see contact details (email and phone), membership dates and the emails
            the club sends.
          </li>
          {facts.hostedBy && (
            <li>
              <strong>{facts.hostedBy}</strong> runs the server this club&apos;s app lives on, for the club and many
              others: it keeps the server, its backups and its upgrades, and reads the club&apos;s data only to do that.
              Each club&apos;s data is kept apart from every other club&apos;s.
            </li>
          )}
          <li>
            <strong>Your safety card</strong> goes only to the execs and administrators running your sessions, and only
            while they hold that role: never to other members, in calendar feeds, link previews, notifications or emails.
            An exec&apos;s phone keeps the cards of the next 7 days&apos; sessions so they open with no signal, and drops
            them at sign-out, when the role ends, or after 7 days without a refresh. An administrator may download a
            race&apos;s emergency list; each card in it counts as an opening.
          </li>
          <li>
            {facts.hostedBy ? 'Nobody else' : 'Nobody'} outside the club. Emails go out through the club&apos;s email provider; notifications through your
            browser&apos;s own push service, encrypted so only your device can read them.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-how-long">
        <h2 id="privacy-how-long">How long it is kept</h2>
        <ul>
          <li>Your account and everything in it: until you delete it, or an administrator does.</li>
          <li>Backups: {backupSentence(facts)}</li>
          <li>
            The server&apos;s request log holds, for each request: {facts.requestLogFields.join(', ')}. It never holds
            your name, email, password or what you type. Once your account is deleted, its number matches nobody.
          </li>
          <li>
            Your safety card: until you remove it or delete your account, and at most{' '}
            {plural(facts.safetyCardDays, 'day')} after your membership ends; the record of who opened it goes with it
            (only a count stays, with nobody&apos;s name).
          </li>
          <li>A password reset link works for one hour, once.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-choices">
        <h2 id="privacy-choices">Your data, your choice</h2>
        <ul>
          <li>
            <strong>See it:</strong> <Link to="/profile">My Profile</Link> → Privacy → <em>Download my data</em> gives a
            ZIP file with everything stored about you and your picture ({plural(facts.exportsPerDay, 'download')} a
            day).
          </li>
          <li>
            <strong>Correct it:</strong> <em>Edit Profile</em> on your profile; ask an administrator for your
            membership dates.
          </li>
          <li>
            <strong>Leave:</strong> <Link to="/profile">My Profile</Link> → Privacy → <em>Delete my account</em>, with
            your password. Your sign-ups for workouts to come are cancelled (no absence counted) and the next person on
            the waitlist gets your place; your RSVPs, race sign-ups, devices, calendar link, passkeys and picture are
            removed, as are your poll answers (a poll&apos;s counts stay) and your safety card with the record of who opened it, and emails not yet sent to you are dropped. Workouts you already took part in stay in the
            club&apos;s attendance reports as &ldquo;{FORMER_MEMBER}&rdquo;, without your name or email, as do posts
            you wrote. You can sign up again later with the same email.
          </li>
          <li>
            Questions, or a request on someone&apos;s behalf: <ClubEmailLink />.
          </li>
        </ul>
      </section>
    </div>
  );
}
