import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerRoutes } from '../../test-server';
import { defaultSeasons, starterSeasons } from '../../../domain/schedule';
import { defaultSports } from '../../../domain/sports';
import { setClubSports } from '../../lib/club/club-sports';

const SEASONS = defaultSeasons().seasons;
import { SchedulePage } from './schedule-page';

/** The page once the club's seasons have come: a browser-drawn visit waits for them. */
async function renderLoaded() {
  render(
    <MemoryRouter>
      <SchedulePage />
    </MemoryRouter>,
  );
  await screen.findByRole('tablist', { name: 'Seasons' });
}

function selectedTab() {
  return screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')!;
}

describe('SchedulePage', () => {
  // Until a test publishes its own, the club's seasons are the defaults.
  beforeEach(() => {
    answerRoutes({ 'GET /club/documents/:key': { key: 'seasons', version: 0, body: defaultSeasons(), publishedAt: null, publishedBy: null, note: null, minor: false } });
  });

  it('opens on Spring with its dates, weekly grid and where-to-go notes', async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Seasons' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Spring', 'Summer', 'Fall/Winter']);
    expect(selectedTab()).toHaveTextContent('Spring');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', selectedTab().id);
    expect(panel).toHaveTextContent('April 29 to June 25');
    const days = within(panel).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(panel).toHaveTextContent('Group tempo run');
    expect(panel).toHaveTextContent('6:15 PM');
    expect(within(panel).getAllByRole('term').map((t) => t.textContent)).toEqual(['Swims', 'Spins', 'Bricks', 'Track', 'Tempo runs']);
  });

  it('switches season on click', async () => {
    await renderLoaded();
    fireEvent.click(screen.getByRole('tab', { name: 'Summer' }));
    expect(selectedTab()).toHaveTextContent('Summer');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('June 25 to August 20');
    fireEvent.click(screen.getByRole('tab', { name: 'Fall/Winter' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('September 1 to April 29');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Spin class');
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping, with one tab in the tab order', async () => {
    await renderLoaded();
    const spring = screen.getByRole('tab', { name: 'Spring' });
    spring.focus();
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    fireEvent.keyDown(spring, { key: 'ArrowRight' });
    expect(selectedTab()).toHaveTextContent('Summer');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Summer' }));
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(selectedTab()).toHaveTextContent('Spring');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(selectedTab()).toHaveTextContent('Fall/Winter');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(selectedTab()).toHaveTextContent('Spring');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(selectedTab()).toHaveTextContent('Fall/Winter');
    expect(document.activeElement).toBe(selectedTab());
  });

  it('has a workout of every kind in the year, each a default workout type, and 2-hour swim practices', () => {
    const kinds = new Set(SEASONS.flatMap((s) => s.sessions.map((t) => t.kind)));
    expect([...kinds].sort()).toEqual(['brick', 'outdoor-ride', 'run', 'spin', 'swim']);
    const types = defaultSports().types.map((t) => t.id);
    expect([...kinds].every((k) => types.includes(k))).toBe(true);
    for (const season of SEASONS) {
      for (const t of season.sessions) {
        if (t!.title === 'Swim practice') {
          const [sh, sm] = t!.start.split(':').map(Number);
          const [eh, em] = t!.end.split(':').map(Number);
          expect(eh! * 60 + em! - (sh! * 60 + sm!)).toBe(120);
        }
      }
    }
  });

  it('shows no timetable of any club while the club’s own is on its way, and says so if it cannot come', async () => {
    answerRoutes({ 'GET /club/documents/:key': () => new Response(JSON.stringify({ error: 'Server error' }), { status: 500 }) });
    render(<SchedulePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(await screen.findByText('The schedule could not be loaded.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Spring|Swim practice|Aquatic/);
  });

  it('says in a sentence that a new club has no weekly sessions yet, with no timetable, no where-to-go and no empty tabs', async () => {
    answerRoutes({ 'GET /club/documents/:key': { key: 'seasons', version: 1, body: starterSeasons(), publishedAt: 1, publishedBy: null, note: null, minor: false } });
    render(
      <MemoryRouter>
        <SchedulePage />
      </MemoryRouter>,
    );
    const forum = await screen.findByRole('link', { name: 'forum' });
    expect(forum).toHaveAttribute('href', '/forum');
    expect(forum.closest('p')).toHaveTextContent(/^No weekly sessions are set out yet\. See the forum for what is on\.$/);
    expect(screen.queryByRole('heading', { name: 'Weekly timetable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Where to go' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText('Rest day')).not.toBeInTheDocument();
  });

  it('says so in a season with notes but no sessions, and shows its notes', async () => {
    const doc = starterSeasons();
    doc.seasons[0]!.notes = [{ topic: 'Boats', text: 'Meet at the boathouse.' }];
    answerRoutes({ 'GET /club/documents/:key': { key: 'seasons', version: 2, body: doc, publishedAt: 1, publishedBy: null, note: null, minor: false } });
    await renderLoaded();
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('No weekly sessions are set out yet.');
    expect(within(panel).queryByRole('heading', { name: 'Weekly timetable' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Where to go' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Meet at the boathouse.');
  });

  describe("the club's own seasons", () => {
    afterEach(() => setClubSports(defaultSports()));

    it('shows the seasons the club published, its chosen tab first', async () => {
      const doc = defaultSeasons();
      doc.shownFirst = 'fall-winter';
      const fall = doc.seasons.find((s) => s.id === 'fall-winter')!;
      fall.name = 'Indoor';
      fall.sessions = [{ day: 'Tuesday', start: '06:00', end: '07:00', kind: 'erg', title: 'Erg intervals', place: 'Boathouse' }];
      answerRoutes({ 'GET /club/documents/:key': { key: 'seasons', version: 3, body: doc, publishedAt: 1, publishedBy: null, note: null, minor: false } });
      render(<SchedulePage />);
      expect(await screen.findByRole('tab', { name: 'Indoor', selected: true })).toBeInTheDocument();
      const panel = screen.getByRole('tabpanel');
      expect(panel).toHaveTextContent('Erg intervals');
      expect(panel).toHaveTextContent('Boathouse');
      expect(panel).toHaveTextContent('Erg');
      expect(panel).not.toHaveTextContent('Spin class');
    });

    it('badges each session with its workout type as Admin → Sports names and colours it; a stored “ride” is the Outdoor Ride type', async () => {
      const sports = defaultSports();
      sports.types.push({ id: 'erg', name: 'Erg', sport: 'row', colour: 'teal', minutes: 45, retired: false });
      setClubSports(sports);
      const doc = defaultSeasons();
      doc.seasons[0]!.sessions = [
        { day: 'Tuesday', start: '06:00', end: '07:00', kind: 'erg', title: 'Erg intervals', place: 'Boathouse' },
        { day: 'Thursday', start: '17:30', end: '19:30', kind: 'ride', title: 'Group road ride', place: 'Bike racks' },
      ];
      answerRoutes({ 'GET /club/documents/:key': { key: 'seasons', version: 3, body: doc, publishedAt: 1, publishedBy: null, note: null, minor: false } });
      render(<SchedulePage />);
      const erg = (await screen.findByText('Erg intervals')).closest('li')!;
      expect(within(erg).getByText('Erg')).toHaveClass('session__kind');
      expect(erg).toHaveClass('session--teal');
      expect(erg).not.toHaveTextContent(/run/i);
      const ride = screen.getByText('Group road ride').closest('li')!;
      expect(within(ride).getByText('Outdoor Ride')).toHaveClass('session__kind');
      expect(ride).toHaveClass('session--orange');
    });
  });
});
