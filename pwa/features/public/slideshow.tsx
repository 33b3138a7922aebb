import { useEffect, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent } from 'react';
import {
  SLIDE_HEIGHT,
  SLIDE_SIZES,
  SLIDE_WIDTH,
  drawnInEveryFormat,
  slideFile,
  slideSrcSet,
  type Slide,
} from '../../../domain/contract/club/home-slides';

export const SLIDE_INTERVAL_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

const noSubscription = () => () => {};

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * An auto-rotating carousel after the WAI-ARIA carousel pattern: it stops while the pointer is over it
 * or focus is inside it, never starts on its own for people who asked for reduced motion, and has a
 * pause button because moving content must be stoppable (WCAG 2.2.2).
 */
export function Slideshow({
  slides,
  label,
  intervalMs = SLIDE_INTERVAL_MS,
}: {
  slides: readonly Slide[];
  label: string;
  intervalMs?: number;
}) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  // The server's HTML carries the first picture only: the page's largest paint has the phone's
  // bandwidth to itself, and the others load once the app runs (long before they are shown).
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // null: the visitor has not chosen, so motion preferences decide.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = choice === null ? !reducedMotion : choice === 'play';
  const rotating = playing && !hovered && !focused && count > 1;

  // Keyed on index: a manual move restarts the full interval for the slide it shows.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    }
  }

  function onBlur(e: FocusEvent<HTMLElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section
      className="slideshow"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {/* Announce slide changes only when the visitor caused them, not every five seconds. */}
      <div className="slideshow__slides" aria-live={rotating ? 'off' : 'polite'} aria-atomic="false">
        {slides.map((slide, i) => (
          <div
            key={slide.image}
            className={`slideshow__slide${i === index ? ' slideshow__slide--active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`Slide ${i + 1} of ${count}`}
            aria-hidden={i !== index}
            data-testid="slide"
          >
            {/* The first one is also preloaded from the server's head of Home (api/pages/page-heads.ts). */}
            {(i === 0 || running) && (
              <picture>
                {drawnInEveryFormat(slide.image) && <source type="image/avif" srcSet={slideSrcSet(slide.image, 'avif')} sizes={SLIDE_SIZES} />}
                <img
                  src={slideFile(slide.image, SLIDE_WIDTH, 'webp')}
                  srcSet={slideSrcSet(slide.image, 'webp')}
                  sizes={SLIDE_SIZES}
                  width={SLIDE_WIDTH}
                  height={SLIDE_HEIGHT}
                  alt={slide.alt}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  decoding="async"
                />
              </picture>
            )}
            <p className="slideshow__caption">{slide.caption}</p>
          </div>
        ))}
      </div>
      <div className="slideshow__controls">
        <button
          type="button"
          className="slideshow__button"
          onClick={() => {
            setChoice(playing ? 'pause' : 'play');
            // Pressing Play is an explicit request: rotate even though the button now has focus.
            if (!playing) setFocused(false);
          }}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          <span className="visually-hidden">{playing ? 'Pause slideshow' : 'Play slideshow'}</span>
        </button>
        <button type="button" className="slideshow__button" onClick={() => go(index - 1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous slide</span>
        </button>
        <div className="slideshow__dots">
          {slides.map((slide, i) => (
            <button
              key={slide.image}
              type="button"
              className="slideshow__dot"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button type="button" className="slideshow__button" onClick={() => go(index + 1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
    </section>
  );
}
