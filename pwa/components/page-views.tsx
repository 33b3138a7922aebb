// What the club's editable pages show (the FAQ's questions, the resources' links, the gear): drawn
// from a page document whose Markdown is already HTML, by the public page (from the server) and by
// the editor's preview and history (from its own rendering), so the preview is the page.
import type { ClubDocument } from '../../domain/contract/club-documents';
import { MarkdownHtml } from './markdown-html';
import './page-views.css';

/** The questions as the page shows them (and the editor's preview, from its own rendering). */
export function FaqList({ document, open = false }: { document: ClubDocument<'faq-page'>; open?: boolean }) {
  return (
    <div className="faq__list">
      {document.body.items.map((item, index) => (
        <details key={item.id} id={item.id} className="faq__item" open={open || undefined}>
          <summary className="faq__question">{item.question}</summary>
          <MarkdownHtml className="faq__answer" html={document.html?.[`items.${index}.answer`] ?? ''} />
        </details>
      ))}
    </div>
  );
}

/** The links as the page shows them (and the editor's preview). */
export function ResourcesContent({ document }: { document: ClubDocument<'resources-page'> }) {
  if (document.body.links.length === 0) return <p className="lead">{document.body.placeholder}</p>;
  return (
    <ul className="resource-links">
      {document.body.links.map((link, index) => (
        <li key={index}>
          <a href={link.url}>{link.title}</a>
        </li>
      ))}
    </ul>
  );
}

/** The items as the page shows them (and the editor's preview). */
export function GearContent({ document }: { document: ClubDocument<'gear-page'> }) {
  if (document.body.items.length === 0) return <p className="lead">{document.body.placeholder}</p>;
  return (
    <ul className="gear-items">
      {document.body.items.map((item, index) => (
        <li key={index} className="card">
          <h2>{item.name}</h2>
          <MarkdownHtml html={document.html?.[`items.${index}.description`] ?? ''} />
        </li>
      ))}
    </ul>
  );
}
