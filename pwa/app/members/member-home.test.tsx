import 'fake-indexeddb/auto';
import { pageDocumentRoutes } from '../../test-page-documents';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, clubToday } from '../../../domain/clock';
import type { MyWeekAnswer } from '../../../domain/contract/me';
import type { Race } from '../../../domain/contract/training/races';
import { event } from '../../features/forum/test-handlers';
import { HomePage } from '../../features/public/home-page';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, type Routes } from '../../test-server';
import type { MySafetyAnswer } from '../../../domain/contract/members/safety';
import type { MyRenewalAnswer } from '../../../domain/contract/members/season';
import { testUser } from '../../test-support';
import { MemberHome } from './member-home';
import { queryClient } from '../../lib/data/query-client';

const today = clubToday(Date.now(), 'America/Toronto');
const inDays = (n: number) => addDays(today, n);

const week: MyWeekAnswer = {
  items: [{ kind: 'event', id: 60, title: 'Pub quiz', date: inDays(2), time: '19:30', start: 1, location: 'The Crown', rsvp: null }],
  standing: {
    term: { key: 'term', label: 'Winter 2099' },
    absencesThisTerm: 0,
    suspendedUntil: null,
    expiryDate: '2099-12-31',
    expiresInDays: 300,
    renewSoon: false,
  },
};

const race = (id: number, name: string, date: string, isSignedUp = false): Race => ({
  id,
  name,
  date,
  location: 'Lakeside',
  description: '',
  signups: [],
  signupCount: 0,
  isSignedUp,
  distances: [],
  legs: [],
  entries: [],
  entry: null,
  lifts: [],
  liftSeekers: [],
  lookingForLift: false,
  results: [],
});

/** Home as the router puts it together: the members' part comes as a prop. */
function openHome(user: Parameters<typeof testUser>[0] | null, fields = {}, more: Routes = {}) {
  const who = user && testUser(user, { id: 3, name: 'Morgan Member', ...fields });
  answerRoutes(
    {
      ...pageDocumentRoutes(),
      ...more,
      'GET /me/week': week,
      'GET /announcements': {
        announcements: [{ id: 1, title: 'Kit order closes Friday', body: 'Sizes on the sheet.', until: inDays(5), user_id: 2, author_name: 'Erin Exec', created_at: 0, dismissed: false }],
      },
      'GET /me/renewal': { eligible: false, expiryDate: '2099-12-31', sessions: [], renewal: null },
      ...more,
      'GET /forum/posts?type=event': {
        posts: [
          event({ id: 60, title: 'Pub quiz', event_date: inDays(2) }),
          event({ id: 61, title: 'Season banquet', event_date: inDays(20), event_time: '18:00', event_location: 'Great Hall' }),
          event({ id: 62, title: 'Rained-out picnic', event_date: inDays(21), cancelled_at: 1, cancel_reason: 'Rain' }),
          event({ id: 63, title: 'Gear swap', event_date: inDays(12) }),
          event({ id: 64, title: 'Last spring social', event_date: inDays(-3) }),
        ],
      },
      'GET /races': {
        races: [
          race(1, 'Spring Sprint', inDays(30), true),
          race(2, 'Lakeside Olympic', inDays(45)),
          race(3, 'Autumn Duathlon', inDays(15)),
          race(4, 'Last year’s relay', inDays(-40)),
        ],
      },
    },
    { user: who },
  );
  renderAt('/', '/', <HomePage memberHome={<MemberHome />} />, who ? { user: who } : { user: null, visitor: true });
}

beforeEach(async () => {
  await resetDevice();
  // Home reads through the app's one client, for the same user in each test: no answer carries over.
  queryClient.clear();
});

