// Which addresses a text written in the app may link to (a Markdown link, a resource's link): the
// web, an email address, or a path within the site. Kept apart from the Markdown renderer so a form's
// check does not load it.

/** The schemes a link may have; a link with no scheme is a path within the site (or an anchor). */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * Whether a link's address may be written into an href. Browsers ignore whitespace and control
 * characters inside a scheme ("java\tscript:"), so they are dropped before the scheme is read.
 */
export function isSafeLink(address: string): boolean {
  return [address, decoded(address)].every((form) => {
    // eslint-disable-next-line no-control-regex
    const plain = form.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(plain);
    return scheme === null || ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase());
  });
}

/** The address with its %-escapes read (the library hands links over escaped: "java%09script:"). */
function decoded(address: string): string {
  try {
    return decodeURIComponent(address);
  } catch {
    return address;
  }
}
