import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormFooter } from './form-footer';
import { Modal } from './modal';

function Sheet({ withForm = false }: { withForm?: boolean }) {
  const [open, setOpen] = useState(true);
  const [text, setText] = useState('');
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      {open && (
        <Modal title="New Workout" onClose={() => setOpen(false)} dirty={withForm && text !== ''}>
          <label>
            Title <input value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <FormFooter submitLabel="Save" busy={false} />
        </Modal>
      )}
    </>
  );
}

// Back, as the browser does it: history.back() moves on a later task, so wait for its popstate (the
// sheet's own listener, added earlier, has run by then) rather than for a guessed number of ms.
const back = () =>
  act(async () => {
    const popped = new Promise((r) => window.addEventListener('popstate', r, { once: true }));
    history.back();
    await popped;
  });

describe('a sheet and the Back button', () => {
  it('closes on Back, and takes its history entry back off when closed another way', async () => {
    const before = history.length;
    const { unmount } = render(<Sheet />);
    expect(screen.getByRole('dialog', { name: 'New Workout' })).toBeInTheDocument();
    expect(history.state).toMatchObject({ sheet: expect.any(String) });
    await back();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('closed')).toBeInTheDocument();
    unmount();

    render(<Sheet />);
    const entry = (history.state as { sheet: string }).sheet;
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect((history.state as { sheet?: string } | null)?.sheet).not.toBe(entry));
    expect(history.length).toBeGreaterThanOrEqual(before);
  });

  it('asks before throwing away typed input, on Back, Escape, × and Cancel', async () => {
    render(<Sheet withForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Track 400s');
    await back();
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(question).toHaveTextContent('What you typed has not been saved and will be lost.');
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    // Back again answers "keep editing": the draft is still there.
    await back();
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
    expect(screen.getByLabelText('Title')).toHaveValue('Track 400s');

    await userEvent.click(screen.getByLabelText('Title'));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
