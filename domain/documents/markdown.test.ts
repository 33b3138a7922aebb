import { describe, expect, it } from 'vitest';
import { isSafeLink, renderMarkdown } from './markdown';

/** The names of the attributes in the tags of `html` (a value's own quotes are escaped, so `"[^"]*"` is the whole value). */
function attributeNames(html: string): string[] {
  return [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap(([tag]) => [...tag.matchAll(/\s([^\s=>]+)="[^"]*"/g)].map((m) => m[1]!));
}

describe('renderMarkdown', () => {
  it('renders paragraphs, emphasis, lists and links', () => {
    const html = renderMarkdown('Hello **team**\n\n- [Schedule](/schedule)\n- [Mail](mailto:club@example.org)\n- [Site](https://example.org)');
    expect(html).toContain('<strong>team</strong>');
    expect(html).toContain('<a href="/schedule">Schedule</a>');
    expect(html).toContain('<a href="mailto:club@example.org">Mail</a>');
    expect(html).toContain('<a href="https://example.org">Site</a>');
  });

  it('escapes a script tag instead of passing it through', () => {
    const html = renderMarkdown('Before <script>alert(1)</script> after\n\n<script>\nalert(2)\n</script>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('never writes an event handler attribute', () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">\n\n<a href="/" onclick="alert(1)">x</a>\n\n[x](/a "t\\" onmouseover=\\"alert(1)")');
    expect(html).not.toMatch(/<img/i);
    expect(attributeNames(html).filter((name) => /^on/i.test(name))).toEqual([]);
    expect(attributeNames(html)).toEqual(['href', 'title']);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('drops javascript:, vbscript: and data: links, whatever their spelling', () => {
    for (const address of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:image/png;base64,AAAA',
      '&#106;avascript:alert(1)',
    ]) {
      const html = renderMarkdown(`[click](${address}) and <${address}>`);
      expect(html, address).not.toMatch(/href="(?:javascript|vbscript|data):/i);
      expect(html, address).not.toContain('<a');
    }
    expect(renderMarkdown('[x](<java\tscript:alert(1)>)')).not.toContain('<a');
  });

  it('does not pass an HTML comment through', () => {
    const html = renderMarkdown('Text <!-- hidden --> more\n\n<!--\nblock\n-->');
    expect(html).not.toContain('<!--');
    expect(html).toContain('&lt;!-- hidden --&gt;');
  });

  it('does not draw images from a text', () => {
    expect(renderMarkdown('![a](https://example.org/a.png)')).not.toContain('<img');
  });
});

describe('isSafeLink', () => {
  it('allows http(s), mailto and paths within the site', () => {
    for (const ok of ['https://a.org', 'http://a.org/x', 'mailto:a@b.org', '/faq', '#fees', 'faq', '/login?mode=signup']) expect(isSafeLink(ok), ok).toBe(true);
  });
  it('refuses other schemes, with whitespace or control characters hidden in them', () => {
    for (const bad of ['javascript:x', ' javascript:x', 'java\tscript:x', 'java\nscript:x', 'data:x', 'vbscript:x', 'file:///etc/passwd']) expect(isSafeLink(bad), bad).toBe(false);
  });
});
