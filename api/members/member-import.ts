// Moving a club onto the app: members imported from its spreadsheet (a CSV file). Each row becomes a
// member with an invitation email (a single-use link to choose a password, the password-reset
// mechanism with a longer life), or is skipped or refused with the reason. A dry run answers the same
// preview without writing; the real run writes every accepted row in one transaction, so running the
// same file again changes nothing.
import { clubName } from '../club/identity/identity';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import { isCalendarDate } from '../../domain/calendar-days';
import { newMembershipTerm } from '../../domain/calendar';
import { clubTerms } from '../club/terms';
import { clubToday } from '../../domain/clock';
import { hasUnsafeCharacters, isValidEmail } from '../../domain/contract/common';
import { clubPhoneReader } from '../club/settings';
import type {
  IMPORTABLE_ROLES} from '../../domain/contract/members/season';
import {
  IMPORT_EMPTY_ERROR,
  IMPORT_HEADER_ERROR,
  IMPORT_MAX_ROWS,
  importTooManyRowsMessage,
  INVITATION_DAYS,
  unreadableCsvMessage,
  type ImportAnswer,
  type ImportRow,
  type ImportRowStatus,
} from '../../domain/contract/members/season';
import type { AppDeps } from '../platform/context';
import { issuePasswordLink } from '../accounts/auth';
import { ServiceError } from '../platform/errors';
import { invitationEmail } from '../messaging/mail-templates';
import { normaliseEmail } from '../platform/users';
import { clubTimeZone } from '../platform/club-time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stored as the password of an invited member until they choose one: no password matches it. */
export const NO_PASSWORD_YET = '!invited';

type Column = 'name' | 'email' | 'phone' | 'role' | 'expiry';

/** Header names a club's spreadsheet may use, lower-cased with spaces, dashes and underscores removed. */
const HEADER_NAMES: Record<string, Column> = {
  name: 'name',
  fullname: 'name',
  membername: 'name',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  phone: 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  telephone: 'phone',
  role: 'role',
  expiry: 'expiry',
  expirydate: 'expiry',
  expires: 'expiry',
  membershipexpiry: 'expiry',
};

const ROLE_NAMES: Record<string, (typeof IMPORTABLE_ROLES)[number]> = {
  member: 'member',
  exec: 'exec',
  executive: 'exec',
};

export interface ImportOptions {
  dryRun: boolean;
  /** Existing members whose file row gives another expiry date get it; otherwise they are skipped. */
  updateExpiry: boolean;
}

interface Parsed {
  line: number;
  cells: Partial<Record<Column, string>>;
}

/** Comma or semicolon: whichever the header line has more of, outside quotes. */
function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas += 1;
    else if (!quoted && ch === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** How much of the file the parser is handed at a time: it stops at the first chunk past the row limit. */
const CHUNK_CHARS = 16 * 1024;

/** The file in pieces of CHUNK_CHARS, handed out one at a time as the parser asks for them. */
export function* chunksOf(text: string, size = CHUNK_CHARS): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

type Columns = (Column | null)[];

/** The header row's columns, or a 400 when it does not name at least name and email. */
function columnsOf(header: string[]): Columns {
  const columns = header.map((h) => HEADER_NAMES[h.trim().toLowerCase().replace(/[\s_-]+/g, '')] ?? null);
  if (!columns.includes('name') || !columns.includes('email')) {
    throw new ServiceError(400, IMPORT_HEADER_ERROR);
  }
  return columns;
}

function rowOf(columns: Columns, record: string[], endLine: number): Parsed {
  const cells: Partial<Record<Column, string>> = {};
  columns.forEach((column, i) => {
    if (column && cells[column] === undefined) cells[column] = (record[i] ?? '').trim();
  });
  // info.lines is the line the record ends on; a quoted cell may span lines, so count them back.
  const spans = record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return { line: endLine - spans, cells };
}

/**
 * The file's rows under their columns; a broken file or header is refused as a whole (400), and a file
 * of more than IMPORT_MAX_ROWS rows with 413 as soon as the parser passes the limit: the file is
 * parsed as a stream, a chunk at a time, so a 100,000-row file is never read to its end, and the
 * server answers other requests between chunks.
 */
export async function readSpreadsheet(chunks: Iterable<string>): Promise<Parsed[]> {
  const pieces = chunks[Symbol.iterator]();
  const first = pieces.next();
  const head = first.done ? '' : first.value;
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(head.replace(/^\uFEFF/, '')),
    skip_empty_lines: true,
    relax_column_count: true,
    // A quote inside an unquoted cell (Jo "JJ" Smith) is part of the text, as a spreadsheet meant it.
    relax_quotes: true,
    info: true,
    // Cells are kept as typed: no casting, so '=1+1' or '+1 555' stay text.
    cast: false,
  });
  const source = Readable.from(
    (function* () {
      if (!first.done) yield first.value;
      for (let next = pieces.next(); !next.done; next = pieces.next()) yield next.value;
    })(),
  );
  source.pipe(parser);
  let columns: Columns | null = null;
  const rows: Parsed[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // Rows of nothing but separators (';;;' from a spreadsheet's blank lines) are blank lines too.
      if (!record.some((cell) => cell.trim() !== '')) continue;
      if (!columns) {
        columns = columnsOf(record);
        continue;
      }
      if (rows.length === IMPORT_MAX_ROWS) throw new ServiceError(413, importTooManyRowsMessage());
      rows.push(rowOf(columns, record, info.lines));
    }
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    const reason = err instanceof Error ? err.message : 'unreadable';
    throw new ServiceError(400, unreadableCsvMessage(reason));
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
  if (!columns) throw new ServiceError(400, IMPORT_EMPTY_ERROR);
  return rows;
}

