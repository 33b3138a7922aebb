// What the club's editable pages show (the FAQ's questions, the resources' links, the gear): drawn
// from a page document whose Markdown is already HTML, by the public page (from the server) and by
// the editor's preview and history (from its own rendering), so the preview is the page.
import { formatFee, taxWords } from '../../domain/documents/club-fees';
import type { ClubDocument } from '../../domain/contract/club/club-documents';
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

/**
 * Join Us's sections drawn from the club's `join-page` document: the goal, who can join, the athlete
 * types, the steps and the fees (the page adds the sessions and the charter, which are not edited here).
 */
export function JoinSections({ document }: { document: ClubDocument<'join-page'> }) {
  const { body, html = {} } = document;
  return (
    <>
      <section id="goal" className="join__section" aria-labelledby="goal-title">
        <h2 id="goal-title">Our goal</h2>
        <MarkdownHtml html={html.goal ?? ''} />
      </section>

      <section id="who-can-join" className="join__section" aria-labelledby="who-title">
        <h2 id="who-title">Who can join</h2>
        <ul className="checklist">
          {body.whoCanJoin.map((_, index) => (
            <li key={index}>
              <MarkdownHtml html={html[`whoCanJoin.${index}`] ?? ''} />
            </li>
          ))}
        </ul>
      </section>

      {/* A club with one kind of member (a new club's start) has no types to tell apart. */}
      {body.athleteTypes.length > 0 && (
        <section id="athlete-types" className="join__section" aria-labelledby="types-title">
          <h2 id="types-title">Athlete types</h2>
          <ul className="tile-grid">
            {body.athleteTypes.map((t, index) => (
              <li key={index} className="card">
                <h3>{t.name}</h3>
                <p>{t.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section id="how-to-join" className="join__section" aria-labelledby="steps-title">
        <h2 id="steps-title">How to join in {stepsWord(body.steps.length)} steps</h2>
        <ol className="steps">
          {body.steps.map((step, index) => (
            <li key={index}>
              <h3>{step.title}</h3>
              <MarkdownHtml html={html[`steps.${index}.text`] ?? ''} />
            </li>
          ))}
        </ol>
      </section>

      <section id="fees" className="join__section" aria-labelledby="fees-title">
        <h2 id="fees-title">Package fees</h2>
        {/* A club that has set no packages yet (a new club's start) shows its note, not an empty table. */}
        {body.fees.length === 0 && !html.feesNote && <p>The club has not listed its packages yet.</p>}
        {body.fees.length > 0 && (
          <div className="table-wrap">
            <table className="fees">
              <caption className="visually-hidden">{`Membership package fees${taxWords(body.tax) ? `, ${taxWords(body.tax)}` : ''}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Package</th>
                  <th scope="col" className="fees__for">
                    For
                  </th>
                  <th scope="col">Covers</th>
                  <th scope="col" className="fees__fee">
                    Fee
                  </th>
                </tr>
              </thead>
              <tbody>
                {body.fees.map((row, index) => (
                  <tr key={index}>
                    <th scope="row">{row.name}</th>
                    <td className="fees__for">{row.for}</td>
                    <td>{row.covers}</td>
                    <td className="fees__fee">{formatFee(row.fee, body.tax)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {html.feesNote && <MarkdownHtml className="hint" html={html.feesNote} />}
      </section>
    </>
  );
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const stepsWord = (count: number) => WORDS[count] ?? String(count);
