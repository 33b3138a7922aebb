import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A club text's HTML, made from its Markdown and sanitised by domain/documents/markdown.ts (by the server for a
 * public page, by the editor for its preview): nothing here may come from anywhere else. A link within
 * the site moves in the app instead of loading the page again.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a');
    const href = link?.getAttribute('href');
    if (!link || !href || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // The links inside are the interactive parts (a keyboard's Enter on one is a click that bubbles here).
    <div className={className ? `prose ${className}` : 'prose'} onClick={follow} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
