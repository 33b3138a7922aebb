import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, users } from '../../db/schema';
import { chunksOf, readSpreadsheet } from './member-import';
import { importTooManyRowsMessage } from '../../domain/contract/members/season';
import { phoneProblem } from '../../domain/region/phone';
import { ADMIN, EXEC, MEMBER, PENDING, makeClub, type TestApp } from '../testing/test-app';

// The club's today in these tests is 2026-03-02: the current session (Winter 2026) ends 2026-04-30.
const SESSION_END = '2026-04-30';

const setup = () => makeClub({ admin: { ...ADMIN, email: 'admin@club.test' }, member: { ...MEMBER, email: 'morgan@club.test', expiryDate: '2026-04-30' } });

async function upload(t: TestApp, token: string, csv: string | Uint8Array, query = '') {
  return t.call('POST', `/api/admin/members/import${query}`, { token, body: csv, headers: { 'content-type': 'text/csv' } });
}

const statuses = (body: { rows: { line: number; status: string }[] }) => body.rows.map((r) => [r.line, r.status]);
const invitations = (t: TestApp) => t.db.select().from(messageQueue).all().filter((m) => m.subject.includes('choose a password'));

describe('POST /api/admin/members/import: reading real-world files', () => {
  it('reads a file with a BOM, semicolons, CRLF line ends, quoted separators and blank lines', async () => {
    const { t, admin } = await setup();
    const csv =
      '\uFEFFName;Email;Phone;Role;Expiry\r\n' +
      '"Smith; Jo";jo@uni.test;416 555 0123;member;2026-12-31\r\n' +
      '\r\n' +
      ';;;;\r\n' +
      '"Lee, ""Sam""";SAM@uni.test;;exec;\r\n';
    const res = await upload(t, admin.token, csv, '?dryRun=1');
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { line: 2, name: 'Smith; Jo', email: 'jo@uni.test', status: 'created', reason: null, role: 'member', expiryDate: '2026-12-31' },
      { line: 5, name: 'Lee, "Sam"', email: 'SAM@uni.test', status: 'created', reason: null, role: 'exec', expiryDate: SESSION_END },
    ]);
    expect(res.body.counts).toEqual({ created: 2, updated: 0, skipped: 0, error: 0 });
    // A dry run writes nothing and sends nothing.
    expect(t.db.select().from(users).all()).toHaveLength(2);
    expect(t.db.select().from(messageQueue).all()).toHaveLength(0);
  });

  it('reads a comma file with a multi-line quoted cell and counts lines as the spreadsheet shows them', async () => {
    const { t, admin } = await setup();
    const csv = 'email,name,notes\n"a@uni.test","Ann","Paid cash\nsecond line"\nb@uni.test,Bob,\n';
    const res = await upload(t, admin.token, csv, '?dryRun=1');
    expect(statuses(res.body)).toEqual([
      [2, 'created'],
      [4, 'created'],
    ]);
  });

  it('keeps formula cells as plain text', async () => {
    const { t, admin } = await setup();
    const csv = 'name,email\n=HYPERLINK("http://evil.test"),f@uni.test\n+Plus Person,p@uni.test\n@Sum,s@uni.test\n';
    const res = await upload(t, admin.token, csv);
    expect(res.body.counts.created).toBe(3);
    const names = t.db.select({ name: users.name }).from(users).all().map((u) => u.name);
    expect(names).toEqual(expect.arrayContaining(['=HYPERLINK("http://evil.test")', '+Plus Person', '@Sum']));
    // …and the export neutralises them again for spreadsheets.
    const exported = await t.call('GET', '/api/reports/members.csv', { token: admin.token });
    expect(exported.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(exported.body).toContain(`"'+Plus Person"`);
    expect(exported.body).toContain(`"'@Sum"`);
  });

  it('refuses duplicate and invalid rows with the reason, by line', async () => {
    const { t, admin } = await setup();
    const csv = [
      'Name,Email,Role,Expiry,Phone',
      'Good One,good@uni.test,,,',
      'No At,not-an-email,,,',
      'Again,GOOD@uni.test,,,',
      'Boss,boss@uni.test,administrator,,',
      'Odd,odd@uni.test,coach,,',
      'Feb,feb@uni.test,,2027-02-30,',
      'Slash,slash@uni.test,,31/12/2026,',
      'Old,old@uni.test,,2025-12-31,',
      ',noname@uni.test,,,',
      'Phone,phone@uni.test,,,12345',
    ].join('\n');
    const res = await upload(t, admin.token, csv);
    expect(res.status).toBe(200);
    const byLine = Object.fromEntries(res.body.rows.map((r: { line: number; status: string; reason: string }) => [r.line, [r.status, r.reason]]));
    expect(byLine[2]).toEqual(['created', null]);
    expect(byLine[3]).toEqual(['error', expect.stringContaining('not a valid email')]);
    expect(byLine[4]).toEqual(['error', 'Duplicate: the same email is on line 2.']);
    expect(byLine[5]).toEqual(['error', expect.stringContaining('Administrators are not imported')]);
    expect(byLine[6]).toEqual(['error', expect.stringContaining('Unknown role "coach"')]);
    expect(byLine[7]).toEqual(['error', expect.stringContaining('Impossible expiry date "2027-02-30"')]);
    expect(byLine[8]).toEqual(['error', expect.stringContaining('Impossible expiry date "31/12/2026"')]);
    expect(byLine[9]).toEqual(['error', expect.stringContaining('has passed')]);
    expect(byLine[10]).toEqual(['error', 'Name is missing.']);
    expect(byLine[11]).toEqual(['error', `Phone "12345": ${phoneProblem('CA')}.`]);
    expect(res.body.counts).toEqual({ created: 1, updated: 0, skipped: 0, error: 9 });
    // Only the good row was written; nobody became an administrator.
    expect(t.db.select().from(users).where(eq(users.role, 'administrator')).all()).toHaveLength(1);
    expect(t.db.select().from(users).all()).toHaveLength(3);
  });

  it('refuses a 10,000-row file, a file over 1 MB, a file without name and email columns, and another content type', async () => {
    const { t, admin } = await setup();
    const rows = Array.from({ length: 10_000 }, (_, i) => `Member ${i},m${i}@uni.test`);
    const big = await upload(t, admin.token, ['name,email', ...rows].join('\n'));
    expect(big.status).toBe(413);
    expect(big.body.error).toContain('at most 2000');
    const huge = await upload(t, admin.token, `name,email\n${'x'.repeat(1024 * 1024)},a@uni.test\n`);
    expect(huge.status).toBe(413);
    const noHeader = await upload(t, admin.token, 'Jo,jo@uni.test\n');
    expect(noHeader).toMatchObject({ status: 400, body: { error: expect.stringContaining('"name" and "email"') } });
    const empty = await upload(t, admin.token, '');
    expect(empty.status).toBe(400);
    const json = await t.call('POST', '/api/admin/members/import', { token: admin.token, body: { name: 'x' } });
    expect(json.status).toBe(415);
    expect(t.db.select().from(users).all()).toHaveLength(2);
  });

  it('stops reading a 100,000-row file at the row limit and answers 413', async () => {
    const { t, admin } = await setup();
    const csv = ['name,email', ...Array.from({ length: 100_000 }, () => 'a,b')].join('\n');
    const res = await upload(t, admin.token, csv);
    expect(res).toMatchObject({ status: 413, body: { error: importTooManyRowsMessage() } });
    expect(res.body.error).toBe('The file has more than 2000 rows; at most 2000 can be imported at once. Split it into smaller files.');

    // The parser asks for the file a chunk at a time and stops at the first chunk past the limit.
    const chunks = [...chunksOf(csv)];
    let handedOut = 0;
    const counted = (function* () {
      for (const chunk of chunks) {
        handedOut += 1;
        yield chunk;
      }
    })();
    await expect(readSpreadsheet(counted)).rejects.toMatchObject({ status: 413, message: importTooManyRowsMessage() });
    expect(chunks.length).toBeGreaterThan(20);
    expect(handedOut).toBeLessThan(chunks.length / 4);
  });

  it('takes 2,000 rows', async () => {
    const { t, admin } = await setup();
    const rows = Array.from({ length: 2000 }, (_, i) => `Member ${i},m${i}@uni.test`);
    const res = await upload(t, admin.token, ['name,email', ...rows].join('\n'), '?dryRun=1');
    expect(res.body.counts.created).toBe(2000);
  });
});

