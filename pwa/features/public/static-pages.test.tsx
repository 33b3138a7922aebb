import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { pageDocumentRoutes } from '../../test-page-documents';
import { defaultJoin } from '../../../domain/documents/club-pages';
import { FaqPage } from './faq-page';
import { JoinUsPage } from './join-us-page';
import { ResourcesPage, TeamGearPage } from './placeholder-pages';
import { starterPages } from '../../../domain/documents/starter-pages';
import { defaultTerms, starterTerms } from '../../../domain/calendar';
import { setClubTerms } from '../../lib/club/club-terms';

/** A visitor opens the page at `path`. */
const visit = (path: string, page: ReactNode) => renderAt(path, path, page, { user: null, visitor: true });

describe('placeholder pages', () => {
  it('Resources shows its exact text', async () => {
    answerRoutes(pageDocumentRoutes());
    visit('/resources', <ResourcesPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Resources');
    expect(await screen.findByText('Training plans, guides, and helpful links will appear here.')).toBeInTheDocument();
    expect(document.title).toMatch(/^Resources/);
  });

  it('Team Gear shows its exact text', async () => {
    answerRoutes(pageDocumentRoutes());
    visit('/team-gear', <TeamGearPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Team Gear');
    expect(await screen.findByText('Club-branded kits and merchandise. Coming soon!')).toBeInTheDocument();
  });

  it('Resources and Team Gear show what the club published instead of the placeholder', async () => {
    answerRoutes(
      pageDocumentRoutes({
        'resources-page': { placeholder: 'Soon.', links: [{ title: 'Swim drills', url: 'https://example.org/drills' }] },
        'gear-page': { placeholder: 'Soon.', items: [{ name: 'Tri suit', description: 'Order by **October**.' }] },
      }),
    );
    visit('/resources', <ResourcesPage />);
    expect(await screen.findByRole('link', { name: 'Swim drills' })).toHaveAttribute('href', 'https://example.org/drills');
    expect(screen.queryByText('Soon.')).toBeNull();
    visit('/team-gear', <TeamGearPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Tri suit' })).toBeInTheDocument();
    expect(screen.getByText('October').tagName).toBe('STRONG');
  });
});

describe('JoinUsPage', () => {
  afterEach(() => setClubTerms(defaultTerms().terms));

  it('leaves out the athlete types, and its link, for a club with none (a new club’s start)', async () => {
    answerRoutes(pageDocumentRoutes({ 'join-page': starterPages('Lakeside Rowing Club')['join-page'] }));
    visit('/join-us', <JoinUsPage />);
    await screen.findByRole('heading', { level: 2, name: /How to join in four steps/i });
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const targets = within(toc)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!);
    expect(targets).toEqual(['#goal', '#who-can-join', '#how-to-join', '#fees', '#sessions', '#charter']);
    for (const href of targets) expect(document.getElementById(href.slice(1))).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Athlete types' })).toBeNull();
  });

  it('shows a new club no package table and no demo price, only its note, and its own terms', async () => {
    setClubTerms(starterTerms('2026-11-29').terms);
    answerRoutes(pageDocumentRoutes({ 'join-page': starterPages('Lakeside Rowing Club')['join-page'] }));
    visit('/join-us', <JoinUsPage />);
    const fees = await screen.findByRole('region', { name: 'Package fees' });
    expect(within(fees).getByText('Ask the club about its packages while they are being set.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.body).not.toHaveTextContent(/HST|Full Tri|256/);
    // The step that pays points at the fees' note, and reads well without a table.
    expect(within(screen.getByRole('region', { name: /How to join/ })).getByRole('link', { name: 'what membership costs' })).toHaveAttribute('href', '#fees');
    const sessions = screen.getByRole('region', { name: 'Membership sessions' });
    expect(within(sessions).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['YearJanuary to December']);
    expect(sessions).not.toHaveTextContent(/Fall|Winter|September/);
  });

  it('says so when a club has no packages and no note', async () => {
    answerRoutes(pageDocumentRoutes({ 'join-page': { ...starterPages('Lakeside Rowing Club')['join-page'], feesNote: '' } }));
    visit('/join-us', <JoinUsPage />);
    const fees = await screen.findByRole('region', { name: 'Package fees' });
    expect(within(fees).getByText('The club has not listed its packages yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('links to every section, lists five steps and the six package fees plus HST', async () => {
    answerRoutes(pageDocumentRoutes());
    visit('/join-us', <JoinUsPage />);
    await screen.findByRole('table');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const targets = within(toc)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!);
    expect(targets).toEqual(['#goal', '#who-can-join', '#athlete-types', '#how-to-join', '#fees', '#sessions', '#charter']);
    for (const href of targets) expect(document.getElementById(href.slice(1))).not.toBeNull();
    expect(document.querySelectorAll('#how-to-join ol > li')).toHaveLength(5);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [within(r).getByRole('rowheader').textContent, r.lastElementChild!.textContent])).toEqual([
      ['Full Tri', '256 + HST'],
      ['Half Tri', '136 + HST'],
      ['Full Du', '213 + HST'],
      ['Half Du', '122 + HST'],
      ['Full Run', '182 + HST'],
      ['Half Run', '101 + HST'],
    ]);
    expect(screen.getByText(/Fall or Winter session only/)).toBeInTheDocument();
    const sessions = document.getElementById('sessions')!;
    for (const text of ['Fall', 'September to December', 'Winter', 'January to April', 'Spring', 'May to June', 'Summer', 'July to August']) {
      expect(sessions).toHaveTextContent(text);
    }
    expect(sessions).toHaveTextContent(/not pro-rated/);
    expect(within(document.getElementById('charter')!).getByRole('heading', { level: 3, name: 'Agreement' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How to join in five steps' })).toBeInTheDocument();
    expect(within(document.getElementById('how-to-join')!).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/login?mode=signup');
  });

  it('shows the steps and fees the club published', async () => {
    answerRoutes(
      pageDocumentRoutes({
        'join-page': {
          intro: 'Come along.',
          goal: 'Have *fun*.',
          whoCanJoin: ['Anyone'],
          athleteTypes: [],
          steps: [
            { title: 'Pay', text: 'At the desk.' },
            { title: 'Sign up', text: 'Here.' },
          ],
          fees: [{ name: 'Season', for: 'Everyone', covers: 'Whole year', fee: 99 }],
          feesNote: '',
          tax: { name: 'HST', included: false },
        },
      }),
    );
    visit('/join-us', <JoinUsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'How to join in two steps' })).toBeInTheDocument();
    expect(screen.getByText('Come along.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['SeasonEveryoneWhole year99 + HST']);
  });

  it('quotes the fees with the club’s own tax, or none', async () => {
    const join = { ...defaultJoin(), feesNote: '', fees: [{ name: 'Season', for: 'Everyone', covers: 'Whole year', fee: 180 }] };
    answerRoutes(pageDocumentRoutes({ 'join-page': { ...join, tax: { name: 'GST', included: true } } }));
    const first = visit('/join-us', <JoinUsPage />);
    const table = await screen.findByRole('table', { name: 'Membership package fees, incl. GST' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('SeasonEveryoneWhole year180 incl. GST');
    expect(document.body).not.toHaveTextContent('HST');
    first.unmount();

    answerRoutes(pageDocumentRoutes({ 'join-page': { ...join, tax: { name: '', included: false } } }));
    visit('/join-us', <JoinUsPage />);
    const untaxed = await screen.findByRole('table', { name: 'Membership package fees' });
    expect(within(untaxed).getAllByRole('row')[1]).toHaveTextContent(/^SeasonEveryoneWhole year180$/);
  });
});

describe('FaqPage', () => {
  it('has the thirteen topics as disclosures', async () => {
    answerRoutes(pageDocumentRoutes());
    visit('/faq', <FaqPage />);
    await screen.findByText('How do I join the club?');
    const items = document.querySelectorAll('details');
    expect(items).toHaveLength(13);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const text = document.body.textContent!;
    for (const fact of ['300 m', '17 or over', '2 hours', '10 minutes', '24 hours', '213 + HST', '122 + HST', 'not pro-rated']) {
      expect(text).toContain(fact);
    }
  });
});

describe('FaqPage as the club edits it', () => {
  it('shows the published questions in their order, with the answers’ Markdown rendered and links within the app', async () => {
    answerRoutes(
      pageDocumentRoutes({
        'faq-page': {
          items: [
            { id: 'second', question: 'Second?', answer: 'See the [schedule](/schedule).' },
            { id: 'first', question: 'First?', answer: 'Yes, *really*.' },
          ],
        },
      }),
    );
    visit('/faq', <FaqPage />);
    await screen.findByText('Second?');
    expect([...document.querySelectorAll('summary')].map((s) => s.textContent)).toEqual(['Second?', 'First?']);
    expect(screen.getByRole('link', { name: 'schedule', hidden: true })).toHaveAttribute('href', '/schedule');
    expect(screen.getByText('really', { selector: 'em' })).toBeInTheDocument();
  });
});
