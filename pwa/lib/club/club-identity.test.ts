// The club's identity on this device: taken from the server's answer (or a rendered page's data), its
// colours painted when they differ from the page's, an answer from a server older than the tagline,
// description and accent still taken, and a damaged one ignored.
import { describe, expect, it, vi } from 'vitest';
import { defaultClubIdentity } from '../../../domain/documents/club-identity';
import { clubPalette } from '../../../domain/documents/club-palette';
import { clubIdentity, setClubIdentity } from './club-identity';

const root = () => document.documentElement.style;

describe("the club's identity on the device", () => {
  it("paints every shade of the club's two colours, and the title bar", async () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    setClubIdentity({ ...defaultClubIdentity('crew@harbour.test'), name: 'Harbour Club', mainColour: '#14532d', accentColour: '#6b21a8' });
    expect(clubIdentity()).toMatchObject({ name: 'Harbour Club', accentColour: '#6b21a8' });
    expect(meta.content).toBe('#14532d');
    // The shades are worked out by a module loaded when the colours change.
    await vi.waitFor(() => {
      for (const [name, value] of Object.entries(clubPalette({ mainColour: '#14532d', accentColour: '#6b21a8' }))) expect(root().getPropertyValue(name), name).toBe(value);
    });
  });

  it('takes an answer without the newer fields with their built-in values, and ignores a damaged one', async () => {
    const { tagline: _t, description: _d, accentColour: _a, ...older } = { ...defaultClubIdentity('crew@harbour.test'), name: 'Older Server Club' };
    setClubIdentity(older);
    const built = defaultClubIdentity('crew@harbour.test');
    expect(clubIdentity()).toMatchObject({ name: 'Older Server Club', tagline: built.tagline, description: built.description, accentColour: built.accentColour });
    await vi.waitFor(() => expect(root().getPropertyValue('--club-accent')).toBe(built.accentColour));
    setClubIdentity({ ...older, name: 'Damaged', mainColour: 'navy' });
    setClubIdentity({ ...defaultClubIdentity('crew@harbour.test'), name: 'Bad accent', accentColour: 'javascript:' });
    expect(clubIdentity().name).toBe('Bad accent');
    expect(clubIdentity().accentColour).toBe(built.accentColour);
  });

  it("leaves a page drawn in the club's colours as it is: nothing is worked out again", () => {
    // What the server writes into every page's head (api/pages/page-heads.ts).
    const style = document.createElement('style');
    style.textContent = ':root{--club-main:#7a1f1f;--club-accent:#0f766e}';
    document.head.append(style);
    document.documentElement.removeAttribute('style');
    setClubIdentity({ ...defaultClubIdentity('crew@harbour.test'), name: 'Painted Club', mainColour: '#7A1F1F', accentColour: '#0f766e' });
    expect(clubIdentity().name).toBe('Painted Club');
    expect(root().length).toBe(0);
    style.remove();
  });
});
