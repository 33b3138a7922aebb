import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { SafetyCard } from '../../../domain/contract/members/safety';
import { SAFETY_OFFLINE_MS } from '../../../domain/people/safety';
import { OFFLINE_DB } from '../data/idb';
import { openOfflineDb, resetOfflineDbForTests, wipeUser } from './offline-db';
import { keepSafetyCards, keptCard, keptMarks, mayHoldCards } from './safety-store';

const card: SafetyCard = {
  user_id: 5,
  name: 'Morgan Member',
  contacts: [{ name: 'Sam Parent', relation: 'Parent', phone: '+14165550177' }],
  flags: ['Asthma'],
  notes: 'Inhaler',
  updated_at: 0,
  waiver_signed: true,
};
const marks = [
  { userId: 5, contact: true, health: true, waiver: true },
  { userId: 6, contact: false, health: false, waiver: false },
];
const NOW = Date.parse('2026-03-02T15:00:00Z');

afterEach(async () => {
  (await openOfflineDb())?.close();
  resetOfflineDbForTests();
  await Dexie.delete(OFFLINE_DB);
  localStorage.clear();
});

describe('the safety cards an exec’s phone keeps', () => {
  it('are read back while the role may hold them', async () => {
    await keepSafetyCards(1, [card], marks, NOW);
    expect(mayHoldCards(1)).toBe(true);
    expect(await keptCard(1, 'exec', 5, NOW)).toEqual(card);
    expect(await keptCard(1, 'exec', 6, NOW)).toBeNull();
    expect(await keptMarks(1, 'administrator', [5, 6], NOW)).toEqual(marks);
  });

  it('go when read for a role that may not hold them', async () => {
    await keepSafetyCards(1, [card], marks, NOW);
    expect(await keptCard(1, 'member', 5, NOW)).toBeNull();
    expect(await keptCard(1, 'exec', 5, NOW)).toBeNull();
    expect(mayHoldCards(1)).toBe(false);
  });

  it('go after seven days unrefreshed', async () => {
    await keepSafetyCards(1, [card], marks, NOW);
    expect(await keptCard(1, 'exec', 5, NOW + SAFETY_OFFLINE_MS)).toEqual(card);
    expect(await keptCard(1, 'exec', 5, NOW + SAFETY_OFFLINE_MS + 1)).toBeNull();
    expect(await (await openOfflineDb())!.safetyCards.count()).toBe(0);
  });

  it('go when a set carries none (the role was taken away), and with the account’s other copies', async () => {
    await keepSafetyCards(1, [card], marks, NOW);
    await keepSafetyCards(1, [], [], NOW);
    expect(await (await openOfflineDb())!.safetyCards.count()).toBe(0);
    expect(mayHoldCards(1)).toBe(false);
    await keepSafetyCards(2, [card], marks, NOW);
    await wipeUser(2);
    expect(await (await openOfflineDb())!.safetyCards.count()).toBe(0);
  });
});
