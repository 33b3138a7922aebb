// Under each field that takes placeholders: what may be typed in braces and what each becomes, from the
// one table the server fills them in with (domain/documents/club-pages.ts), closed until asked for so a long
// editor stays short. A disclosure: the keyboard opens it, a screen reader reads its list as a list.
import { PAGE_PLACEHOLDERS } from '../../../../domain/documents/club-pages';

export function PlaceholderList() {
  return (
    <details className="placeholders">
      <summary>Placeholders you can type</summary>
      <dl>
        {PAGE_PLACEHOLDERS.map((p) => (
          <div key={p.token}>
            <dt>
              <code>{p.token}</code>
            </dt>
            <dd>{p.becomes}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
