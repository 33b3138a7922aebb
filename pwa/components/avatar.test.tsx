import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, INITIAL_COLOURS, initialColour } from './avatar';

/** WCAG 2 contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('Avatar', () => {
  it('shows the uploaded picture when there is one', () => {
    render(<Avatar name="Maya Chen" url="/uploads/maya.webp" size={40} className="forum-avatar" />);
    expect(document.querySelector('img')).toHaveAttribute('src', '/uploads/maya.webp');
  });

  it('falls back to a coloured initial: the colour comes from the name, with white text at AA contrast', () => {
    const { container } = render(<Avatar name="maya chen" url={null} size={40} className="forum-avatar" />);
    const initial = container.querySelector('.forum-avatar--initial') as HTMLElement;
    expect(initial).toHaveTextContent('M');
    expect(initial.style.background).not.toBe('');
    expect(initialColour('Maya Chen')).toBe(initialColour(' maya chen '));
    const colours = new Set(['Ana', 'Ben', 'Cleo', 'Dev', 'Eve', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jo'].map(initialColour));
    expect(colours.size).toBeGreaterThan(3);
    for (const colour of INITIAL_COLOURS) expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('shows the initial when the picture fails to load', () => {
    render(<Avatar name="Ben" url="/uploads/gone.webp" size={40} className="forum-avatar" />);
    fireEvent.error(document.querySelector('img')!);
    expect(screen.getByText('B')).toHaveClass('forum-avatar--initial');
  });
});
