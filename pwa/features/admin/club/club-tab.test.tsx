import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultClubIdentity, type ClubIdentity } from '../../../../domain/documents/club-identity';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { AdminPage } from '../admin-page';
import { adminRoutes, MEMBERS } from '../test-handlers';
import { clubIdentity } from '../../../lib/club/club-identity';
import { DOCUMENT_RULES, type DocumentKey } from '../../../../domain/documents/club-documents';

function defaultDocument(key: DocumentKey) {
  const body = DOCUMENT_RULES[key].defaults({ clubEmail: 'club@example.org', clubTimeZone: 'America/Toronto' });
  return { key, version: 0, body, html: {}, publishedAt: null, publishedBy: null, note: null, minor: false };
}

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

function doc(body: ClubIdentity, version: number): ClubDocument<'club'> {
  return { key: 'club', version, body, publishedAt: version ? 1 : null, publishedBy: version ? { id: 1, name: 'Ada Other' } : null, note: null, minor: false };
}

let current: ClubDocument<'club'>;
beforeEach(() => {
  current = doc(defaultClubIdentity('club@club.test'), 0);
});

function renderClub(more: Routes = {}) {
  const api = answerRoutes(
    {
      ...adminRoutes({ members: MEMBERS, emails: [] }),
      // The club's document, and every other tab's at its default (the arrow keys open them all).
      'GET /club/documents/:key': ({ params }) => (params.key === 'club' ? current : defaultDocument(params.key as DocumentKey)),
      ...more,
    },
    { user: administrator },
  );
  renderAt('/admin?tab=club', '/admin', <AdminPage />, { user: administrator });
  return api;
}

describe('Admin → Club', () => {
  it('shows the settings in force under the labels, and saves them as the next version', async () => {
    const api = renderClub({
      'PUT /club/documents/:key': ({ body }) => (current = doc(body!.body as ClubIdentity, current.version + 1)),
    });
    expect(await screen.findByRole('tab', { name: 'Club', selected: true })).toBeInTheDocument();
    const name = await screen.findByLabelText('Club name');
    expect(name).toHaveValue('University Triathlon Club');
    expect(screen.getByLabelText('Short name')).toHaveValue('Tri Club');
    expect(screen.getByLabelText('Main colour')).toHaveValue('#072f54');
    expect(screen.getByLabelText('Contact email')).toHaveValue('club@club.test');
    for (const label of ['Logo', 'Instagram', 'Facebook', 'Strava']) expect(screen.getByLabelText(label)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Lakeside Rowing Club');
    await user.clear(screen.getByLabelText('Main colour'));
    await user.type(screen.getByLabelText('Main colour'), '#14532D');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
    const [put] = api.to('PUT /club/documents/:key');
    expect(put!.body).toMatchObject({ version: 0, body: { name: 'Lakeside Rowing Club', mainColour: '#14532d', shortName: 'Tri Club' } });
    // The header, titles and colour of this device follow at once.
    expect(clubIdentity().name).toBe('Lakeside Rowing Club');
    expect(document.documentElement.style.getPropertyValue('--club-main')).toBe('#14532d');
  });

  it('refuses a low-contrast colour beside its field and stops the short name at 12 characters, sending nothing', async () => {
    const api = renderClub();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Main colour'));
    await user.type(screen.getByLabelText('Main colour'), '#ffcc00');
    const short = screen.getByLabelText('Short name');
    await user.clear(short);
    // The field stops typing at 12 characters (a 13th is the server's refusal, api/club/club.test.ts).
    await user.type(short, 'Thirteen chars');
    expect(short).toHaveValue('Thirteen cha');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/White text on this colour is hard to read/)).toBeInTheDocument();
    expect(screen.getByLabelText('Main colour')).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('PUT /club/documents/:key')).toEqual([]);
  });

  it('sets the tagline, the description and the accent colour, which paints its shades on this device at once', async () => {
    const api = renderClub({
      'PUT /club/documents/:key': ({ body }) => (current = doc(body!.body as ClubIdentity, current.version + 1)),
    });
    const user = userEvent.setup();
    const tagline = await screen.findByLabelText('Tagline');
    expect(tagline).toHaveValue('Swim · Bike · Run');
    expect(screen.getByLabelText('Description')).toHaveValue(defaultClubIdentity('club@club.test').description);
    const accent = screen.getByLabelText('Accent colour');
    expect(accent).toHaveValue('#c2410c');
    expect(accent).toHaveAccessibleDescription(/White text on it, and it as text on white, must be readable/);
    await user.clear(tagline);
    await user.type(tagline, 'Row · Swim · Bike · Run');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Rowing and triathlon on the harbour.');
    await user.clear(accent);
    await user.type(accent, '#6B21A8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
    const [put] = api.to('PUT /club/documents/:key');
    expect(put!.body).toMatchObject({ body: { tagline: 'Row · Swim · Bike · Run', description: 'Rowing and triathlon on the harbour.', accentColour: '#6b21a8' } });
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--club-accent')).toBe('#6b21a8');
    expect(root.getPropertyValue('--club-accent-tint')).toMatch(/^#[0-9a-f]{6}$/);
    expect(root.getPropertyValue('--club-main-strong')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('refuses an accent white text cannot be read on, beside its field, and keeps what was typed', async () => {
    const api = renderClub();
    const user = userEvent.setup();
    const accent = await screen.findByLabelText('Accent colour');
    await user.clear(accent);
    await user.type(accent, '#f2a900');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(accent).toHaveAttribute('aria-invalid', 'true'));
    expect(accent.closest('.field')).toHaveTextContent('White text on this colour is hard to read');
    expect(accent).toHaveValue('#f2a900');
    expect(api.to('PUT /club/documents/:key')).toEqual([]);
  });

  it("shows the server's refusal next to the field it names", async () => {
    renderClub({ 'PUT /club/documents/:key': jsonReply({ error: 'The short name is at most 12 characters (a home screen cuts it off)', field: 'shortName' }, 400) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const field = screen.getByLabelText('Short name');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field.closest('.field')).toHaveTextContent('The short name is at most 12 characters');
  });

  it('shows the newer version when someone else saved first, and saves over it only when asked again', async () => {
    const theirs = doc({ ...defaultClubIdentity('club@club.test'), name: 'Their Club Name' }, 1);
    let puts = 0;
    const api = renderClub({
      'PUT /club/documents/:key': ({ body }) =>
        ++puts === 1 ? jsonReply({ error: 'Someone else published a newer version while you were editing: here it is.', current: theirs }, 409) : doc(body!.body as ClubIdentity, body!.version + 1),
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Club name');
    await user.clear(name);
    await user.type(name, 'My Club Name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const newer = await screen.findByRole('region', { name: 'The newer settings' });
    expect(within(newer).getByText(/Their Club Name/)).toBeInTheDocument();
    expect(screen.getByLabelText('Club name')).toHaveValue('My Club Name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
    expect(api.to('PUT /club/documents/:key').map((c) => (c.body as { version: number }).version)).toEqual([0, 1]);
  });

  it('moves between all the tabs with the arrow keys, Home and End', async () => {
    renderClub();
    const user = userEvent.setup();
    const club = await screen.findByRole('tab', { name: 'Club' });
    club.focus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: /All Members/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getAllByRole('tab').at(-1)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /All Members/, selected: true })).toHaveFocus();
  });
});
