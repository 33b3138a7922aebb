// The one check of an email address, for every form and route that takes one (sign-up, the profile,
// an administrator's edit, the spreadsheet import, first run, a team card). No zod here: the first
// paint reads it through common.ts.

// Letters of any script, digits and the characters an address may hold unquoted (o'brien+tri), in
// dot-separated runs: no space, control, invisible or replacement character (U+FFFD, what bytes that
// could not be decoded turn into), no quotes, brackets or commas.
const LOCAL_PART = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
// A host name's label: letters (any script) and digits, hyphens inside.
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
// The last label names a top-level domain: letters, or its xn-- spelling.
const TOP_LABEL = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/iu;

/**
 * Whether `value` (trimmed) is a plausible address someone can receive mail at: one @, a local part
 * of at most 64 printable characters as above, and a domain of at least two labels of at most 63.
 * Addresses in any script are taken (ünï@example.de); quoted local parts and IP literals are not.
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  if (labels.length < 2 || labels.some((label) => label.length > 63 || !DOMAIN_LABEL.test(label))) return false;
  return TOP_LABEL.test(labels[labels.length - 1]!);
}
