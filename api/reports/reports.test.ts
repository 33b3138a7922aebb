import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { neutralise } from './csv';
import { ADMIN, EXEC, OTHER, PENDING, makeClub } from '../testing/test-app';

// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto (Winter 2026).
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function setup() {
  // The member's name is a spreadsheet formula: the CSV must not let it run.
  const club = await makeClub({
    exec: EXEC,
    admin: ADMIN,
    member: { role: 'member', name: '=HYPERLINK("http://x")' },
    other: OTHER,
    pending: PENDING,
  });
  const { t, exec } = club;
  const workout = async (date: string, title = `Swim ${date}`) => {
    const body = { type: 'workout', title, workoutType: 'swim', workoutDate: date, workoutTime: '07:00', content: 'Laps.' };
    return (await t.createPost(exec.token, body)).post.id as number;
  };
  const signUp = (token: string, id: number) =>
    t.must('POST', `/api/forum/workouts/${id}/signup`, { token, body: { signedUp: true }, status: 200 });
  const cancel = (token: string, id: number) =>
    t.must('POST', `/api/forum/workouts/${id}/signup`, { token, body: { signedUp: false }, status: 200 });
  const take = (id: number, attendanceData: Record<string, boolean>) =>
    t.must('POST', `/api/forum/workouts/${id}/attendance`, { token: exec.token, body: { attendanceData }, status: 201 });
  /** The answer's bytes as sent: Response.text() would drop the BOM being checked. */
  const raw = async (path: string, token: string) => {
    const res = await t.app.request(path, { headers: { authorization: `Bearer ${token}` } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };
  return { ...club, workout, signUp, cancel, take, raw };
}

/** Three workouts on March 3, 4 and 5: member present, absent, cancelled late; other present twice. */
async function history() {
  const s = await setup();
  const { t, member, other, workout, signUp, cancel, take } = s;
  const a = await workout('2026-03-03', '-1+1 intervals');
  const b = await workout('2026-03-04');
  const c = await workout('2026-03-05');
  for (const id of [a, b, c]) await signUp(member.token, id);
  for (const id of [a, b]) await signUp(other.token, id);
  t.clock.advance(DAY + 14 * HOUR); // Tue 08:00, an hour after the first one started
  await take(a, { [member.id]: true, [other.id]: true });
  t.clock.advance(DAY); // Wed 08:00
  await take(b, { [other.id]: true });
  await cancel(member.token, c); // under 24 h before Thursday 07:00: a late cancel
  return { ...s, a, b, c };
}

describe('attendance history of a member', () => {
  it('counts attended, absent and late cancels in the term, each workout once, by date', async () => {
    const { t, exec, member } = await history();
    const res = await t.call('GET', `/api/reports/members/${member.id}/attendance?term=2026-winter`, { token: exec.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals).toEqual({ attended: 1, absent: 1, lateCancels: 1 });
    expect(res.body.rows.map((r: { workout_date: string; status: string }) => [r.workout_date, r.status])).toEqual([
      ['2026-03-03', 'present'],
      ['2026-03-04', 'absent'],
      ['2026-03-05', 'late-cancel'],
    ]);
    expect(res.body.term).toMatchObject({ key: '2026-winter', label: 'Winter 2026' });
  });

  it('defaults to the current term, and another term has nothing', async () => {
    const { t, exec, member } = await history();
    const now = await t.call('GET', `/api/reports/members/${member.id}/attendance`, { token: exec.token });
    expect(now.body.term.key).toBe('2026-winter');
    expect(now.body.rows).toHaveLength(3);
    const fall = await t.call('GET', `/api/reports/members/${member.id}/attendance?term=2025-fall`, { token: exec.token });
    expect(fall.body.totals).toEqual({ attended: 0, absent: 0, lateCancels: 0 });
    expect(fall.body.rows).toEqual([]);
  });

  it('keeps a late cancel after the workout is deleted', async () => {
    const { t, exec, member, c } = await history();
    expect((await t.call('DELETE', `/api/forum/posts/${c}`, { token: exec.token })).status).toBe(200);
    const res = await t.call('GET', `/api/reports/members/${member.id}/attendance`, { token: exec.token });
    expect(res.body.totals.lateCancels).toBe(1);
    expect(res.body.rows[2]).toMatchObject({ workout_id: null, title: 'Deleted workout', status: 'late-cancel' });
  });

  it('answers 400 for a malformed term and 404 for an unknown member', async () => {
    const { t, exec, member } = await history();
    const bad = await t.call('GET', `/api/reports/members/${member.id}/attendance?term=spring`, { token: exec.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/term must be/);
    expect((await t.call('GET', '/api/reports/members/9999/attendance', { token: exec.token })).status).toBe(404);
  });

  it('downloads as CSV: BOM, every field quoted, ISO dates, the formula-like name neutralised', async () => {
    const { exec, member, raw } = await history();
    const { res, bytes, text } = await raw(`/api/reports/members/${member.id}/attendance.csv?term=2026-winter`, exec.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance-hyperlinkhttpx-2026-winter.csv"');
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
    expect(text.split('\r\n')[1]!.startsWith('"')).toBe(true);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Date, r.Status])).toEqual([
      ['2026-03-03', 'attended'],
      ['2026-03-04', 'absent'],
      ['2026-03-05', 'late cancel'],
    ]);
    expect(rows[0]!.Member).toBe(`'=HYPERLINK("http://x")`);
    expect(rows[0]!.Workout).toBe(`'-1+1 intervals`);
  });
});

describe('term report of the club', () => {
  it('lists each workout of the term with signed up, present and absent', async () => {
    const { t, exec } = await history();
    const res = await t.call('GET', '/api/reports/attendance?term=2026-winter', { token: exec.token });
    expect(res.status).toBe(200);
    expect(
      res.body.workouts.map((w: { workout_date: string; signedUp: number; present: number | null; absent: number | null }) => [
        w.workout_date,
        w.signedUp,
        w.present,
        w.absent,
      ]),
    ).toEqual([
      ['2026-03-03', 2, 2, 0],
      ['2026-03-04', 2, 1, 1],
      ['2026-03-05', 0, null, null],
    ]);
  });

  it('tells a workout to come (not started) from one whose attendance was missed', async () => {
    const { t, exec, workout } = await setup();
    await workout('2026-03-03', 'Missed swim');
    await workout('2026-03-09', 'Next swim');
    t.clock.advance(DAY + 14 * HOUR); // Tue 08:00: the first started an hour ago, nobody took attendance
    const res = await t.call('GET', '/api/reports/attendance?term=2026-winter', { token: exec.token });
    expect(res.body.workouts.map((w: { title: string; started: boolean; present: number | null }) => [w.title, w.started, w.present])).toEqual([
      ['Missed swim', true, null],
      ['Next swim', false, null],
    ]);
  });

  it('downloads as CSV, parsed back to the same numbers', async () => {
    const { exec, raw } = await history();
    const { res, text } = await raw('/api/reports/attendance.csv?term=2026-winter', exec.token);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance-report-2026-winter.csv"');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Date, r.Workout, r['Signed up'], r.Present, r.Absent, r['Attendance taken']])).toEqual([
      ['2026-03-03', `'-1+1 intervals`, '2', '2', '0', 'yes'],
      ['2026-03-04', 'Swim 2026-03-04', '2', '1', '1', 'yes'],
      ['2026-03-05', 'Swim 2026-03-05', '0', '', '', 'no'],
    ]);
  });
});

