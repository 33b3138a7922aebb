// Reading is guarded too: forum and race details are for members, the admin area for
// administrators, and no answer carries a password hash or another member's contact details.
import { describe, expect, it } from 'vitest';
import { ACTORS, buildWorld, fillPath, phoneOf, type ActorName } from '../testing/security-world';

const READS: [template: string, min: 'any' | 'member' | 'administrator'][] = [
  ['/api/auth/profile', 'any'],
  ['/api/users/role-change-notifications', 'any'],
  ['/api/forum/posts?type=workout', 'member'],
  ['/api/forum/posts?type=event', 'member'],
  ['/api/forum/workouts/:fullWorkout', 'member'],
  ['/api/forum/workouts/:fullWorkout/signups', 'member'],
  ['/api/forum/workouts/:fullWorkout/waitlist', 'member'],
  ['/api/forum/workouts/:fullWorkout/attendance', 'member'],
  ['/api/forum/events/:event', 'member'],
  ['/api/races/:race', 'member'],
  ['/api/offline-set', 'member'],
  ['/api/admin/members', 'administrator'],
  ['/api/admin/outbox', 'administrator'],
];

const BELOW: Record<'member' | 'administrator', ActorName[]> = {
  member: ['pending', 'publicUser', 'expired'],
  administrator: ['exec', 'member', 'pending'],
};

describe('guarded reads', () => {
  it.each(READS)(
    'GET %s',
    async (template, min) => {
      const w = await buildWorld();
      const url = fillPath(template, w);
      expect((await w.t.call('GET', url)).status).toBe(401);
      expect((await w.t.call('GET', url, { token: w.users.rejected.token })).status).toBe(403);
      if (min !== 'any') {
        for (const actor of BELOW[min]) {
          const res = await w.t.call('GET', url, { token: w.users[actor].token });
          expect(res.status, actor).toBe(403);
          expect(res.body).toEqual({ error: expect.any(String) });
        }
      }
      const allowed = min === 'administrator' ? 'admin' : 'member';
      expect((await w.t.call('GET', url, { token: w.users[allowed].token })).status).toBe(200);
    },
  );
});

describe('what answers carry', () => {
  it('no answer holds a password hash, and members see no one else’s email or phone', async () => {
    const w = await buildWorld();
    const { t, users } = w;
    const memberReads = READS.filter(([, min]) => min !== 'administrator').map(([p]) => fillPath(p, w));
    const everything: string[] = [];
    for (const url of [...memberReads, '/api/races', '/api/profiles']) {
      const res = await t.call('GET', url, { token: users.member.token });
      expect(res.status, url).toBe(200);
      everything.push(JSON.stringify(res.body));
    }
    const seen = everything.join('\n');
    expect(seen).not.toMatch(/\$scrypt\$|password|token_?version/i);
    for (const [i, other] of ACTORS.entries()) {
      if (other === 'member') continue;
      expect(seen).not.toContain(users[other].email);
      expect(seen).not.toContain(phoneOf(i));
    }
    expect(seen).toContain(phoneOf(ACTORS.indexOf('member')));

    const admin = await t.call('GET', '/api/admin/members', { token: users.admin.token });
    expect(JSON.stringify(admin.body)).not.toMatch(/\$scrypt\$|password|token_?version/i);
  });

  it('visitors see races and the team, but no member names', async () => {
    const w = await buildWorld();
    const races = await w.t.call('GET', '/api/races');
    expect(races.status).toBe(200);
    expect(races.body.races[0]).toMatchObject({ signups: [], signupCount: 0 });
    expect(JSON.stringify(races.body)).not.toContain('The racer');
    const team = await w.t.call('GET', '/api/profiles');
    expect(team.status).toBe(200);
    expect(JSON.stringify(team.body)).not.toMatch(/\$scrypt\$|password/i);
  });
});
