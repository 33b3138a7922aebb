// The club's long texts (page answers, the charter) are Markdown, turned into HTML here, the one
// place, so the server (which renders the public pages) and the editor's preview show the same thing.
// What an editor writes is never trusted as HTML: raw HTML is shown as text, links go only to the
// web, to an email address or within the site, and images are not drawn from a text (photos come
// through the picture pipeline with their alt text). Only the server and the editor load this file:
// a visitor's page receives the HTML already made.
import MarkdownIt from 'markdown-it';

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

const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
markdown.validateLink = isSafeLink;
markdown.disable('image');

/** Sanitised HTML of a Markdown text (block level: paragraphs, lists, headings, tables). */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
