import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHARTER_SECTIONS } from '../../components/charter-text';
import { AppProviders } from '../../test-providers';
import { answerApi, jsonReply, type ApiCall } from '../../test-server';
import { CharterModal, isScrolledToEnd } from './charter-modal';

const user = { id: 1, name: 'Ana', role: 'pending', charterAccepted: false };
let calls: ApiCall[];

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
  calls = answerApi(({ url }) =>
    url === '/api/users/accept-charter' ? jsonReply({ user: { ...user, charterAccepted: true } }) : jsonReply({ user }),
  );
});
afterEach(() => {
  localStorage.clear();
});

// jsdom lays nothing out: give every element a 1000px text in a 400px window.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
});
afterEach(() => vi.restoreAllMocks());

function scrollTo(el: HTMLElement, top: number) {
  el.scrollTop = top;
  fireEvent.scroll(el);
}

describe('CharterModal', () => {
  it('counts within 8px of the bottom as read', () => {
    expect(isScrolledToEnd({ scrollHeight: 1000, clientHeight: 400, scrollTop: 592 })).toBe(true);
    expect(isScrolledToEnd({ scrollHeight: 1000, clientHeight: 400, scrollTop: 591 })).toBe(false);
  });

  it('shows all eleven sections and keeps Agree disabled until scrolled to the end', async () => {
    render(
      <AppProviders>
        <CharterModal />
      </AppProviders>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Club Charter' });
    for (const section of CHARTER_SECTIONS) expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    expect(screen.getByText(/swim 300 m continuously/)).toBeInTheDocument();
    const agree = screen.getByRole('button', { name: 'I Agree' });
    expect(agree).toBeDisabled();
    const scroller = screen.getByTestId('charter-scroll');
    scrollTo(scroller, 100);
    expect(agree).toBeDisabled();
    expect(screen.getByText('Scroll to the bottom to enable')).toBeInTheDocument();
    // No way out but agreeing: Escape does nothing, there is no close button.
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    scrollTo(scroller, 595);
    expect(agree).toBeEnabled();
    await userEvent.click(agree);
    expect(calls).toContainEqual(expect.objectContaining({ url: '/api/users/accept-charter', method: 'POST' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem('user')!).charterAccepted).toBe(true);
  });

  it('is not shown once accepted', () => {
    localStorage.setItem('user', JSON.stringify({ ...user, charterAccepted: true }));
    render(
      <AppProviders>
        <CharterModal />
      </AppProviders>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
