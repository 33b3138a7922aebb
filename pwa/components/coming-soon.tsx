import { usePageTitle } from '../lib/use-page-title';

/** A screen that a later piece of work fills in. */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      <p>Coming soon.</p>
    </div>
  );
}