describe('POST /api/admin/members/import: the file\'s bytes', () => {
  const SAVE_AS = 'Save it from the spreadsheet as "CSV UTF-8" and try again.';
  const csv = 'name,email\nZoë Ünï,ünï@example.de\nSeán O\'Brien,o\'brien+tri@uni.edu.au\n';
  const created = [
    ['Zoë Ünï', 'ünï@example.de', 'created'],
    ["Seán O'Brien", "o'brien+tri@uni.edu.au", 'created'],
  ];
  const rowsOf = (body: { rows: { name: string; email: string; status: string }[] }) => body.rows.map((r) => [r.name, r.email, r.status]);
  const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const utf16be = (text: string) => {
    const units = Buffer.from(text, 'utf16le');
    for (let i = 0; i < units.length; i += 2) [units[i], units[i + 1]] = [units[i + 1]!, units[i]!];
    return Buffer.concat([Buffer.from([0xfe, 0xff]), units]);
  };

  it('refuses binary junk under a good header with the line and byte where it stops being UTF-8, creating nothing', async () => {
    const { t, admin } = await setup();
    const junk = Buffer.concat([Buffer.from('name,email\nJo,'), Buffer.from([0xff, 0xfe, 0x00, 0x9c, 0xc3, 0x28]), Buffer.from('@uni.test\n')]);
    const res = await upload(t, admin.token, junk);
    expect(res).toMatchObject({
      status: 400,
      body: { error: `The file is not valid UTF-8: line 2 has a byte UTF-8 does not allow there (byte 15 of the file, 0xFF). ${SAVE_AS}` },
    });
    expect(t.db.select().from(users).all()).toHaveLength(2);
    // A truncated sequence and an overlong one are found too, and a NUL in otherwise good text.
    const cut = await upload(t, admin.token, Buffer.concat([Buffer.from('name,email\nA,a@b.test\nZo'), Buffer.from([0xc3])]));
    expect(cut.body.error).toContain('line 3 has a byte UTF-8 does not allow there (byte 25 of the file, 0xC3)');
    const overlong = await upload(t, admin.token, Buffer.concat([Buffer.from('name,email\n'), Buffer.from([0xc0, 0xaf])]));
    expect(overlong.body.error).toContain('line 2 has a byte UTF-8 does not allow there (byte 12 of the file, 0xC0)');
    const nul = await upload(t, admin.token, Buffer.from('name,email\nJo,jo\u0000@uni.test\n'));
    expect(nul).toMatchObject({ status: 400, body: { error: `The file is not a text file: line 2 holds a NUL byte (byte 17 of the file). ${SAVE_AS}` } });
  });

  it('refuses as an email what decoded junk and control characters make, row by row', async () => {
    const { t, admin } = await setup();
    const text = 'name,email\n\uFFFD\uFFFD,\uFFFD\uFFFD@\uFFFD\uFFFD.\uFFFD\uFFFD\nBell,jo\u0007@uni.test\nEsc,\u001b[2Jjo@uni.test\n';
    const res = await upload(t, admin.token, text);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { status: string; reason: string }) => [r.status, r.reason])).toEqual([
      ['error', '"\uFFFD\uFFFD@\uFFFD\uFFFD.\uFFFD\uFFFD" is not a valid email address.'],
      ['error', '"jo\u0007@uni.test" is not a valid email address.'],
      ['error', '"\u001b[2Jjo@uni.test" is not a valid email address.'],
    ]);
    expect(t.db.select().from(users).all()).toHaveLength(2);
  });

  it('reads UTF-8 with and without its mark, and UTF-16 with its mark, little- and big-endian', async () => {
    const { t, admin } = await setup();
    for (const bytes of [Buffer.from(csv), Buffer.from(`\uFEFF${csv}`), utf16le(csv), utf16be(csv)]) {
      const res = await upload(t, admin.token, bytes, '?dryRun=1');
      expect(res.status).toBe(200);
      expect(rowsOf(res.body)).toEqual(created);
    }
    const res = await upload(t, admin.token, utf16le(csv.replace(/\n/g, '\r\n')));
    expect(rowsOf(res.body)).toEqual(created);
    expect(t.db.select().from(users).where(eq(users.email, 'ünï@example.de')).get()).toMatchObject({ name: 'Zoë Ünï' });
  });

  it('refuses a UTF-16 file cut half-way through a character, or holding a lone surrogate', async () => {
    const { t, admin } = await setup();
    const odd = utf16le(csv).subarray(0, 21);
    expect(await upload(t, admin.token, odd)).toMatchObject({
      status: 400,
      body: { error: `The file says it is UTF-16 but ends half-way through a character (it has an odd number of bytes). ${SAVE_AS}` },
    });
    const lone = Buffer.concat([utf16le('name,email\nJo,'), Buffer.from([0x00, 0xd8]), Buffer.from('j\u0000o\u0000', 'latin1')]);
    expect((await upload(t, admin.token, lone)).body.error).toBe(`The file says it is UTF-16 but holds a broken character (a lone surrogate). ${SAVE_AS}`);
  });
});

