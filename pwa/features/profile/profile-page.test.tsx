import { testUser } from '../../test-support';
import { cleanup, within, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../domain/contract/auth';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/data/query-client';
import { SessionProvider } from '../../lib/session/session';
import { answerApi, jsonReply } from '../../test-server';
import { ProfilePage } from './profile-page';

type Answer = { status?: number; body: unknown };
let routes: Record<string, (body: unknown) => Answer | Promise<Answer>>;
let calls: { method: string; path: string; body: unknown }[];
let queryClient: QueryClient;

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

function signIn(user: SessionUser | null) {
  localStorage.clear();
  if (user) {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('token', 'test-token');
  }
  routes['GET /auth/profile'] = () =>
    user ? { body: { user } } : { status: 401, body: { error: 'No token' } };
}

function renderProfile() {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return router;
}

const storedUser = () => JSON.parse(localStorage.getItem('user') ?? 'null') as SessionUser | null;

beforeEach(() => {
  queryClient = createQueryClient();
  calls = [];
  routes = {};
  answerApi(async ({ method, path, body }) => {
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) return jsonReply({ error: `no stub for ${method} ${path}` }, 404);
    const answer = await handler(body);
    return jsonReply(answer.body, answer.status ?? 200);
  });
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ProfilePage', () => {
  it('sends a signed-out visitor to /login', async () => {
    signIn(null);
    renderProfile();
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('shows name, role, email, phone, the initial avatar and the bio split into paragraphs', async () => {
    signIn(ME);
    renderProfile();
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
    signIn({ ...ME, expiry_date: '2027-08-31', absences: 3, suspended_until: until });
    renderProfile();
    const membership = await screen.findByRole('region', { name: 'Membership' });
    expect(membership).toHaveTextContent('Membership expiresTuesday, August 31, 2027');
    expect(membership).toHaveTextContent('Absences3');
    expect(within(membership).getByText(/^Workout sign-ups are suspended until /)).toBeInTheDocument();
    expect(within(membership).getByText('Suspended until')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out everywhere' })).toHaveAttribute('href', '/logout');
  });

  it('counts down to the next suspension when there is none', async () => {
    signIn({ ...ME, absences: 1, suspended_until: Date.now() - 1000 });
    renderProfile();
    const membership = await screen.findByRole('region', { name: 'Membership' });
    expect(membership).toHaveTextContent('2 more suspend workout sign-ups for a week');
    expect(membership).not.toHaveTextContent('Suspended until');
  });

  it('shows Not set for an empty phone and the picture when there is one', async () => {
    signIn({
      ...ME,
      phoneNumber: null,
      phone_number: null,
      profilePictureUrl: '/uploads/abc.webp',
      profile_picture_url: '/uploads/abc.webp',
    });
    renderProfile();
    expect(await screen.findByText('Not set')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Sam Swimmer' })).toHaveAttribute(
      'src',
      '/uploads/abc.webp',
    );
  });

  it('formats the phone as typed and refuses a short one with the inline message', async () => {
    const user = userEvent.setup();
    signIn(ME);
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '416555');
    expect(phone).toHaveValue('(416) 555');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('uploads the picture first, then saves the fields, updates the session and tells the screens to reload', async () => {
    const user = userEvent.setup();
    signIn(ME);
    const uploaded = {
      ...ME,
      profilePictureUrl: '/uploads/new.webp',
      profile_picture_url: '/uploads/new.webp',
    };
    routes['POST /users/profile-picture'] = () => ({
      body: { profilePictureUrl: '/uploads/new.webp', user: uploaded },
    });
    routes['PUT /users/profile'] = (body) => ({
      body: { user: { ...uploaded, ...(body as object), bio: (body as { bio: string }).bio } },
    });
    renderProfile();
    const announced = vi.spyOn(queryClient, 'invalidateQueries');

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
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /users/profile-picture',
      'PUT /users/profile',
    ]);
    expect(writes[0]!.body).toBeInstanceOf(FormData);
    expect((writes[0]!.body as FormData).get('profilePicture')).toBeInstanceOf(File);
    expect(writes[1]!.body).toEqual({
      name: 'Sam S.',
      email: 'sam@club.test',
      phone_number: '(416) 555-0100',
      bio: ME.bio,
    });
    expect(storedUser()).toMatchObject({ name: 'Sam S.', profilePictureUrl: '/uploads/new.webp' });
    expect(announced).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Your profile was updated.')).toBeInTheDocument();
  });

  it('still saves the text fields when the upload fails, with a small note', async () => {
    const user = userEvent.setup();
    signIn(ME);
    routes['POST /users/profile-picture'] = () => ({
      status: 415,
      body: { error: 'Please upload an image file (JPEG, PNG, WebP or GIF)' },
    });
    routes['PUT /users/profile'] = (body) => ({ body: { user: { ...ME, ...(body as object) } } });
    renderProfile();
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
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.path)).toEqual([
      '/users/profile-picture',
      '/users/profile',
    ]);
    expect(screen.getByText('New bio')).toBeInTheDocument();
    expect(storedUser()?.bio).toBe('New bio');
  });

  it('keeps the input and says so when saving fails', async () => {
    const user = userEvent.setup();
    signIn(ME);
    routes['PUT /users/profile'] = () => ({
      status: 409,
      body: { error: 'An account with this email already exists' },
    });
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'taken@club.test');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile. Please try again.');
    expect(screen.getByLabelText('Email')).toHaveValue('taken@club.test');
    expect(storedUser()?.email).toBe('sam@club.test');
  });
});
