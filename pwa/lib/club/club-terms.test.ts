import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultTerms } from '../../../domain/calendar';
import { clubTerms, setClubTerms, useClubTerms } from './club-terms';
import { loadClubConfig } from './club-zone';

const answer = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch;
const august = [
  { id: 'fall-2026', name: 'Fall', start: '2026-08-17', end: '2026-12-15' },
  { id: 'winter-2027', name: 'Winter', start: '2027-01-04', end: '2027-04-23' },
];

describe("the club's terms on a device", () => {
  afterEach(() => setClubTerms(defaultTerms().terms));

  it('are the defaults until the server says, then its terms, re-rendering who reads them', async () => {
    const { result } = renderHook(() => useClubTerms());
    expect(result.current).toEqual(defaultTerms().terms);
    await act(() => loadClubConfig(answer({ clubTimeZone: 'America/Toronto', terms: august })));
    expect(result.current).toEqual(august);
  });

  it('keeps the last terms it had when an answer has none or nonsense', async () => {
    setClubTerms(august);
    await loadClubConfig(answer({ clubTimeZone: 'America/Toronto' }));
    await loadClubConfig(answer({ terms: [] }));
    await loadClubConfig(answer({ terms: [{ id: 'fall-2026', name: 'Fall' }] }));
    await loadClubConfig(answer({ terms: 'fall' }));
    expect(clubTerms()).toEqual(august);
  });
});
