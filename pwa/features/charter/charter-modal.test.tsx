import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { DEFAULT_CHARTER_SECTIONS as CHARTER_SECTIONS } from '../../../domain/documents/club-pages';
import { pageDocumentRoutes } from '../../test-page-documents';
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
    {
      ...pageDocumentRoutes(),
      'POST /users/accept-charter': { message: 'Charter accepted', user: { ...applicant, charterAccepted: true, charter_accepted: true } },
    },
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
    await screen.findByRole('heading', { name: 'Agreement' });
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

  it('does not count the loading line as read: Agree waits for the charter itself', async () => {
    let release: () => void = () => undefined;
    answerRoutes(
      { 'GET /club/documents/:key': () => new Promise((resolve) => (release = () => resolve(pageDocumentRoutes()['GET /club/documents/:key']({ params: { key: 'charter' } })))) },
      { user: applicant },
    );
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(400);
    show(applicant);
    await screen.findByText('Loading the charter…');
    const scroller = screen.getByTestId('charter-scroll');
    scrollTo(scroller, 0);
    expect(screen.getByRole('button', { name: 'I Agree' })).toBeDisabled();
    release();
    await screen.findByRole('heading', { name: 'Agreement' });
    // A short charter fits its box: read on sight.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'I Agree' })).toBeEnabled());
  });

  it('is not shown once accepted', () => {
    show({ ...applicant, charterAccepted: true, charter_accepted: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
