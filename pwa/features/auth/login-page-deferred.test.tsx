// The sign-in form before and after react-hook-form arrives (lib/deferred-form.ts). The module that
// brings it (lib/form-control.ts) is held back here until a test lets it through, so each test can act
// in the gap between a visitor's first touch and the library's arrival, as on a slow phone.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { renderAt as RenderAt } from '../../test-providers';
import { answerRoutes, type Recorded } from '../../test-server';
import { signInRoutes } from './test-handlers';

const formModule = { requests: 0, gate: Promise.resolve(), open: () => {} };

/** A fresh copy of the page's modules, with react-hook-form's module held back until `open()`. */
async function freshPage() {
  vi.resetModules();
  formModule.requests = 0;
  formModule.gate = new Promise<void>((resolve) => (formModule.open = resolve));
  vi.doMock('../../lib/forms/form-control', async (importOriginal) => {
    formModule.requests += 1;
    await formModule.gate;
    return importOriginal();
  });
  await loadPage();
}

/** The page and the test providers from the fresh modules, so both share one session module. */
async function loadPage() {
  Page = (await import('./login-page')).LoginPage;
  render = (await import('../../test-providers')).renderAt;
}

let calls: Recorded['calls'];
let Page: ComponentType;
let render: typeof RenderAt;

beforeEach(async () => {
  calls = answerRoutes(signInRoutes()).calls;
  // Each test starts with react-hook-form not loaded.
  await freshPage();
});

function renderLogin(url = '/login') {
  return render(url, '/login', <Page />, { user: null, visitor: true });
}

/** Lets react-hook-form arrive and the page re-render with it. */
async function letTheFormLoad() {
  await act(async () => {
    formModule.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

const submitButton = () =>
  screen.getAllByRole('button', { name: /Sign In|Create Account|Please wait/ }).at(-1)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('LoginPage before react-hook-form arrives', () => {
  it('asks for the form module only when the visitor enters the form, not when the page opens or focus passes outside it', async () => {
    renderLogin();
    await settle();
    expect(formModule.requests).toBe(0);
    // A password manager filling the field in is not a touch of the form.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@club.test' } });
    await userEvent.tab(); // the Sign In switch, outside the form
    await userEvent.tab(); // the Create Account switch
    await settle();
    expect(formModule.requests).toBe(0);
    await userEvent.tab(); // the email field: inside the form
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await waitFor(() => expect(formModule.requests).toBe(1));
  });

  it('loads it on a key press inside the form, and on the Sign In / Create Account switch', async () => {
    const { unmount } = renderLogin();
    fireEvent.keyDown(screen.getByLabelText('Password'), { key: 'a' });
    await waitFor(() => expect(formModule.requests).toBe(1));
    unmount();

    await freshPage();
    renderLogin();
    await settle();
    expect(formModule.requests).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(formModule.requests).toBe(1));
  });

  it('keeps what was typed or filled in before it arrived, in the same input elements, and sends exactly that', async () => {
    renderLogin();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    fireEvent.change(email, { target: { value: 'ana@club.test' } }); // a password manager
    await userEvent.type(password, 'secret1'); // the first touch: the module is asked for, and held
    await waitFor(() => expect(formModule.requests).toBe(1));
    await letTheFormLoad();
    expect(screen.getByLabelText('Email')).toBe(email);
    expect(screen.getByLabelText('Password')).toBe(password);
    expect(email).toHaveValue('ana@club.test');
    expect(password).toHaveValue('secret1');
    expect(password).toHaveFocus();
    // Typing goes on in the same field after the arrival.
    await userEvent.type(password, '2');
    await userEvent.click(submitButton());
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/auth/login', { email: 'ana@club.test', password: 'secret12' }],
    ]);
  });

  it('a submit pressed before it arrives waits for it, then checks the form and signs in', async () => {
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@club.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    await userEvent.click(submitButton());
    await waitFor(() => expect(formModule.requests).toBe(1));
    // Busy while it waits, and nothing sent yet.
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveTextContent('Please wait…');
    expect(calls).toHaveLength(0);
    await letTheFormLoad();
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/auth/login', { email: 'ana@club.test', password: 'secret1' }],
    ]);
  });

  it('a submit before it arrives puts each message next to its field and focuses the first invalid field', async () => {
    renderLogin('/login?mode=signup');
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Full name', 'Ana');
    fill('Email', 'not-an-email');
    fill('Phone', '416 555-0199');
    // The phone is kept as typed, before react-hook-form is there as after.
    expect(screen.getByLabelText('Phone')).toHaveValue('416 555-0199');
    fill('Password', 'secret1');
    fill('Confirm password', 'secret2');
    await userEvent.click(submitButton());
    await letTheFormLoad();
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address (e.g., name@example.com)');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Passwords do not match. Please ensure both password fields are identical.',
    );
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ana');
    expect(calls).toHaveLength(0);
    // From now on every change re-checks the form: fixing the email clears its message.
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@club.test');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
  });

  it('says so above the button when the form cannot be loaded, and sends nothing', async () => {
    vi.resetModules();
    vi.doMock('../../lib/forms/form-control', () => {
      throw new Error('offline');
    });
    await loadPage();
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@club.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The form could not be loaded. Check your connection and try again.',
    );
    expect(submitButton()).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('ana@club.test');
    expect(calls).toHaveLength(0);
  });
});