/** The import's preview (dry run) or result: one answer row per file row, errors by line. */
export async function importMembers(deps: AppDeps, text: string, options: ImportOptions): Promise<ImportAnswer> {
  const rows = await readSpreadsheet(chunksOf(text));
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const sessionEnd = newMembershipTerm(clubTerms(deps), today).end;
  const readPhone = clubPhoneReader(deps);
  const { db } = deps.database;

  return deps.database.tx(() => {
    const emails = rows.map((r) => normaliseEmail(r.cells.email ?? '')).filter((e) => e !== '');
    const existing = new Map<string, { id: number; expiryDate: string | null; role: string }>();
    for (let i = 0; i < emails.length; i += 500) {
      const chunk = emails.slice(i, i + 500);
      for (const u of db.select({ id: users.id, email: users.email, expiryDate: users.expiryDate, role: users.role }).from(users).where(inArray(users.email, chunk)).all()) {
        existing.set(u.email, u);
      }
    }
    const seen = new Map<string, number>();
    const answer: ImportRow[] = [];
    const counts: Record<ImportRowStatus, number> = { created: 0, updated: 0, skipped: 0, error: 0 };
    const add = (row: ImportRow) => {
      answer.push(row);
      counts[row.status] += 1;
    };

    for (const { line, cells } of rows) {
      const name = cells.name ?? '';
      const rawEmail = cells.email ?? '';
      const email = normaliseEmail(rawEmail);
      const base = { line, name, email: rawEmail, role: null, expiryDate: null };
      const refuse = (reason: string) => add({ ...base, status: 'error', reason });

      if (!name) { refuse('Name is missing.'); continue; }
      if (name.length > 100) { refuse('Name is longer than 100 characters.'); continue; }
      if (hasUnsafeCharacters(name)) { refuse('Name has characters that cannot be shown (control or invisible characters).'); continue; }
      if (!email) { refuse('Email is missing.'); continue; }
      if (!isValidEmail(email) || email.length > 254) { refuse(`"${rawEmail}" is not a valid email address.`); continue; }
      const earlier = seen.get(email);
      if (earlier !== undefined) { refuse(`Duplicate: the same email is on line ${earlier}.`); continue; }
      seen.set(email, line);

      const roleText = (cells.role ?? '').toLowerCase();
      const role = roleText === '' ? 'member' : ROLE_NAMES[roleText];
      if (!role) {
        refuse(
          roleText === 'administrator' || roleText === 'admin'
            ? 'Administrators are not imported: import as member or exec, then change the role by hand.'
            : `Unknown role "${cells.role}": use member or exec (or leave it empty).`,
        );
        continue;
      }
      const expiryText = cells.expiry ?? '';
      if (expiryText && !isCalendarDate(expiryText)) {
        refuse(`Impossible expiry date "${expiryText}": write it as YYYY-MM-DD, e.g. ${sessionEnd}.`);
        continue;
      }
      if (expiryText && expiryText < today) { refuse(`The expiry date ${expiryText} has passed.`); continue; }
      // Read for the club's country ('0412 345 678' in Australia) or with + and a country code; kept as E.164.
      const phoneText = cells.phone ?? '';
      const phone = phoneText ? readPhone(phoneText) : null;
      if (phone && 'problem' in phone) { refuse(`Phone "${phoneText}": ${phone.problem}.`); continue; }
      const expiryDate = expiryText || sessionEnd;

      const account = existing.get(email);
      if (account) {
        const approved = ['member', 'exec', 'administrator'].includes(account.role);
        if (!options.updateExpiry || !expiryText) {
          add({ ...base, status: 'skipped', reason: 'Already has an account.' });
        } else if (!approved) {
          add({ ...base, status: 'skipped', reason: `Already has an account (${account.role}): approve it from Pending Approval.` });
        } else if (account.expiryDate === expiryDate) {
          add({ ...base, status: 'skipped', reason: `Already a member until ${expiryDate}.` });
        } else {
          if (!options.dryRun) db.update(users).set({ expiryDate }).where(eq(users.id, account.id)).run();
          add({ ...base, status: 'updated', reason: `Expiry ${account.expiryDate ?? 'not set'} → ${expiryDate}.`, role: account.role, expiryDate });
        }
        continue;
      }

      if (!options.dryRun) {
        const created = db
          .insert(users)
          .values({
            email,
            name,
            passwordHash: NO_PASSWORD_YET,
            role,
            phoneNumber: phone?.phone ?? null,
            joinDate: today,
            expiryDate,
            createdAt: deps.clock(),
          })
          .returning({ id: users.id })
          .get();
        const link = issuePasswordLink(deps, created.id, INVITATION_DAYS * DAY_MS, true);
        deps.messageQueue.enqueue(invitationEmail(clubName(deps), email, name, link, INVITATION_DAYS));
      }
      add({ ...base, status: 'created', reason: null, role, expiryDate });
    }
    return { dryRun: options.dryRun, counts, rows: answer };
  });
}