describe('POST /api/admin/members/import: writing', () => {
  it('creates members with an invitation each, skips existing emails, and changes nothing when run again', async () => {
    const { t, admin } = await setup();
    const csv = 'name,email,expiry\nJo New,jo@uni.test,2026-12-31\nMorgan Again,Morgan@club.test,2026-12-31\n';
    const preview = await upload(t, admin.token, csv, '?dryRun=1');
    const first = await upload(t, admin.token, csv);
    expect(first.body.rows).toEqual(preview.body.rows.map((r: object) => ({ ...r })));
    expect(statuses(first.body)).toEqual([
      [2, 'created'],
      [3, 'skipped'],
    ]);
    const jo = t.db.select().from(users).where(eq(users.email, 'jo@uni.test')).get()!;
    expect(jo).toMatchObject({ name: 'Jo New', role: 'member', expiryDate: '2026-12-31', joinDate: '2026-03-02', charterAcceptedAt: null });
    expect(invitations(t)).toEqual([expect.objectContaining({ to: 'jo@uni.test', text: expect.stringContaining('http://club.test/reset-password?token=') })]);
    // Morgan's expiry is untouched: updating it was not asked for.
    expect(t.db.select().from(users).where(eq(users.email, 'morgan@club.test')).get()!.expiryDate).toBe('2026-04-30');

    const again = await upload(t, admin.token, csv);
    expect(again.body.counts).toEqual({ created: 0, updated: 0, skipped: 2, error: 0 });
    expect(invitations(t)).toHaveLength(1);
  });

  it('updates existing members’ expiry only when asked, and a second run changes nothing', async () => {
    const { t, admin } = await setup();
    const csv = 'name,email,expiry\nMorgan,morgan@club.test,2026-12-31\n';
    const first = await upload(t, admin.token, csv, '?updateExpiry=1');
    expect(first.body.rows[0]).toMatchObject({ status: 'updated', expiryDate: '2026-12-31' });
    expect(t.db.select().from(users).where(eq(users.email, 'morgan@club.test')).get()!.expiryDate).toBe('2026-12-31');
    const again = await upload(t, admin.token, csv, '?updateExpiry=1');
    expect(again.body.rows[0]).toMatchObject({ status: 'skipped' });
  });

  it('the invitation link works once: the invited member sets a password, then signs in', async () => {
    const { t, admin } = await setup();
    await upload(t, admin.token, 'name,email\nIvy Invited,ivy@uni.test\n');
    // Before choosing a password, no password signs in.
    expect((await t.login('ivy@uni.test', '!invited')).status).toBe(401);
    const link = /reset-password\?token=([\w-]+)&invite=1/.exec(invitations(t)[0]!.text)!;
    const token = decodeURIComponent(link[1]!);
    expect((await t.call('POST', '/api/auth/reset-password/check', { body: { token } })).body).toEqual({ valid: true });
    // Six days later the link still works (an invitation lives seven days, not the reset's hour).
    t.clock.advance(6 * 24 * 3600_000);
    const set = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'ivy-password' } });
    expect(set.status).toBe(200);
    const again = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'other-password' } });
    expect(again.status).toBe(400);
    const login = await t.login('ivy@uni.test', 'ivy-password');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: 'ivy@uni.test', role: 'member' });
  });

  it('an invitation link runs out after seven days', async () => {
    const { t, admin } = await setup();
    await upload(t, admin.token, 'name,email\nIvy Invited,ivy@uni.test\n');
    const token = decodeURIComponent(/token=([\w-]+)/.exec(invitations(t)[0]!.text)![1]!);
    t.clock.advance(7 * 24 * 3600_000 + 1);
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'ivy-password' } })).status).toBe(400);
  });
});

