import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../domain/contract/auth';
import { CHARTER_SECTIONS } from '../../components/charter-text';
import { renderAt } from '../../test-providers';
import { answerRoutes, type Recorded } from '../../test-server';
import { testUser } from '../../test-support';
import { CharterModal, isScrolledToEnd } from './charter-modal';

const applicant = testUser('pending', { name: 'Ana', charterAccepted: false, charter_accepted: false });
let api: Recorded;

/** The modal as it shows over any page, for `user`. */
const show = (user: SessionUser) => renderAt('/', '/', <CharterModal />, { user });

beforeEach(() => {
  api = answerRoutes(
    { 'POST /users/accept-charter': { message: 'Charter accepted', user: { ...applicant, charterAccepted: true, charter_accepted: true } } },
    { user: applicant },
  );
});
// jsdom lays nothing out: give every element a 1000px text in a 400px window.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
});

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
    show(applicant);
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
    expect(api.to('POST /users/accept-charter')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem('user')!).charterAccepted).toBe(true);
  });

  it('is not shown once accepted', () => {
    show({ ...applicant, charterAccepted: true, charter_accepted: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
