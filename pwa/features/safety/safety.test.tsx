import 'fake-indexeddb/auto';
import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MySafetyAnswer, SafetyCard } from '../../../domain/contract/members/safety';
import { DEFAULT_SAFETY } from '../../../domain/people/safety';
import { forumKeys } from '../../lib/data/keys/post-keys';
import { raceKeys } from '../../lib/data/keys/race-keys';
import { keepSafetyCards } from '../../lib/offline/safety-store';
import { getOutboxState } from '../../lib/offline/outbox-store';
import { resetDevice } from '../../test-device';
import { pageDocumentRoutes } from '../../test-page-documents';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { MySafety } from './my-safety';
import { RosterSafety } from './roster-safety';

const CONFIG = { 'GET /config': { clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', vapidPublicKey: '', passkeys: false } };
const member = testUser('member', { id: 3, name: 'Morgan Member' });
const execUser = testUser('exec', { id: 2, name: 'Erin Exec' });
const card: SafetyCard = {
  user_id: 3,
  name: 'Morgan Member',
  contacts: [{ name: 'Sam Parent', relation: 'Parent', phone: '+14165550177' }],
  flags: ['Asthma'],
  notes: 'Inhaler in the blue bag',
  updated_at: 0,
  waiver_signed: false,
};
const mine = (over: Partial<MySafetyAnswer> = {}): MySafetyAnswer => ({
  card: null,
  consented: false,
  ask: 'missing',
  flags: DEFAULT_SAFETY.flags,
  consent_text: DEFAULT_SAFETY.consentText,
  waiver: { version: '0', signed: false, signed_at: null, full_name: null },
  openings: [],
  ...over,
});

beforeEach(async () => {
  await resetDevice();
});

describe('the member’s own safety card', () => {
  it('is scrolled to when the call to answer for the term links to it', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    answerRoutes({ ...CONFIG, ...pageDocumentRoutes(), 'GET /safety/me': mine() }, { user: member });
    renderAt('/profile#safety-heading', '/profile', <MySafety />, { user: member });
    await screen.findByRole('heading', { name: 'Safety card' });
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('safety-heading'));
    // jsdom has no scrolling of its own: the stand-in goes with this test.
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('asks for a card, reads the phone for the club’s country, and sends it with consent', async () => {
    const api = answerRoutes({ ...CONFIG, ...pageDocumentRoutes(), 'GET /safety/me': mine(), 'PUT /safety/me': mine({ card, ask: null, consented: true }) }, { user: member });
    renderAt('/profile', '/profile', <MySafety />, { user: member });
    expect(await screen.findByText(/asks every member for a safety card/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Safety card' });
    await userEvent.type(within(form).getByLabelText('Contact name'), 'Sam Parent');
    await userEvent.type(within(form).getByLabelText('Relation'), 'Parent');
    await userEvent.type(within(form).getByLabelText('Contact phone'), '416 555 0177');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Asthma' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save my card' }));
    // No consent yet: refused on the spot, what was typed kept.
    expect(await within(form).findByText(/Agree to share your card/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Contact phone')).toHaveValue('416 555 0177');
    await userEvent.click(within(form).getByRole('checkbox', { name: DEFAULT_SAFETY.consentText }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save my card' }));
    await waitFor(() => expect(api.to('PUT /safety/me')).toHaveLength(1));
    expect(api.to('PUT /safety/me')[0]!.body).toEqual({
      contacts: [{ name: 'Sam Parent', relation: 'Parent', phone: '+14165550177' }],
      flags: ['Asthma'],
      notes: '',
      consent: true,
    });
    expect(await screen.findByText(/Sam Parent \(Parent\)/)).toBeInTheDocument();
  });

  it('shows who opened the card, and signs the waiver with the typed name and the version read', async () => {
    const opened = mine({ card, ask: null, consented: true, openings: [{ opened_by: 'Erin Exec', opened_at: Date.parse('2026-03-02T15:00:00Z'), how: 'offline' }] });
    const api = answerRoutes(
      { ...CONFIG, ...pageDocumentRoutes(), 'GET /safety/me': opened, 'POST /safety/waiver': { ...opened, waiver: { version: '0', signed: true, signed_at: 1, full_name: 'Morgan Member' } } },
      { user: member },
    );
    renderAt('/profile', '/profile', <MySafety />, { user: member });
    expect(await screen.findByText(/Erin Exec, .* \(with no signal, told later\)/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Type your full name to sign'), 'Morgan Member');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));
    await waitFor(() => expect(api.to('POST /safety/waiver')[0]?.body).toEqual({ fullName: 'Morgan Member', version: '0' }));
    expect(await screen.findByText(/Signed by Morgan Member/)).toBeInTheDocument();
  });

  it('says so when the card cannot be loaded', async () => {
    answerRoutes({ ...CONFIG, 'GET /safety/me': jsonReply({ error: 'Down' }, 500) }, { user: member });
    renderAt('/profile', '/profile', <MySafety />, { user: member });
    expect(await screen.findByText('Your safety card could not be loaded.')).toBeInTheDocument();
  });
});

/** The workout page's own copy, as its screen would have read it. */
function WithRoster({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [ready] = useState(() => {
    const signups = [{ id: 1, user_id: 3, user_name: 'Morgan Member', signup_time: 0, userProfilePictureUrl: null }];
    client.setQueryData(forumKeys.workout(9), { workout: { id: 9 }, signups, waitlist: [] });
    client.setQueryData(raceKeys.detail('9'), { race: { id: 9 }, signups, isSignedUp: false });
    return true;
  });
  return ready ? children : null;
}

function roster(routes: Routes, user = execUser, place: 'workout' | 'race' = 'workout') {
  const api = answerRoutes({ ...CONFIG, ...routes }, { user });
  renderAt(
    `/${place}/9`,
    `/${place}/:id`,
    <WithRoster>
      <RosterSafety place={place} placeId={9} />
    </WithRoster>,
    { user },
  );
  return api;
}

describe('safety on a roster', () => {
  it('an exec sees each person’s mark and opens the card online in one tap', async () => {
    const api = roster({ 'GET /safety/marks': { marks: [{ userId: 3, contact: true, health: true, waiver: false }] }, 'GET /safety/cards/:userId': { card } });
    await userEvent.click(await screen.findByRole('button', { name: /Safety card of Morgan Member: Contact on file · health flag · waiver not signed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Safety card of Morgan Member' });
    expect(dialog).toHaveTextContent('Asthma');
    expect(dialog).not.toHaveTextContent('No signal');
    expect(api.to('GET /safety/cards/:userId').map((c) => c.path)).toEqual(['/safety/cards/3']);
  });

  it('with no signal opens the phone’s own copy and queues the opening for the club', async () => {
    await keepSafetyCards(2, [card], [{ userId: 3, contact: true, health: true, waiver: false }]);
    roster({ 'GET /safety/marks': 'network-error', 'GET /safety/cards/:userId': 'network-error', 'POST /safety/openings': 'network-error' });
    await userEvent.click(await screen.findByRole('button', { name: /Safety card of Morgan Member: Contact on file · health flag/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Safety card of Morgan Member' });
    expect(dialog).toHaveTextContent('Inhaler in the blue bag');
    expect(dialog).toHaveTextContent('No signal');
    await waitFor(() => expect(getOutboxState().ops.map((o) => o.action)).toEqual([{ kind: 'safety-opening', userId: 3, openedAt: expect.any(Number) }]));
  });

  it('offers an administrator a race’s emergency list', async () => {
    const admin = testUser('administrator', { id: 1, name: 'Alex Admin' });
    roster({ 'GET /safety/marks': { marks: [] } }, admin, 'race');
    expect(await screen.findByRole('button', { name: /Download the emergency list/ })).toBeInTheDocument();
  });

  it('offers an exec no emergency list', async () => {
    roster({ 'GET /safety/marks': { marks: [] } }, execUser, 'race');
    expect(await screen.findByRole('region', { name: 'Safety' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download the emergency list/ })).not.toBeInTheDocument();
  });

  it('shows a member nothing', async () => {
    const api = roster({}, member);
    await waitFor(() => expect(api.to('GET /auth/profile').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Safety' })).not.toBeInTheDocument();
    expect(api.to('GET /safety/marks')).toEqual([]);
  });
});
