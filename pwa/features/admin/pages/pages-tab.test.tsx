// Admin → Pages: an editor's preview, the order of the FAQ by buttons and by drag, a publish that
// meets a newer version (shown, the editor's own text kept), history and restore, and an exec
// without an administrator's leave.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAGE_PLACEHOLDERS, type FaqPage, type HomePage, type PageKey } from '../../../../domain/documents/club-pages';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { pageDocument } from '../../../test-page-documents';
import { AdminPage } from '../admin-page';
import { PagesScreen } from './pages-screen';

const administrator = testUser('administrator', { id: 1, name: 'Alex Admin', email: 'administrator@club.test' });
const exec = testUser('exec', { id: 2, name: 'Erin Exec', email: 'exec@club.test' });

const FAQ: FaqPage = {
  items: [
    { id: 'one', question: 'First question?', answer: 'First answer.' },
    { id: 'two', question: 'Second question?', answer: 'Second answer.' },
    { id: 'three', question: 'Third question?', answer: 'Third answer.' },
  ],
};

function published(body: FaqPage, version: number, by = 'Alex Admin'): ClubDocument<'faq-page'> {
  return { ...pageDocument('faq-page', body, version), publishedAt: Date.UTC(2026, 10, 20, 15), publishedBy: { id: 1, name: by } };
}

function routes(more: Routes = {}, faq = published(FAQ, 1)): Routes {
  return {
    'GET /club/documents/:key': ({ params }) =>
      params.key === 'permissions'
        ? { key: 'permissions', version: 0, body: { execsEditPages: false }, publishedAt: null, publishedBy: null, note: null, minor: false }
        : params.key === 'faq-page'
          ? faq
          : pageDocument(params.key as PageKey),
    'GET /club/documents/:key/versions': () => ({ current: 1, versions: [published(FAQ, 1)] }),
    ...more,
  };
}

function renderPages(more: Routes = {}, faq?: ClubDocument<'faq-page'>) {
  const api = answerRoutes(routes(more, faq), { user: administrator });
  renderAt('/admin?tab=pages', '/admin', <AdminPage />, { user: administrator });
  return api;
}

/** Opens the FAQ's editor (the first page of the list is Home). */
async function openFaq() {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Page' }), 'FAQ');
}

const questions = () => screen.getAllByRole('textbox', { name: 'Question' }).map((input) => (input as HTMLInputElement).value);

