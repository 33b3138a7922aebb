// A safety card reaches only the answers made to carry it (api/safety/: its own, an exec's or an
// administrator's opening, a race's emergency list; and an exec's offline set). Every other GET the
// app mounts, for every kind of caller, plus the calendar feeds, the pushes and emails queued, and
// the downloads, is searched for a card's distinctive phone number and health note.
import { describe, expect, it } from 'vitest';
import { buildWorld, fillPath } from '../testing/security-world';

const PHONE = '(416) 555-0987';
const KEPT = '+14165550987';
const NOTE = 'Zebra-stripe inhaler';
const DIGITS = /555.?0987/;

describe('a safety card leaks through no other answer', () => {
  it('is in none of the app’s GET answers but its own, nor in feeds, messages or downloads', async () => {
    const w = await buildWorld();
    const { t, users } = w;
    await t.must('PUT', '/api/safety/me', {
      token: users.filler.token,
      body: { contacts: [{ name: 'Quinn Carer', relation: 'Partner', phone: PHONE }], flags: ['Asthma'], notes: NOTE, consent: true },
    });
    const feed = new URL((await t.must('GET', '/api/me/calendar-link', { token: users.exec.token })).url).pathname;
    // The carriers: the member's own card, an opening, and the offline set of those who take attendance.
    const carriers = new Set(['/api/safety/me', `/api/safety/cards/${users.filler.id}`, '/api/offline-set']);
    const routes = [...new Set(t.app.routes.filter((r) => r.method === 'GET').map((r) => r.path))];
    const ids: Record<string, number> = {
      id: w.fullWorkoutId,
      userId: users.filler.id,
      key: 0,
      version: 1,
    };
    const fill = (path: string) =>
      fillPath(path, w)
        .replace(/:(\w+)\{[^}]*\}/g, (_, name: string) => String(ids[name] ?? 1))
        .replace(/:(\w+)/g, (_, name: string) => String(ids[name] ?? 1));
    const urls = routes.filter((p) => p.startsWith('/api/') && !p.includes('*')).map(fill);
    urls.push(
      '/api/forum/posts?type=workout',
      '/api/forum/posts?type=event',
      `/api/forum/workouts/${w.fullWorkoutId}`,
      `/api/forum/workouts/${w.fullWorkoutId}/signups`,
      `/api/forum/workouts/${w.fullWorkoutId}/attendance`,
      `/api/races/${w.raceId}`,
      '/api/reports/members.csv',
      `/api/reports/members/${users.filler.id}/attendance.csv`,
      '/api/reports/attendance.csv',
      `/api/safety/marks?place=workout&id=${w.fullWorkoutId}`,
      '/api/calendar/club.ics',
      feed,
      '/api/club/documents/safety',
      '/api/club/documents/waiver',
    );
    let searched = 0;
    for (const who of ['admin', 'exec', 'member', 'pending', 'publicUser', 'expired', 'waiter'] as const) {
      for (const url of [...new Set(urls)]) {
        const path = url.split('?')[0]!;
        // An exec and an administrator receive it by design from the carriers; anyone else never.
        if (carriers.has(path) && (who === 'admin' || who === 'exec')) continue;
        const res = await t.call('GET', url, { token: users[who].token });
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
        expect(text, `${who} GET ${url}`).not.toMatch(DIGITS);
        expect(text, `${who} GET ${url}`).not.toContain(NOTE);
        searched += 1;
      }
    }
    expect(searched).toBeGreaterThan(300);
    // A member's offline set carries no cards; an exec's does (the one carrier by design), once the swim is within the week.
    t.clock.set(Date.parse('2026-03-05T15:00:00Z'));
    expect((await t.call('GET', '/api/offline-set', { token: users.member.token })).body.safetyCards).toEqual([]);
    expect(JSON.stringify((await t.call('GET', '/api/offline-set', { token: users.exec.token })).body.safetyCards)).toContain(KEPT);

    // Nothing queued to be sent (emails, pushes) and no stored answer but the member's own write holds it.
    const queued = t.database.sqlite.prepare('select * from message_queue').all();
    expect(JSON.stringify(queued)).not.toMatch(DIGITS);
    const stored = t.database.sqlite.prepare('select user_id, body from idempotency_keys').all() as { user_id: number; body: string }[];
    expect(stored.filter((s) => DIGITS.test(s.body) && s.user_id !== users.filler.id)).toEqual([]);
  });
});
