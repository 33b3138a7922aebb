import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { pageDocumentRoutes } from '../../test-page-documents';
import { HOME_SLIDES } from '../../../domain/contract/club/home-slides';
import { HomePage } from './home-page';
import { SLIDE_INTERVAL_MS, Slideshow } from './slideshow';

const slides = HOME_SLIDES;

function activeSlide(): string | null {
  const active = screen.getAllByTestId('slide').filter((s) => s.getAttribute('aria-hidden') === 'false');
  expect(active).toHaveLength(1);
  return active[0]!.getAttribute('aria-label');
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function stubReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('Slideshow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('labels the carousel and its three slides', () => {
    render(<Slideshow slides={slides} label="Club training photos" />);
    const region = screen.getByRole('region', { name: 'Club training photos' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const all = screen.getAllByTestId('slide');
    expect(all.map((s) => s.getAttribute('aria-label'))).toEqual(['Slide 1 of 3', 'Slide 2 of 3', 'Slide 3 of 3']);
    expect(all.every((s) => s.getAttribute('aria-roledescription') === 'slide')).toBe(true);
  });

  it('advances every 5 seconds and wraps from the last slide to the first', () => {
    expect(SLIDE_INTERVAL_MS).toBe(5000);
    render(<Slideshow slides={slides} label="Photos" />);
    expect(activeSlide()).toBe('Slide 1 of 3');
    advance(4999);
    expect(activeSlide()).toBe('Slide 1 of 3');
    advance(1);
    expect(activeSlide()).toBe('Slide 2 of 3');
    advance(5000);
    expect(activeSlide()).toBe('Slide 3 of 3');
    advance(5000);
    expect(activeSlide()).toBe('Slide 1 of 3');
  });

  it('moves with previous and next, wrapping both ways, and restarts the interval', () => {
    render(<Slideshow slides={slides} label="Photos" />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlide()).toBe('Slide 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()).toBe('Slide 1 of 3');
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Next slide' }));
    advance(3000);
    expect(activeSlide()).toBe('Slide 2 of 3');
    advance(2000);
    expect(activeSlide()).toBe('Slide 3 of 3');
  });

  it('jumps to a slide with its dot, which is marked current', () => {
    render(<Slideshow slides={slides} label="Photos" />);
    const dot3 = screen.getByRole('button', { name: 'Go to slide 3' });
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(dot3);
    expect(activeSlide()).toBe('Slide 3 of 3');
    expect(dot3).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    render(<Slideshow slides={slides} label="Photos" />);
    const region = screen.getByRole('region', { name: 'Photos' });
    fireEvent.mouseEnter(region);
    advance(20_000);
    expect(activeSlide()).toBe('Slide 1 of 3');
    fireEvent.mouseLeave(region);
    advance(5000);
    expect(activeSlide()).toBe('Slide 2 of 3');
  });

  it('pauses while focus is inside, and lets the arrow keys move', () => {
    render(<Slideshow slides={slides} label="Photos" />);
    const next = screen.getByRole('button', { name: 'Next slide' });
    fireEvent.focus(next);
    advance(20_000);
    expect(activeSlide()).toBe('Slide 1 of 3');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(activeSlide()).toBe('Slide 2 of 3');
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(activeSlide()).toBe('Slide 3 of 3');
    fireEvent.blur(next);
    advance(5000);
    expect(activeSlide()).toBe('Slide 1 of 3');
  });

  it('announces changes politely only while not rotating', () => {
    render(<Slideshow slides={slides} label="Photos" />);
    const live = screen.getAllByTestId('slide')[0]!.parentElement!;
    expect(live).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(live).toHaveAttribute('aria-live', 'polite');
  });

  it('stops and starts with the pause button', () => {
    render(<Slideshow slides={slides} label="Photos" />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(20_000);
    expect(activeSlide()).toBe('Slide 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(5000);
    expect(activeSlide()).toBe('Slide 2 of 3');
  });

  it('does not rotate on its own for people who prefer reduced motion', () => {
    stubReducedMotion(true);
    render(<Slideshow slides={slides} label="Photos" />);
    advance(20_000);
    expect(activeSlide()).toBe('Slide 1 of 3');
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()).toBe('Slide 2 of 3');
  });

  it('loads the first picture eagerly and the others lazily, with fixed dimensions', () => {
    render(<Slideshow slides={slides} label="Photos" />);
    const images = screen.getAllByRole('img', { hidden: true });
    expect(images).toHaveLength(3);
    expect(images.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    for (const img of images) {
      expect(img).toHaveAttribute('width', '1600');
      expect(img).toHaveAttribute('height', '900');
      expect(img.getAttribute('alt')).not.toBe('');
      expect(img.getAttribute('src')).toMatch(/^\/images\/(swim|bike|run)-1600\.webp$/);
      // AVIF first, for the browsers that take it, at each width; the WebP is the fallback.
      const avif = img.parentElement!.querySelector('source[type="image/avif"]')!;
      const name = img.getAttribute('src')!.replace(/-1600\.webp$/, '');
      expect(avif.getAttribute('srcset')).toBe(`${name}-800.avif 800w, ${name}-1600.avif 1600w`);
      expect(img.getAttribute('srcset')).toBe(`${name}-800.webp 800w, ${name}-1600.webp 1600w`);
    }
  });
});

describe('HomePage', () => {
  it('shows the hero, its two buttons, the slideshow and the about section', async () => {
    answerRoutes(pageDocumentRoutes());
    renderAt('/', '/', <HomePage />, { user: null, visitor: true });
    await screen.findByRole('link', { name: 'Meet the Team' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Swim. Bike. Run. Together.');
    expect(screen.getByRole('link', { name: 'Meet the Team' })).toHaveAttribute('href', '/coaches-exec');
    expect(screen.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/join-us');
    expect(screen.getByRole('region', { name: 'Club training photos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About the club' })).toBeInTheDocument();
    expect(document.title).toContain('Home');
    expect(screen.getByText(/students, staff and alumni/)).toBeInTheDocument();
  });

  it('shows the title, tagline, about text and photos the club published', async () => {
    answerRoutes(
      pageDocumentRoutes({
        'home-page': {
          title: 'Row. Together.',
          tagline: 'Early mornings on the river.',
          about: 'We **row**.',
          photos: [{ image: '/uploads/abc', alt: 'Eight rowers at dawn', caption: 'Dawn' }],
          cards: [],
          figures: [],
        },
      }),
    );
    renderAt('/', '/', <HomePage />, { user: null, visitor: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Row. Together.' })).toBeInTheDocument();
    expect(screen.getByText('Together.')).toHaveClass('hero__accent');
    expect(screen.getByText('Early mornings on the river.')).toBeInTheDocument();
    expect(screen.getByText('row').tagName).toBe('STRONG');
    expect(screen.getByRole('img', { name: 'Eight rowers at dawn' })).toHaveAttribute('src', '/uploads/abc-1600.webp');
  });

  it("shows the club's cards and its figures as the server filled them in, not the demo's", async () => {
    answerRoutes(
      pageDocumentRoutes({
        'home-page': {
          title: 'Row. Together.',
          tagline: 'Early mornings on the river.',
          about: 'We row.',
          photos: [{ image: '/uploads/abc', alt: 'Eight rowers at dawn', caption: 'Dawn' }],
          cards: [
            { icon: 'none', title: 'Row', text: 'Eights and fours on the harbour at dawn.' },
            { icon: 'swim', title: 'Swim', text: 'Ocean swims in summer.' },
          ],
          figures: [
            { value: '{terms-a-year}', label: 'Membership terms a year' },
            { value: '5:30 am', label: 'First crew on the water' },
          ],
        },
      }),
    );
    renderAt('/', '/', <HomePage />, { user: null, visitor: true });
    const row = await screen.findByRole('heading', { level: 3, name: 'Row' });
    expect(row.closest('li')).toHaveTextContent('Eights and fours on the harbour at dawn.');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Row', 'Swim']);
    expect(screen.queryByText(/bricks once the snow melts/)).toBeNull();
    const figures = document.querySelector('dl.facts')!;
    expect([...figures.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Membership terms a year', 'First crew on the water']);
    // The test documents are filled as the server fills them: the default terms have four a year.
    expect([...figures.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['4', '5:30 am']);
  });
});
