// The club's identity on this device: taken from the server's answer (or a rendered page's data), its
// colours painted at once, an answer from a server older than the tagline, description and accent
// still taken, and a damaged one ignored.
import { describe, expect, it } from 'vitest';
import { clubPalette, defaultClubIdentity } from '../../../domain/documents/club-identity';
import { clubIdentity, setClubIdentity } from './club-identity';

const root = () => document.documentElement.style;

describe("the club's identity on the device", () => {
  it("paints every shade of the club's two colours, and the title bar", () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    setClubIdentity({ ...defaultClubIdentity('crew@harbour.test'), name: 'Harbour Club', mainColour: '#14532d', accentColour: '#6b21a8' });
    expect(clubIdentity()).toMatchObject({ name: 'Harbour Club', accentColour: '#6b21a8' });
    for (const [name, value] of Object.entries(clubPalette({ mainColour: '#14532d', accentColour: '#6b21a8' }))) expect(root().getPropertyValue(name), name).toBe(value);
    expect(meta.content).toBe('#14532d');
  });

  it('takes an answer without the newer fields with their built-in values, and ignores a damaged one', () => {
    const { tagline: _t, description: _d, accentColour: _a, ...older } = { ...defaultClubIdentity('crew@harbour.test'), name: 'Older Server Club' };
    setClubIdentity(older);
    const built = defaultClubIdentity('crew@harbour.test');
    expect(clubIdentity()).toMatchObject({ name: 'Older Server Club', tagline: built.tagline, description: built.description, accentColour: built.accentColour });
    expect(root().getPropertyValue('--club-accent')).toBe(built.accentColour);
    setClubIdentity({ ...older, name: 'Damaged', mainColour: 'navy' });
    setClubIdentity({ ...defaultClubIdentity('crew@harbour.test'), name: 'Bad accent', accentColour: 'javascript:' });
    expect(clubIdentity().name).toBe('Bad accent');
    expect(clubIdentity().accentColour).toBe(built.accentColour);
  });
});
