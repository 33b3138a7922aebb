import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineNote, offlineNoteText } from './offline-note';

describe('the offline note', () => {
  it('ends with one full stop, with or without a time', () => {
    render(<OfflineNote fromCache updatedAt={Date.UTC(2026, 10, 23, 1, 25)} />);
    const text = screen.getByRole('status').textContent ?? '';
    expect(text).toMatch(/Offline — showing what was saved on this device, last updated .*[AP]M\.$/);
    expect(text).not.toMatch(/\.\.$/);
    expect(offlineNoteText(null)).toBe('Offline — showing what was saved on this device.');
  });

  it('does not double the full stop of a time written "p.m."', () => {
    expect(offlineNoteText(1, () => 'Nov 23, 2026, 8:25 p.m.')).toBe(
      'Offline — showing what was saved on this device, last updated Nov 23, 2026, 8:25 p.m.',
    );
  });

  it('says nothing for an answer from the network', () => {
    const { container } = render(<OfflineNote fromCache={false} updatedAt={1} />);
    expect(container).toBeEmptyDOMElement();
  });
});