describe('Admin → Pages', () => {
  it('previews the FAQ as the page will show it, Markdown rendered, before anything is published', async () => {
    const user = userEvent.setup();
    const api = renderPages();
    await openFaq();
    const answers = await screen.findAllByRole('textbox', { name: 'Answer' });
    await user.clear(answers[0]!);
    await user.type(answers[0]!, 'Now **bold** and [[a link](/schedule)');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(within(preview).getByRole('link', { name: 'a link' })).toHaveAttribute('href', '/schedule');
    expect(within(preview).getByText('First question?')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // Back to editing: what was typed is still there.
    await user.click(screen.getByRole('button', { name: 'Back to editing' }));
    expect(screen.getAllByRole('textbox', { name: 'Answer' })[0]).toHaveValue('Now **bold** and [a link](/schedule)');
  });

  it('reorders the questions with the Up and Down buttons (the focus follows) and by drag, and publishes that order', async () => {
    const user = userEvent.setup();
    const api = renderPages({ 'PUT /club/documents/:key': ({ body }) => published(body!.body as FaqPage, 2) });
    await openFaq();
    await screen.findAllByRole('textbox', { name: 'Question' });
    const down = screen.getByRole('button', { name: 'Move question 1: First question? down' });
    await user.click(down);
    expect(questions()).toEqual(['Second question?', 'First question?', 'Third question?']);
    expect(screen.getByRole('button', { name: 'Move question 2: First question? down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(questions()).toEqual(['Second question?', 'Third question?', 'First question?']);
    // At the bottom its Down is disabled: the focus moves to its Up.
    expect(screen.getByRole('button', { name: 'Move question 3: First question? up' })).toHaveFocus();
    // Drag the third onto the first.
    const items = screen.getByRole('list', { name: "Questions, in the page's order" }).children;
    const handle = items[2]!.querySelector('.reorderable__handle')!;
    fireEvent.dragStart(handle, { dataTransfer: { setData: () => undefined, effectAllowed: '' } });
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);
    expect(questions()).toEqual(['First question?', 'Second question?', 'Third question?']);
    await user.click(screen.getAllByRole('button', { name: /^Move question 2: .* up$/ })[0]!);
    expect(questions()).toEqual(['Second question?', 'First question?', 'Third question?']);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published. The FAQ page shows it now.');
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/club/documents/faq-page');
    expect(put.body).toMatchObject({ version: 1, body: { items: [{ id: 'two' }, { id: 'one' }, { id: 'three' }] } });
  });

  it('shows the newer version another editor published, keeps what was typed, and publishes over it once told to', async () => {
    const user = userEvent.setup();
    const theirs = published({ items: [{ id: 'one', question: 'First question?', answer: 'Their **new** answer.' }] }, 2, 'Ada Other');
    const puts: unknown[] = [];
    renderPages({
      'PUT /club/documents/:key': ({ body }) => {
        puts.push(body);
        return puts.length === 1
          ? jsonReply({ error: 'Someone else published a newer version while you were editing: here it is. Your changes are still in the form.', current: theirs }, 409)
          : published(body!.body as FaqPage, 3);
      },
    });
    await openFaq();
    const answers = await screen.findAllByRole('textbox', { name: 'Answer' });
    await user.clear(answers[1]!);
    await user.type(answers[1]!, 'My own answer.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ada Other published version 2 while you were editing.');
    expect(within(alert).getByText('new').tagName).toBe('STRONG');
    // The editor's own input is untouched.
    expect(screen.getAllByRole('textbox', { name: 'Answer' })[1]).toHaveValue('My own answer.');
    await user.click(screen.getByRole('button', { name: 'Keep my changes' }));
    expect(screen.queryByText(/while you were editing/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published. The FAQ page shows it now.');
    expect(puts[1]).toMatchObject({ version: 2, body: { items: [{ id: 'one' }, { id: 'two', answer: 'My own answer.' }, { id: 'three' }] } });
  });

  it('shows the field the server refused next to it', async () => {
    const user = userEvent.setup();
    renderPages({ 'PUT /club/documents/:key': () => jsonReply({ error: 'Write the question', field: 'items.1.question' }, 400) });
    await openFaq();
    const inputs = await screen.findAllByRole('textbox', { name: 'Question' });
    await user.type(inputs[1]!, ' again');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Question' })[1]).toHaveAccessibleDescription('Write the question'));
    expect(screen.getAllByRole('textbox', { name: 'Question' })[0]).not.toHaveAttribute('aria-invalid');
  });

  it("stops a question left empty beside it, with the page's own rule, and sends nothing", async () => {
    const user = userEvent.setup();
    const api = renderPages({});
    await openFaq();
    const inputs = await screen.findAllByRole('textbox', { name: 'Question' });
    await user.clear(inputs[1]!);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getAllByRole('textbox', { name: 'Question' })[1]).toHaveAccessibleDescription('Write the question');
    expect(screen.getByRole('alert')).toHaveTextContent('Not published: Write the question.');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('lists the versions with who and when, and restores one', async () => {
    const user = userEvent.setup();
    const old = published({ items: [{ id: 'one', question: 'Old question?', answer: 'Old.' }] }, 1, 'Erin Exec');
    const api = renderPages(
      {
        'GET /club/documents/:key/versions': () => ({ current: 2, versions: [published(FAQ, 2), old] }),
        'POST /club/documents/:key/versions/:version/restore': () => ({ ...old, version: 3, note: 'Restored version 1' }),
      },
      published(FAQ, 2),
    );
    await openFaq();
    const history = await screen.findByRole('list', { name: 'Versions, newest first' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Version 2 (in force)');
    expect(rows[1]).toHaveTextContent('Version 1');
    expect(rows[1]).toHaveTextContent('Erin Exec');
    expect(rows[2]).toHaveTextContent('Default');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Show version 1' }));
    expect(within(rows[1]!).getByText('Old question?')).toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Restore this version (version 1)' }));
    await screen.findByText('Version 1 is in force again.');
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/club/documents/faq-page/versions/1/restore', body: { version: 2 } });
    expect(screen.getAllByRole('textbox', { name: 'Question' }).map((i) => (i as HTMLInputElement).value)).toEqual(['Old question?']);
  });

  it('explains every placeholder under each field that takes them, from the one table, closed until asked for', async () => {
    const user = userEvent.setup();
    renderPages();
    await openFaq();
    const answer = (await screen.findAllByRole('textbox', { name: 'Answer' }))[0]!;
    expect(answer).toHaveAccessibleDescription(/A placeholder in braces, such as \{club\}, becomes the club’s setting/);
    const field = answer.closest('.field') as HTMLElement;
    const disclosure = within(field).getByText('Placeholders you can type');
    const list = field.querySelector('details.placeholders')!;
    expect(list).not.toHaveAttribute('open');
    await user.click(disclosure);
    expect(list).toHaveAttribute('open');
    const terms = [...list.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(PAGE_PLACEHOLDERS.map((p) => p.token));
    expect(terms).toContain('{email}');
    for (const p of PAGE_PLACEHOLDERS) expect(within(field).getByText(p.becomes)).toBeInTheDocument();
  });

  it('lets an administrator allow execs to edit the pages', async () => {
    const user = userEvent.setup();
    const api = renderPages({
      'PUT /club/documents/:key': () => ({ key: 'permissions', version: 1, body: { execsEditPages: true }, publishedAt: 1, publishedBy: { id: 1, name: 'Alex Admin' }, note: null, minor: false }),
    });
    await openFaq();
    await user.click(await screen.findByRole('checkbox', { name: 'Execs may edit the pages' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Execs may edit the pages' })).toBeChecked());
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/club/documents/permissions', body: { body: { execsEditPages: true }, version: 0 } });
  });
});

describe('Admin → Pages: Home', () => {
  it('adds an uploaded photo to the slideshow, asks for its alt text and publishes it', async () => {
    const user = userEvent.setup();
    const api = renderPages({
      'POST /club/photos': { image: '/uploads/0123456789abcdef0123456789abcdef' },
      'PUT /club/documents/:key': ({ body }) => ({ ...pageDocument('home-page'), version: 1, body: body!.body as never }),
    });
    const upload = await screen.findByLabelText('Add a photo');
    await user.upload(upload, new File(['png'], 'lake.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Alt text (what the photo shows)' })).toHaveLength(4));
    const sent = api.calls.find((c) => c.method === 'POST')!;
    expect(sent.path).toBe('/club/photos');
    expect((sent.body as FormData).get('photo')).toBeInstanceOf(File);
    const alts = screen.getAllByRole('textbox', { name: 'Alt text (what the photo shows)' });
    await user.type(alts[3]!, 'The team at the lake');
    await user.type(screen.getAllByRole('textbox', { name: 'Caption' })[3]!, 'Summer');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published. The Home page shows it now.');
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { body: { photos: unknown[] } }).body.photos[3]).toEqual({
      image: '/uploads/0123456789abcdef0123456789abcdef',
      alt: 'The team at the lake',
      caption: 'Summer',
    });
  });
});

describe('Admin → Pages: Home’s cards and figures', () => {
  it('edits a card and a figure, previews the figure filled in, and publishes both', async () => {
    const user = userEvent.setup();
    const api = renderPages({
      'PUT /club/documents/:key': ({ body }) => ({ ...pageDocument('home-page'), version: 1, body: body!.body as never }),
    });
    const titles = await screen.findAllByRole('textbox', { name: 'Card title' });
    expect(titles.map((t) => (t as HTMLInputElement).value)).toEqual(['Swim', 'Bike', 'Run']);
    await user.clear(titles[1]!);
    await user.type(titles[1]!, 'Row');
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Card picture' })[1]!, 'No picture');
    const texts = screen.getAllByRole('textbox', { name: 'Card text' });
    await user.clear(texts[1]!);
    await user.type(texts[1]!, 'Eights on the harbour.');
    const figures = screen.getAllByRole('textbox', { name: 'Figure' });
    expect(figures.map((f) => (f as HTMLInputElement).value)).toEqual(['2 h', '{start:Group tempo run}', '{terms-a-year}']);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    // Filled as the page will show it, from this device's terms.
    expect(within(preview).getByText('Membership sessions a year').closest('div')).toHaveTextContent('4');
    expect(within(preview).getByRole('heading', { name: 'Row' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to editing' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published. The Home page shows it now.');
    const put = api.calls.find((c) => c.method === 'PUT')!;
    const body = (put.body as { body: HomePage }).body;
    expect(body.cards[1]).toEqual({ icon: 'none', title: 'Row', text: 'Eights on the harbour.' });
    expect(body.figures).toHaveLength(3);
  });
});

describe('/admin/pages for an exec', () => {
  it('says an administrator has not allowed it when the server refuses', async () => {
    answerRoutes(routes({ 'GET /club/documents/:key/versions': () => jsonReply({ error: 'Only administrators, and execs when allowed, can change the pages' }, 403) }), { user: exec });
    renderAt('/admin/pages', '/admin/pages', <PagesScreen />, { user: exec });
    expect(await screen.findByText(/An administrator has not allowed execs to edit the pages/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Question' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Execs may edit the pages' })).toBeNull();
  });

  it('opens the editor when allowed', async () => {
    answerRoutes(routes(), { user: exec });
    renderAt('/admin/pages', '/admin/pages', <PagesScreen />, { user: exec });
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Swim. Bike. Run. Together.');
    expect(screen.getAllByRole('textbox', { name: 'Alt text (what the photo shows)' })).toHaveLength(3);
    await openFaq();
    expect(await screen.findAllByRole('textbox', { name: 'Question' })).toHaveLength(3);
  });
});
