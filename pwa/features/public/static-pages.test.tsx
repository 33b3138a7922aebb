import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test-providers';
import { FaqPage } from './faq-page';
import { JoinUsPage } from './join-us-page';
import { ResourcesPage, TeamGearPage } from './placeholder-pages';

/** A visitor opens the page at `path`. */
const visit = (path: string, page: ReactNode) => renderAt(path, path, page, { user: null, visitor: true });

describe('placeholder pages', () => {
  it('Resources shows its exact text', () => {
    visit('/resources', <ResourcesPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Resources');
    expect(screen.getByText('Training plans, guides, and helpful links will appear here.')).toBeInTheDocument();
    expect(document.title).toMatch(/^Resources/);
  });

  it('Team Gear shows its exact text', () => {
    visit('/team-gear', <TeamGearPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Team Gear');
    expect(screen.getByText('Club-branded kits and merchandise. Coming soon!')).toBeInTheDocument();
  });
});

describe('JoinUsPage', () => {
  it('links to every section, lists five steps and the six package fees plus HST', () => {
    visit('/join-us', <JoinUsPage />);
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
  });
});

describe('FaqPage', () => {
  it('has the thirteen topics as disclosures', () => {
    visit('/faq', <FaqPage />);
    const items = document.querySelectorAll('details');
    expect(items).toHaveLength(13);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const text = document.body.textContent!;
    for (const fact of ['300 m', '17 or over', '2 hours', '10 minutes', '24 hours', '213 + HST', '122 + HST', 'not pro-rated']) {
      expect(text).toContain(fact);
    }
  });
});
