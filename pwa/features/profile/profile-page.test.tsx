import { within, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { renderAt, testQueryClient } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { ProfilePage } from './profile-page';
import { phoneProblem } from '../../../domain/region/phone';
import { peekReturnPath } from '../../lib/session/return-to';

const ME: SessionUser = testUser('member', {
  id: 7,
  email: 'sam@club.test',
  name: 'Sam Swimmer',
  phone_number: '(416) 555-0100',
  phoneNumber: '(416) 555-0100',
  bio: 'I swim in the mornings.\nUsually lane 3.\n\nI also like long rides.',
  join_date: '2025-09-01',
  expiry_date: '2026-08-31',
});

/** /profile for `user` (null: signed out); `routes` answer its writes. */
function renderProfile(user: SessionUser | null, routes: Routes = {}) {
  const api = answerRoutes(routes, { user });
  renderAt('/profile', '/profile', <ProfilePage />, { user });
  return api;
}

const storedUser = () => JSON.parse(localStorage.getItem('user') ?? 'null') as SessionUser | null;

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('ProfilePage', () => {
  it('shows a member the personal bests the app frame hands in (the races feature’s)', async () => {
    const bests = (userId: number) => <p>Personal bests of member {userId}</p>;
    answerRoutes({}, { user: ME });
    renderAt('/profile', '/profile', <ProfilePage personalBests={bests} />, { user: ME });
    expect(await screen.findByText('Personal bests of member 7')).toBeInTheDocument();
  });

  it('shows a pending account no personal bests', async () => {
    const pending = { ...ME, role: 'pending' as const };
    answerRoutes({}, { user: pending });
    renderAt('/profile', '/profile', <ProfilePage personalBests={(userId) => <p>Personal bests of member {userId}</p>} />, { user: pending });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Swimmer' })).toBeInTheDocument();
    expect(screen.queryByText(/Personal bests of member/)).toBeNull();
    // The profile is the pending account's own page: opening it (back from Stripe's checkout, say)
    // keeps no way back to it for after approval, and no members-only notice stands in for the bests.
    expect(peekReturnPath()).toBeNull();
    expect(document.querySelector('.membership-notice')).toBeNull();
  });

  it('sends a signed-out visitor to /login, which brings them back to their profile', async () => {
    renderProfile(null);
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?next=%2Fprofile$/);
  });

  it('shows name, role, email, phone, the initial avatar and the bio split into paragraphs', async () => {
    renderProfile(ME);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Swimmer' })).toBeInTheDocument();
    expect(screen.getByText('Member')).toBeInTheDocument();
    expect(screen.getByText('sam@club.test')).toBeInTheDocument();
    expect(screen.getByText('(416) 555-0100')).toBeInTheDocument();
    expect(screen.getByText('S')).toBeInTheDocument();
    const bio = screen.getByRole('region', { name: 'About me' });
    const paragraphs = [...bio.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['I swim in the mornings.\nUsually lane 3.', 'I also like long rides.']);
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/dashboard');
  });

  it('shows membership expiry, absences and a suspension before it bites, and Sign out everywhere', async () => {
    const until = Date.now() + 3 * 24 * 3600_000;
    renderProfile({ ...ME, expiry_date: '2027-08-31', absences: 3, suspended_until: until });
    const membership = await screen.findByRole('region', { name: 'Membership' });
    expect(membership).toHaveTextContent('Membership expiresTuesday, August 31, 2027');
    expect(membership).toHaveTextContent('Absences3');
    expect(within(membership).getByText(/^Workout sign-ups are suspended until /)).toBeInTheDocument();
    expect(within(membership).getByText('Suspended until')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out everywhere' })).toHaveAttribute('href', '/logout');
  });

  it('counts down to the next suspension when there is none', async () => {
    renderProfile({ ...ME, absences: 1, suspended_until: Date.now() - 1000 });
    const membership = await screen.findByRole('region', { name: 'Membership' });
    expect(membership).toHaveTextContent('2 more suspend workout sign-ups for a week');
    expect(membership).not.toHaveTextContent('Suspended until');
  });

  it('shows Not set for an empty phone and the picture when there is one', async () => {
    renderProfile({
      ...ME,
      phoneNumber: null,
      phone_number: null,
      profilePictureUrl: '/uploads/abc.webp',
      profile_picture_url: '/uploads/abc.webp',
    });
    expect(await screen.findByText('Not set')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Sam Swimmer' })).toHaveAttribute(
      'src',
      '/uploads/abc.webp',
    );
  });

  it('keeps the phone as typed and refuses a short one with the inline message', async () => {
    const user = userEvent.setup();
    const api = renderProfile(ME);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '416555');
    expect(phone).toHaveValue('416555');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(phone).toHaveAccessibleDescription(phoneProblem('CA'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toEqual([]);
  });

  it('takes a rowing pace per 500 m beside the other paces, shows a kept one as m:ss and sends only what changed', async () => {
    const user = userEvent.setup();
    const paced = { ...ME, paces: { swimPace: 105, runPace: null, rideSpeed: null, rowPace: 125 } };
    const api = renderProfile(paced, {
      'PUT /users/profile': ({ body }) => ({ user: { ...paced, paces: { ...paced.paces, rowPace: 118 }, bio: body!.bio ?? null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const rowing = screen.getByLabelText('Rowing pace per 500 m');
    expect(rowing).toHaveValue('2:05');
    expect(rowing).toHaveAccessibleDescription('m:ss, e.g. 2:05');
    expect(screen.getByLabelText('Swim pace per 100 m')).toHaveValue('1:45');

    await user.clear(rowing);
    await user.type(rowing, 'slow');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Rowing pace per 500 m: enter a pace such as 2:05, or leave it empty')).toBeInTheDocument();
    expect(rowing).toHaveValue('slow');
    expect(api.writes()).toEqual([]);

    await user.clear(rowing);
    await user.type(rowing, '1:58');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ name: ME.name, email: ME.email, phone_number: ME.phone_number, bio: ME.bio, rowPace: 118 });
  });

  it('states the member’s qualifications one a line, refuses a long one beside the field keeping the text, and sends them only when changed', async () => {
    const user = userEvent.setup();
    const qualified = { ...ME, qualifications: ['First aid'] };
    const api = renderProfile(qualified, {
      'PUT /users/profile': ({ body }) => ({ user: { ...qualified, qualifications: String(body!.qualifications).split('\n') } }),
    });
    expect(await screen.findByText('First aid')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const box = screen.getByLabelText('Qualifications (optional)');
    expect(box).toHaveValue('First aid');
    await user.type(box, `\n${'x'.repeat(61)}`);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(box).toHaveAccessibleDescription(expect.stringContaining('A qualification is at most 60 characters'));
    expect(box).toHaveValue(`First aid\n${'x'.repeat(61)}`);
    expect(api.writes()).toEqual([]);
    await user.clear(box);
    await user.type(box, 'First aid\nNLS lifeguard');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
    expect(api.writes()[0]!.body).toMatchObject({ qualifications: 'First aid\nNLS lifeguard' });
    expect(await screen.findByText('First aid, NLS lifeguard')).toBeInTheDocument();
  });

  it('uploads the picture first, then saves the fields, updates the session and tells the screens to reload', async () => {
    const user = userEvent.setup();
    const uploaded = {
      ...ME,
      profilePictureUrl: '/uploads/new.webp',
      profile_picture_url: '/uploads/new.webp',
    };
    const api = renderProfile(ME, {
      'POST /users/profile-picture': { profilePictureUrl: '/uploads/new.webp', user: uploaded },
      'PUT /users/profile': ({ body }) => ({ user: { ...uploaded, ...body!, bio: body!.bio ?? null, qualifications: uploaded.qualifications } }),
    });
    const announced = vi.spyOn(testQueryClient(), 'invalidateQueries');

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeInTheDocument();
    const input = screen.getByLabelText('Profile picture file');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    expect(screen.getByRole('button', { name: /Change profile picture/ })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Sam S.');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sam S.' })).toBeInTheDocument();
    const writes = api.writes();
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /users/profile-picture',
      'PUT /users/profile',
    ]);
    expect(writes[0]!.body).toBeInstanceOf(FormData);
    expect((writes[0]!.body as FormData).get('profilePicture')).toBeInstanceOf(File);
    expect(writes[1]!.body).toEqual({
      name: 'Sam S.',
      email: 'sam@club.test',
      // Kept in an older form and left untouched: sent back as it is kept, never re-read by a guess.
      phone_number: '(416) 555-0100',
      bio: ME.bio,
    });
    expect(storedUser()).toMatchObject({ name: 'Sam S.', profilePictureUrl: '/uploads/new.webp' });
    expect(announced).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Your profile was updated.')).toBeInTheDocument();
  });

  it('asks before Cancel or Back throws typed changes away; with nothing typed Cancel just closes', async () => {
    const user = userEvent.setup();
    const api = renderProfile(ME);
    const edit = async () => user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await edit();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { level: 1, name: 'Edit Profile' })).not.toBeInTheDocument();

    await edit();
    await user.type(screen.getByLabelText('Bio'), ' Ask me about the lake.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Bio')).toHaveValue(`${ME.bio} Ask me about the lake.`);

    // Back takes off the editor's own history entry and asks the same question.
    history.back();
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(screen.getByLabelText('Bio')).toHaveValue(`${ME.bio} Ask me about the lake.`);
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
    expect(api.writes()).toEqual([]);
  });

  it('still saves the text fields when the upload fails, with a small note', async () => {
    const user = userEvent.setup();
    const api = renderProfile(ME, {
      'POST /users/profile-picture': jsonReply({ error: 'Please upload an image file (JPEG, PNG, WebP or GIF)' }, 415),
      'PUT /users/profile': ({ body }) => ({ user: { ...ME, ...body!, qualifications: ME.qualifications } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.upload(
      screen.getByLabelText('Profile picture file'),
      new File(['not an image'], 'x.png', { type: 'image/png' }),
    );
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'New bio');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(
      await screen.findByText(/details were saved, but the new picture could not be uploaded/),
    ).toBeInTheDocument();
    expect(api.writes().map((c) => c.path)).toEqual([
      '/users/profile-picture',
      '/users/profile',
    ]);
    expect(screen.getByText('New bio')).toBeInTheDocument();
    expect(storedUser()?.bio).toBe('New bio');
  });

  it('keeps the input and says so when saving fails', async () => {
    const user = userEvent.setup();
    renderProfile(ME, { 'PUT /users/profile': jsonReply({ error: 'An account with this email already exists' }, 409) });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'taken@club.test');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile. Please try again.');
    expect(screen.getByLabelText('Email')).toHaveValue('taken@club.test');
    expect(storedUser()?.email).toBe('sam@club.test');
  });
});