describe('members table as CSV', () => {
  it('lists every account for an administrator, neutralised', async () => {
    const { t, admin } = await setup();
    const res = await t.call('GET', '/api/reports/members.csv', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="members-2026-03-02.csv"');
    const rows = parse(res.body as string, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Name)).toEqual([`'=HYPERLINK("http://x")`, 'Alex Admin', 'Erin Exec', 'Olive Other', 'Pat Pending']);
    expect(rows.find((r) => r.Name === 'Pat Pending')!.Role).toBe('pending');
  });
});

describe('neutralising formula cells', () => {
  it('prefixes =, +, -, @, tab and CR, and leaves other text alone', () => {
    for (const c of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutralise(c)).toBe(`'${c}`);
    expect(neutralise('Ann')).toBe('Ann');
    expect(neutralise('a=b')).toBe('a=b');
  });
});

describe('who may read the reports', () => {
  it('attendance: exec and admin; member and pending 403, visitor 401; members CSV: admin only', async () => {
    const { t, exec, admin, member, pending, other } = await setup();
    const attendance = ['/api/reports/attendance', '/api/reports/attendance.csv', `/api/reports/members/${other.id}/attendance`, `/api/reports/members/${other.id}/attendance.csv`];
    for (const path of attendance) {
      for (const who of [exec, admin]) expect((await t.call('GET', path, { token: who.token })).status, path).toBe(200);
      for (const who of [member, pending]) {
        const res = await t.call('GET', path, { token: who.token });
        expect(res.status, path).toBe(403);
        expect(typeof res.body.error).toBe('string');
      }
      const visitor = await t.call('GET', path);
      expect(visitor.status).toBe(401);
      expect(typeof visitor.body.error).toBe('string');
    }
    const path = '/api/reports/members.csv';
    expect((await t.call('GET', path, { token: admin.token })).status).toBe(200);
    for (const who of [exec, member, pending]) {
      const res = await t.call('GET', path, { token: who.token });
      expect(res.status).toBe(403);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await t.call('GET', path)).status).toBe(401);
  });
});
