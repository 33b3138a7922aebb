import { describe, expect, it } from 'vitest';
import { seed } from '../../db/seed';
import { isAllowedTeamImage } from '../../domain/contract/club/profiles';
import { teamMemberUpdateSchema } from '../../domain/contract/club/profiles-schemas';
import { makeTestApp } from '../testing/test-app';
import { findTeamMember, listTeamMembers, updateTeamMember } from './team-profiles';

async function seeded() {
  const t = makeTestApp();
  await seed(t.database, t.deps.env, t.clock.now(), () => {});
  return t;
}

describe('listTeamMembers', () => {
  it('lists the ten positions in the seed order', async () => {
    const t = await seeded();
    const ids = listTeamMembers(t.deps).map((m) => m.id);
    expect(ids).toEqual([
      'swim-coach',
      'run-coach',
      'co-president',
      'co-president-2',
      'treasurer',
      'secretary',
      'social-coordinator',
      'social-media',
      'webmaster',
      'workout-coordinator',
    ]);
    expect(listTeamMembers(t.deps)[0]).toEqual({ id: 'swim-coach', name: '', bio: '', image: '', email: '', role: 'Swim Coach', group: 'coach' });
  });
});

describe('updateTeamMember', () => {
  it('changes only the fields given and stamps the time', async () => {
    const t = await seeded();
    updateTeamMember(t.deps, 'treasurer', { name: 'Ada', bio: 'Counts things.' }, 1234);
    const after = updateTeamMember(t.deps, 'treasurer', { email: 'ada@club.test' }, 5678);
    expect(after).toEqual({ id: 'treasurer', name: 'Ada', bio: 'Counts things.', image: '', email: 'ada@club.test', role: 'Treasurer', group: 'exec' });
    expect(findTeamMember(t.deps, 'treasurer')).toEqual(after);
  });

  it('refuses an unknown position with a 404 and creates nothing', async () => {
    const t = await seeded();
    expect(() => updateTeamMember(t.deps, 'head-chef', { name: 'X' }, 1)).toThrow(expect.objectContaining({ status: 404 }));
    expect(listTeamMembers(t.deps)).toHaveLength(10);
  });
});

describe('team image rule', () => {
  it.each(['', '/uploads/abc-123.webp', '/uploads/team/x_1.png', 'https://example.com/me.jpg', 'HTTPS://cdn.example.org/a?b=c'])(
    'accepts %j',
    (value) => expect(isAllowedTeamImage(value)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'http://example.com/me.jpg',
    '//evil.example/x.png',
    '/uploads/../data/club.db',
    '/uploads//evil.example/x',
    '/uploads/',
    '/images/me.png',
    'https://user:pw@example.com/x.png',
    'https://',
    ' javascript:alert(1)',
  ])('refuses %j', (value) => expect(isAllowedTeamImage(value)).toBe(false));

  it('trims before checking, and limits name and bio lengths', () => {
    expect(teamMemberUpdateSchema.parse({ image: '  https://example.com/a.png ' }).image).toBe('https://example.com/a.png');
    expect(teamMemberUpdateSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(teamMemberUpdateSchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    expect(teamMemberUpdateSchema.safeParse({ bio: 'x'.repeat(2001) }).success).toBe(false);
    expect(teamMemberUpdateSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(teamMemberUpdateSchema.safeParse({ email: '' }).success).toBe(true);
  });
});