describe('POST /api/admin/members/import: the expiry of a row without one', () => {
  it('is the current term\'s end, or on a term\'s last day the next term\'s, as the approve dialog chooses', async () => {
    const csv = 'name,email\nJo New,jo@uni.test\n';
    const midTerm = await setup();
    expect((await upload(midTerm.t, midTerm.admin.token, csv, '?dryRun=1')).body.rows[0].expiryDate).toBe(SESSION_END);
    // Noon on Winter 2026's last day, on the club's clock.
    const lastDay = await makeClub({ admin: ADMIN }, { now: Date.parse('2026-04-30T16:00:00Z') });
    expect((await upload(lastDay.t, lastDay.admin.token, csv, '?dryRun=1')).body.rows[0].expiryDate).toBe('2026-06-30');
  });
});

describe('import permissions', () => {
  it('401 without a token, 403 for every role below administrator', async () => {
    const { t, admin, member } = await setup();
    const exec = await t.createUser(EXEC);
    const pending = await t.createUser(PENDING);
    const csv = 'name,email\nX,x@uni.test\n';
    expect((await upload(t, '', csv)).status).toBe(401);
    for (const who of [member, exec, pending]) expect((await upload(t, who.token, csv)).status).toBe(403);
    expect((await upload(t, admin.token, csv, '?dryRun=1')).status).toBe(200);
    expect(t.db.select().from(users).where(eq(users.email, 'x@uni.test')).get()).toBeUndefined();
  });
});
