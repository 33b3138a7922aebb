import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCENT_COLOUR,
  DEFAULT_MAIN_COLOUR,
  SHORT_NAME_MAX,
  firstRunIdentity,
  shortNameFrom,
  defaultClubIdentity,
  looksLikeTheDemo,
} from './club-identity';
import { clubPalette, contrastRatio, whiteTextReadable } from './club-palette';
import { withDefaultsForNewFields, withUnsentFieldsKept } from './club-documents';

// Colours a club might choose that pass the document's check (white text at 4.5:1), from the
// darkest to the lightest it accepts, in every hue.
const CHOSEN = ['#072f54', '#14532d', '#7a1f1f', '#767676', '#000000', '#0b4f8a', '#c2410c', '#b45309', '#6b21a8', '#0f766e', '#9d174d', '#2563eb', '#d6336c'].filter(whiteTextReadable);

describe('the palette made from the main colour and the accent', () => {
  it.each(CHOSEN.flatMap((main) => CHOSEN.map((accent) => [main, accent])))('main %s, accent %s: every shade that carries text reads', (main, accent) => {
    const p = clubPalette({ mainColour: main, accentColour: accent });
    const white = '#ffffff';
    // Buttons and links: white text on them, and them on the white page.
    expect(contrastRatio(p['--club-main-strong']!, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p['--club-main-dark']!, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p['--club-accent-dark']!, white)).toBeGreaterThanOrEqual(4.5);
    // Text on the tints.
    expect(contrastRatio(p['--club-main-ink']!, p['--club-main-tint']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p['--club-accent-ink']!, p['--club-accent-tint']!)).toBeGreaterThanOrEqual(4.5);
    // Text on the main colour (the hero, the footer).
    expect(contrastRatio(p['--club-main-pale']!, main)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p['--club-accent-light']!, main)).toBeGreaterThanOrEqual(4.5);
    // A focus ring on the white page.
    expect(contrastRatio(p['--club-main-bright']!, white)).toBeGreaterThanOrEqual(3);
    for (const [name, value] of Object.entries(p)) {
      expect(value, name).toMatch(name === '--club-main-rgb' ? /^\d{1,3} \d{1,3} \d{1,3}$/ : /^#[0-9a-f]{6}$/);
    }
  });

  it('keeps the demo club close to the blues and orange it always had', () => {
    const p = clubPalette({ mainColour: DEFAULT_MAIN_COLOUR, accentColour: DEFAULT_ACCENT_COLOUR });
    expect(p).toMatchObject({ '--club-main': '#072f54', '--club-main-rgb': '7 47 84', '--club-accent': '#c2410c', '--club-main-ink': '#072f54' });
    // The old buttons' blue was #0b4f8a: the same hue, a step lighter than the header.
    expect(contrastRatio(p['--club-main-strong']!, '#0b4f8a')).toBeLessThan(1.1);
  });

  it('follows the colours: another club gets other shades', () => {
    const demo = clubPalette({ mainColour: DEFAULT_MAIN_COLOUR, accentColour: DEFAULT_ACCENT_COLOUR });
    const other = clubPalette({ mainColour: '#14532d', accentColour: '#6b21a8' });
    for (const name of Object.keys(demo) as (keyof typeof demo)[]) expect(other[name], name).not.toBe(demo[name]);
  });
});

describe('whether the club still looks like the demo', () => {
  it('is so until its name, short name, a colour or the logo changes; its address and links do not count', () => {
    const demo = defaultClubIdentity('club@example.org');
    expect(looksLikeTheDemo(demo)).toBe(true);
    expect(looksLikeTheDemo({ ...demo, mainColour: '#072F54' })).toBe(true);
    expect(looksLikeTheDemo({ ...demo, name: 'Harbour Rowing and Triathlon Club' })).toBe(false);
    expect(looksLikeTheDemo({ ...demo, shortName: 'Harbour' })).toBe(false);
    expect(looksLikeTheDemo({ ...demo, mainColour: '#14532d' })).toBe(false);
    expect(looksLikeTheDemo({ ...demo, accentColour: '#6b21a8' })).toBe(false);
    expect(looksLikeTheDemo({ ...demo, logo: '/uploads/0123456789abcdef0123456789abcdef.webp' })).toBe(false);
  });
});

describe('a club document saved before a field existed', () => {
  it('reads with the new fields at their defaults, and keeps what it had', () => {
    const { tagline: _t, description: _d, accentColour: _a, ...stored } = { ...defaultClubIdentity('a@b.test'), name: 'Harbour Club' };
    const read = withDefaultsForNewFields('club', stored as never, { clubEmail: 'a@b.test', clubTimeZone: 'Australia/Sydney' });
    expect(read).toEqual({ ...defaultClubIdentity('a@b.test'), name: 'Harbour Club' });
  });

  it("an older app's publish leaves the fields added since at their values in force, and no other", () => {
    const inForce = { ...defaultClubIdentity('a@b.test'), accentColour: '#6b21a8', tagline: 'Row · Run' };
    const { tagline: _t, description: _d, accentColour: _a, ...older } = { ...inForce, name: 'Harbour Club' };
    expect(withUnsentFieldsKept('club', inForce, older)).toEqual({ ...inForce, name: 'Harbour Club' });
    // A field sent is the one published; a field that is not an added one stays missing (and is refused).
    expect(withUnsentFieldsKept('club', inForce, { ...older, accentColour: '#14532d' })).toMatchObject({ accentColour: '#14532d', tagline: 'Row · Run' });
    expect(withUnsentFieldsKept('club', inForce, { name: 'Harbour Club' })).not.toHaveProperty('shortName');
    expect(withUnsentFieldsKept('club', inForce, 'not a body')).toBe('not a body');
  });
});

describe('a club named at its first run', () => {
  it('is labelled on a home screen by its name, its first words or its first letters', () => {
    expect(shortNameFrom('Harbour Tri')).toBe('Harbour Tri');
    expect(shortNameFrom('Harbour Rowing & Tri')).toBe('Harbour');
    expect(shortNameFrom('Lakeside Rowing Club')).toBe('Lakeside');
    expect(shortNameFrom('Wollongongtriathlonclub')).toBe('Wollongongtr');
    for (const name of ['A', 'Club of the Northern Beaches', 'Xxxxxxxxxxxxxxxxx yy']) expect(shortNameFrom(name).length).toBeLessThanOrEqual(SHORT_NAME_MAX);
  });

  it('is described by its own name, with no sport and nothing of the demo club', () => {
    const identity = firstRunIdentity('  Harbour Rowing & Tri ');
    expect(identity).toMatchObject({ name: 'Harbour Rowing & Tri', shortName: 'Harbour' });
    expect(identity.description).toContain('Harbour Rowing & Tri');
    expect(`${identity.tagline} ${identity.description}`).not.toMatch(/triathlon|swim|bike|run\b|university/i);
    // No social accounts until the club gives its own: the footer links to none.
    expect(identity).toMatchObject({ instagram: '', facebook: '', strava: '' });
  });
});
