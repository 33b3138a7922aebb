// The club's long texts (page answers, the charter) are Markdown, turned into HTML here, the one
// place, so the server (which renders the public pages) and the editor's preview show the same thing.
// What an editor writes is never trusted as HTML: raw HTML is shown as text, links go only to the
// web, to an email address or within the site, and images are not drawn from a text (photos come
// through the picture pipeline with their alt text). Only the server and the editor load this file:
// a visitor's page receives the HTML already made.
import MarkdownIt from 'markdown-it';
import { MARKDOWN_FIELDS, fillFacts, markdownTexts, type PageFacts, type PageKey } from './club-pages';
import { isSafeLink } from './safe-link';

export { isSafeLink };

const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
markdown.validateLink = isSafeLink;
markdown.disable('image');

/** Sanitised HTML of a Markdown text (block level: paragraphs, lists, headings, tables). */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

/** A page document's long texts as the page shows them: facts filled in, Markdown made HTML, by field path. */
export function pageHtml(key: PageKey, body: unknown, facts: PageFacts): Record<string, string> {
  const texts = markdownTexts(MARKDOWN_FIELDS[key], body);
  return Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, renderMarkdown(fillFacts(text, facts))]));
}
