// The one frame of a club document's editor: loading and a retry, a newer version met on save (what
// was typed is kept, then published over theirs or dropped for theirs), the document's schema checked
// before sending, and a problem shown beside the field it names or, for a field the tab does not
// show, above Save.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultClubIdentity, type ClubIdentity } from '../../../../domain/documents/club-identity';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { FormField } from '../../../components/form-field';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { DocumentFrame } from './document-frame';
import { useDocumentEditor } from './use-document-editor';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

function club(name: string, version: number, by = 'Ada Other'): ClubDocument<'club'> {
  const body = { ...defaultClubIdentity('club@club.test'), name };
  return { key: 'club', version, body, publishedAt: version ? 1 : null, publishedBy: version ? { id: 2, name: by } : null, note: null, minor: false };
}

/** A tab as small as one can be: the club's name, on the frame. */
function NameTab() {
  const editor = useDocumentEditor('club', { what: 'name' });
  return (
    <DocumentFrame
      editor={editor}
      saveLabel="Save the name"
      savedNotice={(saved) => `Saved as version ${saved.version}.`}
      theirs={({ body }) => `Their name: ${body.name}`}
      showsField={(path) => path === 'name'}
    >
      {(draft) => (
        <FormField label="Name" error={editor.errorAt('name')}>
          {(control) => <input {...control} value={draft.name} onChange={(e) => editor.setDraft({ ...draft, name: e.target.value })} />}
        </FormField>
      )}
    </DocumentFrame>
  );
}

let current: ClubDocument<'club'>;
beforeEach(() => {
  current = club('Ours', 3, 'Alex Admin');
});

function renderTab(routes: Routes) {
  const api = answerRoutes({ 'GET /club/documents/:key': () => current, ...routes }, { user: administrator });
  renderAt('/tab', '/tab', <NameTab />, { user: administrator });
  return api;
}

const puts = (api: ReturnType<typeof renderTab>) => api.to('PUT /club/documents/:key').map((c) => c.body as { version: number; body: ClubIdentity });

describe('DocumentFrame', () => {
  it('keeps what was typed when someone saved first, shows theirs, and "Keep mine and save" publishes over their version', async () => {
    const theirs = club('Theirs', 4);
    const api = renderTab({
      'PUT /club/documents/:key': ({ body }) =>
        body!.version === 3 ? jsonReply({ error: 'Someone else published a newer version while you were editing: here it is.', current: theirs }, 409) : club((body!.body as ClubIdentity).name, body!.version + 1, 'Alex Admin'),
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Mine');
    expect(screen.getByText('Not saved yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the name' }));

    const panel = await screen.findByRole('region', { name: 'The newer name' });
    expect(within(panel).getByRole('alert')).toHaveTextContent('Ada Other saved a newer version while you were editing.');
    expect(within(panel).getByText('Their name: Theirs')).toBeInTheDocument();
    // What was typed is still in the field, and still unsaved.
    expect(screen.getByLabelText('Name')).toHaveValue('Mine');

    await user.click(within(panel).getByRole('button', { name: 'Keep mine and save' }));
    expect(await screen.findByText('Saved as version 5.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The newer name' })).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('Mine');
    expect(screen.queryByText('Not saved yet.')).toBeNull();
    expect(puts(api).map((p) => [p.version, p.body.name])).toEqual([
      [3, 'Mine'],
      [4, 'Mine'],
    ]);
  });

  it('"Use theirs" replaces the draft with the newer version, and the next save is made from it', async () => {
    const api = renderTab({
      'PUT /club/documents/:key': ({ body }) =>
        body!.version === 3 ? jsonReply({ error: 'Newer', current: club('Theirs', 4) }, 409) : club((body!.body as ClubIdentity).name, body!.version + 1, 'Alex Admin'),
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await user.type(name, ' and mine');
    await user.click(screen.getByRole('button', { name: 'Save the name' }));
    await user.click(await screen.findByRole('button', { name: 'Use theirs' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Theirs');
    expect(screen.queryByRole('region', { name: 'The newer name' })).toBeNull();
    await user.type(screen.getByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save the name' }));
    expect(await screen.findByText('Saved as version 5.')).toBeInTheDocument();
    expect(puts(api).map((p) => [p.version, p.body.name])).toEqual([
      [3, 'Ours and mine'],
      [4, 'Theirs!'],
    ]);
  });

  it("shows a 400's message next to the field it names, and clears it once the field is typed in", async () => {
    renderTab({ 'PUT /club/documents/:key': jsonReply({ error: 'The name is too plain', field: 'name' }, 400) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save the name' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('The name is too plain'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // Said once, beside the field: not again above Save.
    expect(screen.getAllByText('The name is too plain')).toHaveLength(1);
    await user.type(name, '!');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('The name is too plain')).toBeNull();
  });

  it("checks the draft with the document's own schema before sending: the message beside its field, which takes the focus", async () => {
    const api = renderTab({});
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save the name' }));
    expect(name).toHaveAccessibleDescription('Give the club a name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(puts(api)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal of a field the tab does not show above Save, in an alert', async () => {
    renderTab({ 'PUT /club/documents/:key': jsonReply({ error: 'Write a contact address', field: 'contactEmail' }, 400) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save the name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a contact address');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('says when the document could not be loaded, and loads it on "Try again"', async () => {
    let reads = 0;
    renderTab({ 'GET /club/documents/:key': () => (++reads === 1 ? jsonReply({ error: 'The server is resting' }, 503) : current) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is resting');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Ours');
    expect(screen.getByRole('button', { name: 'Save the name' })).toBeEnabled();
  });
});
