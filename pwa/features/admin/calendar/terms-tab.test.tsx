// Admin → Terms: a row keeps its place while its dates are typed (the next field is still the same
// term's), and the terms are put in date order when they are saved, the order shown afterwards.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TermDefinition, TermsDocument } from '../../../../domain/calendar';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { renderAt } from '../../../test-providers';
import { answerRoutes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { AdminPage } from '../admin-page';
import { adminRoutes, MEMBERS } from '../test-handlers';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

// A year far ahead, so the editor shows it open whatever today is.
const TERMS: TermDefinition[] = [
  { id: 'winter-2040', name: 'Winter', start: '2040-01-01', end: '2040-04-30' },
  { id: 'spring-2040', name: 'Spring', start: '2040-05-01', end: '2040-06-30' },
  { id: 'fall-2040', name: 'Fall', start: '2040-09-01', end: '2040-12-31' },
];

function termsDoc(body: TermsDocument, version: number): ClubDocument<'terms'> {
  return { key: 'terms', version, body, publishedAt: version ? 1 : null, publishedBy: null, note: null, minor: false };
}

let current: ClubDocument<'terms'>;
beforeEach(() => {
  current = termsDoc({ terms: TERMS }, 1);
});

function renderTerms() {
  const api = answerRoutes(
    {
      ...adminRoutes({ members: MEMBERS, emails: [] }),
      'GET /club/documents/:key': () => current,
      'PUT /club/documents/:key': ({ body }) => (current = termsDoc(body!.body as TermsDocument, body!.version + 1)),
    },
    { user: administrator },
  );
  renderAt('/admin?tab=terms', '/admin', <AdminPage />, { user: administrator });
  return api;
}

const rowNames = () => within(screen.getByRole('group', { name: '2040' })).getAllByRole('group').map((g) => g.getAttribute('aria-label'));

describe('Admin → Terms', () => {
  it('keeps a row where it is while a date that sorts it elsewhere is typed, and sorts the terms on save', async () => {
    const user = userEvent.setup();
    const api = renderTerms();
    const winter = await screen.findByRole('group', { name: 'Winter 2040' });
    expect(rowNames()).toEqual(['Winter 2040', 'Spring 2040', 'Fall 2040']);

    // Winter moves to July: a date after Spring's, typed into Winter's first day.
    const first = within(winter).getByLabelText('First day');
    await user.clear(first);
    await user.type(first, '2040-07-01');
    expect(rowNames()).toEqual(['Winter 2040', 'Spring 2040', 'Fall 2040']);
    expect(first).toHaveFocus();
    await user.tab();
    expect(within(screen.getByRole('group', { name: 'Winter 2040' })).getByLabelText('Last day')).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}');
    await user.clear(document.activeElement!);
    await user.type(document.activeElement!, '2040-08-31');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Terms saved.')).toBeInTheDocument();
    const sent = api.to('PUT /club/documents/:key')[0]!.body as { body: TermsDocument };
    expect(sent.body.terms).toEqual([
      TERMS[1],
      { id: 'winter-2040', name: 'Winter', start: '2040-07-01', end: '2040-08-31' },
      TERMS[2],
    ]);
    expect(rowNames()).toEqual(['Spring 2040', 'Winter 2040', 'Fall 2040']);
  });

  it('stops a term without a name beside that term, where it stands, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = renderTerms();
    const spring = await screen.findByRole('group', { name: 'Spring 2040' });
    await user.clear(within(spring).getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const row = screen.getByRole('group', { name: 'New term 2040' });
    expect(within(row).getByLabelText('Name')).toHaveAccessibleDescription('Give the term a name');
    expect(within(screen.getByRole('group', { name: 'Winter 2040' })).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(rowNames()).toEqual(['Winter 2040', 'New term 2040', 'Fall 2040']);
    expect(api.to('PUT /club/documents/:key')).toEqual([]);
  });
});