describe('Home', () => {
  it('for a member: their week, the pinned announcements and what is next for the club; not the visitor’s page', async () => {
    openHome('member');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Morgan' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Kit order closes Friday' })).toBeInTheDocument();
    const myWeek = screen.getByRole('region', { name: 'My week' });
    expect(await within(myWeek).findByRole('link', { name: 'Pub quiz' })).toBeInTheDocument();

    const next = screen.getByRole('region', { name: 'Next at the club' });
    // Events after the days My week lists, soonest first; none cancelled, none gone.
    const events = within(next).getByRole('region', { name: 'Later events' });
    expect(await within(events).findByRole('link', { name: 'Gear swap' })).toHaveAttribute('href', '/event/63');
    expect(within(events).getAllByRole('listitem').map((li) => li.querySelector('a')!.textContent)).toEqual(['Gear swap', 'Season banquet']);
    expect(within(events).getByText('Great Hall')).toBeInTheDocument();
    expect(within(events).getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/forum?tab=events');
    // Races the club goes to that the member has not signed up for (those are in My week).
    const races = within(next).getByRole('region', { name: 'Next races' });
    expect(await within(races).findByRole('link', { name: 'Autumn Duathlon' })).toHaveAttribute('href', '/race/3');
    expect(within(races).getAllByRole('listitem').map((li) => li.querySelector('a')!.textContent)).toEqual(['Autumn Duathlon', 'Lakeside Olympic']);

    // The visitor's page is not repeated to someone who has paid.
    expect(screen.queryByRole('link', { name: 'Join Us' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'How to Join' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Swim\. Bike\. Run\./ })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toContain('Home');
  });

  it('for a visitor: the club’s page, and nothing of a member’s', async () => {
    openHome(null);
    await screen.findByRole('link', { name: 'Join Us' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Swim. Bike. Run. Together.');
    expect(screen.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/join-us');
    expect(screen.queryByRole('region', { name: 'My week' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Next at the club' })).toBeNull();
  });

  it('for an account waiting for approval: where it stands, above the club’s page', async () => {
    openHome('pending', { expiry_date: null });
    await screen.findByRole('link', { name: 'Join Us' });
    // Loaded for a waiting account only, so a visitor's Home carries none of it.
    expect(await screen.findByRole('region', { name: 'Your account is waiting for approval' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Swim. Bike. Run. Together.');
    expect(screen.queryByRole('region', { name: 'My week' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Next at the club' })).toBeNull();
  });

  it('for an account waiting for approval: the call for the safety card and this term’s waiver, below where it stands', async () => {
    openHome('pending', { expiry_date: null }, { 'GET /safety/me': mySafety({ card: null, ask: 'missing' }) });
    const ask = await screen.findByRole('region', { name: 'Your safety card and waiver' });
    expect(within(ask).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fill in your safety card: who to call in an emergency, and anything the execs should know.',
      'Sign this term’s waiver.',
    ]);
    expect(within(ask).getByRole('link', { name: 'Open your safety card' })).toHaveAttribute('href', '/profile#safety-heading');
    const wait = screen.getByRole('region', { name: 'Your account is waiting for approval' });
    expect(wait.compareDocumentPosition(ask) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('for a member renewing: beside the renewal, only what is missing for the term', async () => {
    openHome('member', {}, { 'GET /me/renewal': renewing, 'GET /safety/me': mySafety({ ask: 'new-term' }) });
    expect(await screen.findByRole('region', { name: 'Renew your membership' })).toBeInTheDocument();
    const ask = await screen.findByRole('region', { name: 'Your safety card and waiver' });
    expect(within(ask).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Check your safety card for this term and save it again.',
      'Sign this term’s waiver.',
    ]);
  });

  it('for a member renewing who has answered for the term: the renewal alone', async () => {
    const signed = { version: '1', signed: true, signed_at: 1, full_name: 'Morgan Member' };
    openHome('member', {}, { 'GET /me/renewal': renewing, 'GET /safety/me': mySafety({ waiver: signed }) });
    expect(await screen.findByRole('region', { name: 'Renew your membership' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'My week' });
    expect(screen.queryByRole('region', { name: 'Your safety card and waiver' })).toBeNull();
  });
});

/** GET /me/renewal of a member whose membership ends in 10 days. */
const renewing: MyRenewalAnswer = {
  eligible: true,
  expiryDate: inDays(10),
  sessions: [{ id: 'fall-2099', name: 'Fall 2099', starts: '2099-09-01', ends: '2099-12-31' }],
  renewal: null,
};

/** GET /safety/me: a card on file, asked for nothing, this term's waiver not signed; `over` changes a part. */
function mySafety(over: Partial<MySafetyAnswer> = {}): MySafetyAnswer {
  return {
    card: { user_id: 3, name: 'Morgan Member', contacts: [{ name: 'Sam Parent', relation: 'Parent', phone: '+14165550177' }], flags: [], notes: '', updated_at: 1, waiver_signed: false },
    consented: true,
    ask: null,
    flags: ['Asthma'],
    consent_text: 'I agree.',
    waiver: { version: '1', signed: false, signed_at: null, full_name: null },
    openings: [],
    ...over,
  };
}
