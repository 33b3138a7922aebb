import { describe, expect, it } from 'vitest';
import { EMPTY_BIO, bioParagraphs, bioPreview, imageSrc, isCoach, positionLabels, profilePath, slugify } from './team-member';

describe('bioPreview', () => {
  it('keeps a bio of up to 120 characters whole', () => {
    const bio = 'a'.repeat(120);
    expect(bioPreview(bio)).toBe(bio);
  });

  it('cuts a longer bio at 120 characters plus an ellipsis', () => {
    const bio = `${'b'.repeat(119)}cd and more`;
    expect(bioPreview(bio)).toBe(`${'b'.repeat(119)}c…`);
  });

  it('does not leave a space before the ellipsis', () => {
    const bio = `${'x'.repeat(119)} tail that is cut`;
    expect(bioPreview(bio)).toBe(`${'x'.repeat(119)}…`);
  });

  it('shows the placeholder for an empty or blank bio', () => {
    expect(bioPreview('')).toBe(EMPTY_BIO);
    expect(bioPreview('   \n ')).toBe('Bio coming soon...');
  });
});

describe('profile paths', () => {
  it('slugifies names, folding accents and punctuation', () => {
    expect(slugify('Maya Chen')).toBe('maya-chen');
    expect(slugify("  Zoë O'Brien-Smith ")).toBe('zoe-o-brien-smith');
    expect(slugify('李')).toBe('');
  });

  it('builds /profile/{role}/{slug}, falling back to the id for an empty name', () => {
    expect(profilePath({ id: 'swim-coach', name: 'Maya Chen' })).toBe('/profile/swim-coach/maya-chen');
    expect(profilePath({ id: 'secretary', name: '' })).toBe('/profile/secretary/secretary');
    expect(profilePath({ id: 'secretary', name: '李' })).toBe('/profile/secretary/secretary');
  });

  it('knows the coaches', () => {
    expect(isCoach({ id: 'swim-coach' })).toBe(true);
    expect(isCoach({ id: 'run-coach' })).toBe(true);
    expect(isCoach({ id: 'co-president' })).toBe(false);
  });
});

describe('images and labels', () => {
  it('keeps uploads root-relative, keeps https, and drops anything else', () => {
    expect(imageSrc('/uploads/a.webp')).toBe('/uploads/a.webp');
    expect(imageSrc('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(imageSrc('')).toBeNull();
    expect(imageSrc('javascript:alert(1)')).toBeNull();
    expect(imageSrc('data:image/png;base64,AA')).toBeNull();
    expect(imageSrc('/uploads/../secret')).toBeNull();
  });

  it('splits the bio into paragraphs on blank lines', () => {
    expect(bioParagraphs('One\nstill one\n\nTwo\n   \nThree')).toEqual(['One\nstill one', 'Two', 'Three']);
    expect(bioParagraphs('')).toEqual([]);
  });

  it('numbers positions that share a title', () => {
    const labels = positionLabels([
      { id: 'co-president', role: 'Co-President' },
      { id: 'co-president-2', role: 'Co-President' },
      { id: 'treasurer', role: 'Treasurer' },
    ]);
    expect([...labels.values()]).toEqual(['Co-President', 'Co-President 2', 'Treasurer']);
  });
});
