// A race's emergency list for an administrator: everyone entered, with their contacts and health
// notes where they shared a card, as a CSV quoted like the club's other downloads. Each card in it is
// recorded as opened ('csv'), as an opening on a phone is.
import { asc, eq, inArray } from 'drizzle-orm';
import { races, raceSignups, safetyCards, users } from '../../db/schema';
import { SAFETY_NOT_FOUND, type EmergencyContact } from '../../domain/contract/members/safety';
import { maySeeCard } from '../../domain/people/safety';
import type { AppDeps, CurrentUser } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { toCsv, type CsvCell } from '../reports/csv';
import { signedThisTerm } from './cards';
import { recordOpening } from './openings';

export function emergencyListCsv(deps: AppDeps, viewer: CurrentUser, raceId: number): { filename: string; body: string } {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const race = db.select({ name: races.name, date: races.date }).from(races).where(eq(races.id, raceId)).get();
    if (!race) throw new ServiceError(404, SAFETY_NOT_FOUND);
    const entered = db
      .select({ id: users.id, name: users.name })
      .from(raceSignups)
      .innerJoin(users, eq(users.id, raceSignups.userId))
      .where(eq(raceSignups.raceId, raceId))
      .orderBy(asc(users.name))
      .all();
    const ids = entered.map((e) => e.id);
    const cards = new Map(
      (ids.length ? db.select().from(safetyCards).where(inArray(safetyCards.userId, ids)).all() : []).map((c) => [c.userId, c]),
    );
    const signed = signedThisTerm(deps, ids);
    const now = deps.clock();
    const rows: CsvCell[][] = entered.map(({ id, name }) => {
      const card = cards.get(id);
      if (!card || !maySeeCard(viewer, id, card.consentMark !== null)) return [name, '', '', '', '', '', '', '', '', signed.has(id) ? 'yes' : 'no'];
      if (id !== viewer.id) recordOpening(deps, viewer, id, 'csv', now);
      const contacts = JSON.parse(card.contacts) as EmergencyContact[];
      const [a, b] = [contacts[0], contacts[1]];
      return [
        name,
        a?.name ?? '',
        a?.relation ?? '',
        a?.phone ?? '',
        b?.name ?? '',
        b?.relation ?? '',
        b?.phone ?? '',
        (JSON.parse(card.flags) as string[]).join('; '),
        card.notes,
        signed.has(id) ? 'yes' : 'no',
      ];
    });
    const header = ['Name', 'Contact 1', 'Relation 1', 'Phone 1', 'Contact 2', 'Relation 2', 'Phone 2', 'Health flags', 'Health notes', 'Waiver signed'];
    const slug = race.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'race';
    return { filename: `emergency-list-${slug}-${race.date}.csv`, body: toCsv(header, rows) };
  });
}
