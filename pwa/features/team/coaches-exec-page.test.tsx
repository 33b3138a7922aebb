import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import type { Role } from '../../../domain/contract/roles';
import { NOT_SAVED_OFFLINE_TEXT } from '../../components/offline-note';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply } from '../../test-server';
import { testUser } from '../../test-support';
import { CoachesExecPage, TEAM_REFRESH_MS } from './coaches-exec-page';
import { LONG_BIO, team, teamRoutes } from './test-handlers';

/** The page as a visitor opens it, or as `user` (a public read: under the data layer once signed in). */
const page = ({ user = null, reloadPage }: { user?: SessionUser | null; reloadPage?: () => void } = {}) =>
  renderAt('/coaches-exec', '/coaches-exec', <CoachesExecPage reloadPage={reloadPage} />, { user, visitor: true });
const signedIn = (role: Role) => testUser(role, { id: 7, join_date: null, expiry_date: null });
const card = (text: string) => screen.getAllByTestId('team-card').find((c) => c.textContent!.includes(text))!;

// The form is loaded on demand, in production and here: loaded before the tests, so a findBy
// waits for the screen, not for a busy machine to load a module.
beforeAll(async () => {
  await import('./edit-profile-modal');
});

describe('CoachesExecPage', () => {
  it('says it is loading until the team arrives', async () => {
    let answer!: (r: Response) => void;
    answerRoutes({ 'GET /profiles': () => new Promise<Response>((resolve) => (answer = resolve)) });
    page();
    expect(screen.getByRole('status')).toHaveTextContent('Loading team members...');
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(jsonReply({ teamMembers: team() })));
    await waitFor(() => expect(screen.queryByText('Loading team members...')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('team-card')).toHaveLength(10);
  });

  it('shows one card per position, linking to /profile/{role}/{slug}', async () => {
    answerRoutes(teamRoutes());
    page();
    expect(await screen.findAllByTestId('team-card')).toHaveLength(10);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Coaches and Executive Team');
    // Words for any club: no sport, no kind of member.
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent(
      /^The coaches and the executive team who run the club\. Questions about the club\? Email triathlon\.club@university\.test\.$/,
    );
    expect(within(card('Swim Coach')).getByRole('link', { name: 'Maya Chen' })).toHaveAttribute('href', '/profile/swim-coach/maya-chen');
    // A vacant position links by its id.
    expect(within(card('Secretary')).getByRole('link', { name: 'Position open' })).toHaveAttribute('href', '/profile/secretary/secretary');
    expect(screen.getByRole('link', { name: 'triathlon.club@university.test' })).toHaveAttribute(
      'href',
      'mailto:triathlon.club@university.test',
    );
    expect(document.title).toContain('Coaches');
  });

  it('cuts long bios at 120 characters with an ellipsis and shows the placeholder for empty ones', async () => {
    answerRoutes(teamRoutes());
    page();
    await screen.findAllByTestId('team-card');
    expect(within(card('Maya Chen')).getByText(`${LONG_BIO.slice(0, 120).trimEnd()}…`)).toBeInTheDocument();
    expect(card('Maya Chen').textContent).not.toContain('open-water racers');
    expect(within(card('Lucas Martin')).getByText('Bio coming soon...')).toBeInTheDocument();
    expect(within(card('Emily Wong')).getByText('Keeps the books.')).toBeInTheDocument();
  });

  it('shows coach emails, or that none is available, and no email line for the executives', async () => {
    answerRoutes(teamRoutes());
    page();
    await screen.findAllByTestId('team-card');
    expect(within(card('Swim Coach')).getByRole('link', { name: 'swim.coach@club.test' })).toHaveAttribute('href', 'mailto:swim.coach@club.test');
    expect(within(card('Run Coach')).getByText('Email not available')).toBeInTheDocument();
    expect(within(card('Treasurer')).queryByText('Email not available')).not.toBeInTheDocument();
  });

  it('shows a picture when there is one and the default icon otherwise', async () => {
    answerRoutes(teamRoutes());
    page();
    await screen.findAllByTestId('team-card');
    expect(card('Emily Wong').querySelector('img')).toHaveAttribute('src', '/uploads/emily.webp');
    expect(card('Maya Chen').querySelector('img')).toBeNull();
    expect(card('Maya Chen').querySelector('svg.team-avatar--default')).not.toBeNull();
  });

  it('on a failed load says so and offers a Try Again that reloads the page', async () => {
    answerRoutes({ 'GET /profiles': jsonReply({ error: 'Database unavailable' }, 500) });
    const reload = vi.fn();
    page({ reloadPage: reload });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading team members');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('opened offline before any visit, says the page is not saved on this device rather than an error', async () => {
    answerRoutes({ 'GET /profiles': 'network-error' });
    page();
    expect(await screen.findByText(NOT_SAVED_OFFLINE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Error loading team members')).not.toBeInTheDocument();
  });

  it('refreshes every 5 seconds and keeps the list when a refresh fails', async () => {
    vi.useFakeTimers();
    let fail = false;
    const api = answerRoutes({ 'GET /profiles': () => (fail ? 'network-error' : { teamMembers: team() }) });
    page();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(api.to('GET /profiles')).toHaveLength(1);
    expect(TEAM_REFRESH_MS).toBe(5000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(api.to('GET /profiles')).toHaveLength(2);
    fail = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    // The mocked network answers on a later tick.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(api.to('GET /profiles')).toHaveLength(3);
    expect(screen.getAllByTestId('team-card')).toHaveLength(10);
    expect(screen.getByText(/Failed to load team members/)).toBeInTheDocument();
  });

  it('shows no edit pencils to visitors or members', async () => {
    const user = signedIn('member');
    answerRoutes(teamRoutes(), { user });
    page({ user });
    await screen.findAllByTestId('team-card');
    expect(screen.queryAllByRole('button', { name: /^Edit / })).toHaveLength(0);
  });

  it('gives execs a pencil per position, with distinct labels', async () => {
    const user = signedIn('exec');
    answerRoutes(teamRoutes(), { user });
    page({ user });
    await screen.findAllByTestId('team-card');
    const pencils = screen.getAllByRole('button', { name: /^Edit / });
    expect(pencils).toHaveLength(10);
    expect(pencils.map((p) => p.getAttribute('aria-label'))).toContain('Edit Swim Coach');
    expect(pencils.map((p) => p.getAttribute('aria-label'))).toContain('Edit Co-President 2');
    expect(new Set(pencils.map((p) => p.getAttribute('aria-label'))).size).toBe(10);
  });

  it('lets an exec edit name, bio and image: PUTs them and shows the result', async () => {
    const user = signedIn('exec');
    // The page reloads the list after saving: teamRoutes keeps the change.
    const api = answerRoutes(teamRoutes(), { user });
    page({ user });
    await screen.findAllByTestId('team-card');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Secretary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Sam Rivera' } });
    fireEvent.change(within(dialog).getByLabelText('Bio'), { target: { value: 'Keeps the minutes.' } });
    fireEvent.change(within(dialog).getByLabelText('Image URL'), { target: { value: 'https://example.com/sam.jpg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [put] = api.to('PUT /profiles/secretary');
    expect(put!.body).toEqual({ name: 'Sam Rivera', bio: 'Keeps the minutes.', image: 'https://example.com/sam.jpg', email: '' });
    expect(put!.headers.authorization).toBe('Bearer test-token');
    expect(within(card('Secretary')).getByRole('link', { name: 'Sam Rivera' })).toBeInTheDocument();
    expect(within(card('Secretary')).getByText('Keeps the minutes.')).toBeInTheDocument();
    expect(screen.getByText('Secretary profile saved.')).toBeInTheDocument();
  });

  it('refuses a bad image before sending, and shows a server refusal without losing what was typed', async () => {
    const user = signedIn('exec');
    const api = answerRoutes({ ...teamRoutes(), 'PUT /profiles/:id': jsonReply({ error: 'Bio must be at most 2000 characters' }, 400) }, { user });
    page({ user });
    await screen.findAllByTestId('team-card');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Treasurer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Emily Wong');
    fireEvent.change(within(dialog).getByLabelText('Image URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const image = within(dialog).getByLabelText('Image URL');
    await waitFor(() => expect(image).toHaveAttribute('aria-invalid', 'true'));
    expect(image).toHaveAccessibleDescription(expect.stringMatching(/^The image must be a link starting with https:\/\//));
    expect(image).toHaveFocus();
    expect(api.to('PUT /profiles/treasurer')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Image URL'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Bio'), { target: { value: 'A new bio' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Bio must be at most 2000 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bio')).toHaveValue('A new bio');
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('falls back to the generic message when the save fails without one', async () => {
    const user = signedIn('exec');
    answerRoutes({ ...teamRoutes(), 'PUT /profiles/:id': new Response('oops', { status: 502 }) }, { user });
    page({ user });
    await screen.findAllByTestId('team-card');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Webmaster' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed (502)');
  });

  it('puts each card in its position\'s section, whatever its id says', async () => {
    const members = team().map((m) =>
      m.id === 'treasurer' ? { ...m, id: 'head-rowing', role: 'Head of Rowing', group: 'coach' as const } : m.id === 'run-coach' ? { ...m, group: 'exec' as const } : m,
    );
    answerRoutes(teamRoutes(members));
    page();
    await screen.findAllByTestId('team-card');
    const coaches = screen.getByRole('region', { name: 'Coaches' });
    const execs = screen.getByRole('region', { name: 'Executive Team' });
    expect(within(coaches).getAllByTestId('team-card').map((c) => c.querySelector('.team-card__position')!.textContent)).toEqual(['Swim Coach', 'Head of Rowing']);
    expect(within(execs).getByText('Run Coach')).toBeInTheDocument();
    // A coach's card shows the email line.
    expect(within(card('Head of Rowing')).getByText('Email not available')).toBeInTheDocument();
  });

  it('lets an exec upload a card\'s picture: the club\'s URL goes in the image field and is saved with the card', async () => {
    const user = signedIn('exec');
    const api = answerRoutes({ ...teamRoutes(), 'POST /profiles/picture': { image: '/uploads/0123456789abcdef0123456789abcdef.webp' } }, { user });
    page({ user });
    await screen.findAllByTestId('team-card');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Secretary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'sam.png', { type: 'image/png' });
    await userEvent.setup().upload(within(dialog).getByLabelText('Or upload a picture'), file);
    await waitFor(() => expect(within(dialog).getByLabelText('Image URL')).toHaveValue('/uploads/0123456789abcdef0123456789abcdef.webp'));
    const [sent] = api.to('POST /profiles/picture');
    expect((sent!.body as FormData).get('picture')).toBeInstanceOf(File);
    expect(api.to('PUT /profiles/secretary')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('PUT /profiles/secretary')[0]!.body).toMatchObject({ image: '/uploads/0123456789abcdef0123456789abcdef.webp' });
    expect(card('Secretary').querySelector('img')).toHaveAttribute('src', '/uploads/0123456789abcdef0123456789abcdef.webp');
  });

  it('shows a refused upload beside the field and keeps what was typed', async () => {
    const user = signedIn('exec');
    answerRoutes({ ...teamRoutes(), 'POST /profiles/picture': jsonReply({ error: 'Please upload an image file (JPEG, PNG, WebP or GIF)' }, 415) }, { user });
    page({ user });
    await screen.findAllByTestId('team-card');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Secretary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Sam Rivera' } });
    const input = within(dialog).getByLabelText('Or upload a picture');
    await userEvent.setup().upload(input, new File(['<svg/>'], 'x.png', { type: 'image/png' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining('Please upload an image file')));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Sam Rivera');
    expect(within(dialog).getByLabelText('Image URL')).toHaveValue('');
  });
});
