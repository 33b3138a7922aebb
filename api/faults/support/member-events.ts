import { expect } from 'vitest';
import { addDays, clubToday } from '../../../domain/clock';
import { openDatabase } from '../../../db/client';
import { posts } from '../../../db/schema';

/** Socials 5, 6, 7… days ahead on the club's clock, posted by the fixture's member; their ids. */
export function addEvents(databasePath: string, memberId: number, count: number, title: string): number[] {
  const database = openDatabase(databasePath);
  const today = clubToday(Date.now(), 'America/Toronto');
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = database.db
      .insert(posts)
      .values({ userId: memberId, type: 'event', title: `${title} ${i}`, content: 'Snacks.', eventDate: addDays(today, 5 + i) })
      .returning({ id: posts.id })
      .get();
    ids.push(row.id);
  }
  database.close();
  return ids;
}

/** The fixture's first member signed in through the API: the token and user a browser keeps. */
export async function signInFixtureMember(base: string): Promise<{ token: string; user: unknown }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'fault0@club.test', password: 'fault-test-password' }),
  });
  expect(login.status).toBe(200);
  return (await login.json()) as { token: string; user: unknown };
}
