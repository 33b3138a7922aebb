import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, clubToday } from '../../../domain/clock';
import type { Announcement } from '../../../domain/contract/club/announcements';
import { devicePersister } from '../../lib/data/query-persister';
import { replay } from '../../lib/offline/outbox';
import { getOutboxState } from '../../lib/offline/outbox-store';
import { resetDevice } from '../../test-device';
import { renderAt, testQueryClient } from '../../test-providers';
import { answerRoutes, type Routes } from '../../test-server';
import { storeSession, testUser } from '../../test-support';
import { PinnedAnnouncements } from './pinned-announcements';

const note = (over: Partial<Announcement> = {}): Announcement => ({
  id: 1,
  title: 'Pool closed Friday',
  body: 'The varsity meet takes the pool.',
  until: '2099-03-06',
  user_id: 2,
  author_name: 'Erin Exec',
  created_at: 0,
  dismissed: false,
  ...over,
});
const member = testUser('member', { id: 3, name: 'Morgan Member' });
const execUser = testUser('exec', { id: 2, name: 'Erin Exec' });

function show(routes: Routes, user = member, fresh = true) {
  const api = answerRoutes({ 'GET /config': { clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', vapidPublicKey: '', passkeys: false }, ...routes }, { user });
  const view = renderAt('/', '/', <PinnedAnnouncements />, fresh ? { user } : {});
  return { api, view };
}

beforeEach(async () => {
  await resetDevice();
});

describe('club announcements on Home', () => {
  it('pins the current ones, newest first; a dismissed one stays dismissed after a reload', async () => {
    // The club's own record: what it was told is dismissed, it lists as dismissed.
    const told = new Set<number>();
    const club: Routes = {
      'GET /announcements': () => ({ announcements: [note({ id: 2, title: 'Kit order due' }), note()].map((a) => ({ ...a, dismissed: told.has(a.id) })) }),
      'POST /announcements/:id/dismiss': ({ params }) => (told.add(Number(params.id)), { dismissed: true as const }),
    };
    const { view } = show(club);
    const region = await screen.findByRole('region', { name: 'Club announcements' });
    expect(within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Kit order due', 'Pool closed Friday']);
    // A member neither posts nor removes.
    expect(screen.queryByRole('button', { name: /Post an announcement|Remove/ })).not.toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss “Kit order due”' }));
    expect(within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Pool closed Friday']);

    await waitFor(() => expect(told).toEqual(new Set([2])));
    // The club's answer reaches the kept list too (a busy machine may read the copy back before it lands).
    await waitFor(() =>
      expect(testQueryClient().getQueryData<{ announcements: Announcement[] }>(['announcements'])!.announcements.find((a) => a.id === 2)!.dismissed).toBe(true),
    );

    // A reload starts from the copy kept on the device, which is written a moment after a burst of
    // changes: the reload comes once that copy holds the dismissal, as a member's would.
    await waitFor(async () => {
      const kept = await devicePersister(member.id).restoreClient();
      const list = kept?.clientState.queries.find((q) => q.queryKey[0] === 'announcements')?.state.data as { announcements: Announcement[] } | undefined;
      expect(list?.announcements.find((a) => a.id === 2)?.dismissed).toBe(true);
    }, { timeout: 5000 });
    view.unmount();
    show(club, member, false);
    expect(await screen.findByRole('heading', { name: 'Pool closed Friday' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kit order due' })).not.toBeInTheDocument();
  });

  it('a dismissal is the member’s on every device: the server is told, and one dismissed elsewhere does not show', async () => {
    const list = { announcements: [note({ id: 3, title: 'Dismissed on my laptop', dismissed: true }), note({ id: 2, title: 'Kit order due' }), note()] };
    const { api } = show({ 'GET /announcements': list, 'POST /announcements/:id/dismiss': { dismissed: true } });
    const region = await screen.findByRole('region', { name: 'Club announcements' });
    expect(within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Kit order due', 'Pool closed Friday']);
    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss “Kit order due”' }));
    await waitFor(() => expect(api.to('POST /announcements/:id/dismiss').map((c) => c.path)).toEqual(['/announcements/2/dismiss']));
    // Sent like every write the outbox may carry: with its own Idempotency-Key.
    expect(api.to('POST /announcements/:id/dismiss')[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Pool closed Friday']);
    // The club's answer is in the kept list: it says dismissed, as a device reading it later sees.
    await waitFor(() =>
      expect(testQueryClient().getQueryData<{ announcements: Announcement[] }>(['announcements'])!.announcements.find((a) => a.id === 2)!.dismissed).toBe(true),
    );
  });

  it('a dismissal that did not reach the server waits in the outbox, stays hidden, and is sent again once, with the same key', async () => {
    const list = { announcements: [note({ id: 2, title: 'Kit order due' }), note()] };
    let answered = false;
    const dismissRoute = () => (answered ? { dismissed: true as const } : ((answered = true), 'network-error' as const));
    const first = show({ 'GET /announcements': list, 'POST /announcements/:id/dismiss': dismissRoute });
    const region = await screen.findByRole('region', { name: 'Club announcements' });
    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss “Kit order due”' }));
    await waitFor(() => expect(first.api.to('POST /announcements/:id/dismiss')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Kit order due' })).not.toBeInTheDocument();
    await waitFor(() => expect(getOutboxState().ops.map((o) => o.action)).toEqual([{ kind: 'announcement-dismissal', announcementId: 2 }]));
    const key = first.api.to('POST /announcements/:id/dismiss')[0]!.headers['idempotency-key'];

    // Next visit: the server still lists it as not dismissed; the waiting dismissal hides it, and the
    // outbox's replay says it again, once, with the key of the try that may have reached the club.
    first.view.unmount();
    const second = show({ 'GET /announcements': list, 'POST /announcements/:id/dismiss': dismissRoute }, member, false);
    expect(await screen.findByRole('heading', { name: 'Pool closed Friday' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kit order due' })).not.toBeInTheDocument();
    await replay();
    await waitFor(() => expect(second.api.to('POST /announcements/:id/dismiss').map((c) => c.path)).toEqual(['/announcements/2/dismiss']));
    expect(second.api.to('POST /announcements/:id/dismiss')[0]!.headers['idempotency-key']).toBe(key);
    await waitFor(() => expect(getOutboxState().ops).toEqual([]));
    // A list read again (this server keeps answering "not dismissed") does not send it twice.
    const reads = second.api.to('GET /announcements').length;
    await testQueryClient().refetchQueries({ queryKey: ['announcements'] });
    await waitFor(() => expect(second.api.to('GET /announcements').length).toBeGreaterThan(reads));
    await replay();
    expect(second.api.to('POST /announcements/:id/dismiss')).toHaveLength(1);
  });

  it('hands the dismissals an older version kept on this device to the outbox once, hiding them at once', async () => {
    const list = { announcements: [note({ id: 2, title: 'Kit order due' }), note()] };
    localStorage.clear();
    storeSession(member);
    localStorage.setItem('announcements-dismissed:3', JSON.stringify([2]));
    const { api, view } = show({ 'GET /announcements': list, 'POST /announcements/:id/dismiss': { dismissed: true } }, member, false);
    expect(await screen.findByRole('heading', { name: 'Pool closed Friday' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kit order due' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.to('POST /announcements/:id/dismiss').map((c) => c.path)).toEqual(['/announcements/2/dismiss']));
    expect(api.to('POST /announcements/:id/dismiss')[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('announcements-dismissed:3')).toBeNull();

    // The device's old copy is gone: the next visit sends nothing more.
    view.unmount();
    const again = show({ 'GET /announcements': list, 'POST /announcements/:id/dismiss': { dismissed: true } }, member, false);
    expect(await screen.findByRole('heading', { name: 'Pool closed Friday' })).toBeInTheDocument();
    expect(again.api.to('POST /announcements/:id/dismiss')).toEqual([]);
  });

  it('shows nothing to a member when there is nothing current', async () => {
    const { api } = show({ 'GET /announcements': { announcements: [] } });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/announcements')).toBe(true));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('lets an exec post one, with each rule checked next to its field before sending', async () => {
    let list: Announcement[] = [];
    const { api } = show(
      {
        'GET /announcements': () => ({ announcements: list }),
        'POST /announcements': ({ body }) => {
          const announcement = note({ id: 9, title: body!.title!, body: body!.body!, until: body!.until! });
          list = [announcement];
          return { announcement, notified: 12 };
        },
      },
      execUser,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Post an announcement' }));
    const dialog = screen.getByRole('dialog', { name: 'Post an announcement' });
    // "Show until" starts a week from the club's today; the title and the message are the exec's to write.
    const until = within(dialog).getByLabelText('Show until') as HTMLInputElement;
    const today = clubToday(Date.now(), 'America/Toronto');
    expect(until).toHaveValue(addDays(today, 7));
    expect(until.min).toBe(today);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post announcement' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Swim moves to Saturday');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'The meet takes the pool on Friday.');
    await userEvent.clear(until);
    await userEvent.type(until, '2000-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post announcement' }));
    expect(within(dialog).getByText(/The last day must be from today to 60 days ahead/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Swim moves to Saturday');

    await userEvent.clear(until);
    await userEvent.type(until, until.min);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post announcement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ title: 'Swim moves to Saturday', body: 'The meet takes the pool on Friday.', until: until.min });
    expect(await screen.findByRole('heading', { name: 'Swim moves to Saturday' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove for everyone Swim moves to Saturday' })).toBeInTheDocument();
  });
});
