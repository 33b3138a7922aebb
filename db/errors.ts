/**
 * True when SQLite refused a write for a constraint (a unique index, mostly): two requests racing for
 * the same email, say, where the index decides and the loser gets a clear answer instead of a 500.
 */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && String(err.code).startsWith('SQLITE_CONSTRAINT');
}
