// One-line fields refuse control characters and direction overrides with a clear 400 (the same
// message the PWA shows next to the field, from the shared contract); email subjects carry
// only clean text, even for a title stored before the rule.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, posts } from '../../db/schema';
import { raceInputSchema } from '../../domain/contract/training/races';
import { buildWorld, snapshot } from '../testing/security-world';

const BAD = [
  ['CR LF', 'Swim\r\nBcc: everyone@club.test'],
  ['LF', 'Swim\npractice'],
  ['NUL', 'Swim\u0000'],
  ['tab', 'Swim\tpractice'],
  ['C1 control', 'Swim\u0085practice'],
  ['DEL', 'Swim\u007f'],
  ['right-to-left override', 'Swim \u202Egnp.exe'],
  ['direction isolate', 'Swim \u2066x\u2069'],
] as const;

describe('single-line fields refuse control and bidi characters', () => {
  it.each(BAD)('%s in titles, names, race names and locations → 400, nothing stored', async (_label, value) => {
    const w = await buildWorld();
    const { t } = w;
    const before = snapshot(t);
    const exec = w.users.exec.token;
    const calls = [
      ['POST', '/api/forum/posts', exec, { type: 'workout', title: value, workoutType: 'run', workoutDate: '2026-03-20', workoutTime: '07:00', content: 'x' }, 'Title'],
      ['POST', '/api/forum/posts', exec, { type: 'event', title: value, eventDate: '2026-03-20', content: 'x' }, 'Title'],
      ['PUT', `/api/forum/posts/${w.openWorkoutId}`, w.users.admin.token, { title: value, workoutType: 'run', workoutDate: '2026-03-20', workoutTime: '07:00', content: 'x' }, 'Title'],
      ['POST', '/api/races', exec, { name: value, date: '2026-06-01', location: 'Lake', description: '' }, 'Race name'],
      ['POST', '/api/races', exec, { name: 'Sprint', date: '2026-06-01', location: value, description: '' }, 'Location'],
      ['PUT', '/api/users/profile', w.users.member.token, { name: value, email: 'member@club.test', phone_number: '', bio: '' }, 'Name'],
      ['POST', '/api/auth/register', undefined, { email: 'x@club.test', password: 'secret1', name: value, phoneNumber: '4165550101' }, 'Name'],
      ['PUT', `/api/admin/members/${w.users.target.id}/update`, w.users.admin.token, { name: value, email: 'target@club.test', role: 'member' }, 'Name'],
      ['PUT', '/api/profiles/swim-coach', exec, { name: value }, 'Name'],
    ] as const;
    for (const [method, path, token, body, label] of calls) {
      const res = await t.call(method, path, { ...(token ? { token } : {}), body });
      expect(res.status, `${method} ${path}`).toBe(400);
      // The error, and at most the field it names.
      const { field, ...rest } = res.body as { field?: unknown };
      expect(rest).toEqual({ error: `${label} cannot contain line breaks, tabs or invisible control characters` });
      expect(field === undefined || typeof field === 'string').toBe(true);
    }
    expect(snapshot(t)).toEqual(before);
  });

  it('keeps multi-line text (descriptions, bios) and right-to-left marks in names', async () => {
    const w = await buildWorld();
    const res = await w.t.call('POST', '/api/forum/posts', {
      token: w.users.exec.token,
      body: { type: 'workout', title: 'Swim \u200Fשחייה', workoutType: 'swim', workoutDate: '2026-03-20', workoutTime: '07:00', content: 'Warm up\n10 x 100' },
    });
    expect(res.status).toBe(201);
    expect(res.body.post.content).toBe('Warm up\n10 x 100');
  });

  it('gives the PWA the same message from the shared schema', () => {
    const parsed = raceInputSchema.safeParse({ name: 'Sprint\r\n', date: '2026-06-01', location: 'La\u202Eke', description: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('Location cannot contain line breaks, tabs or invisible control characters');
  });
});

describe('email subjects', () => {
  it('carry no line break even for a title stored before the rule', async () => {
    const w = await buildWorld();
    const { t } = w;
    // An old row, written before titles were checked.
    t.db.update(posts).set({ title: 'Small swim\r\nBcc: all@club.test' }).where(eq(posts.id, w.fullWorkoutId)).run();
    const cancel = await t.call('POST', `/api/forum/workouts/${w.fullWorkoutId}/signup`, { token: w.users.filler.token, body: { signedUp: false } });
    expect(cancel.status).toBe(200);
    const mail = t.db.select().from(messageQueue).all().at(-1)!;
    expect(mail.to).toBe('waiter@club.test');
    expect(mail.subject).toBe("You're in: Small swim Bcc: all@club.test");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
