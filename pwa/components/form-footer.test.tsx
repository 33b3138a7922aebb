// The one footer of a form: Cancel closes the modal around it as × does (asking first when something
// was typed), a page's form gives its own Cancel, and while the form is sent both buttons wait and
// the submit button says what is under way.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormFooter } from './form-footer';
import { Modal } from './modal';

/** Edit Member as a test needs it: one field in a modal, and the footer. */
function EditSheet({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  if (!open) return <p>closed</p>;
  return (
    <Modal title="Edit Member" onClose={() => setOpen(false)} dirty={name !== ''}>
      <form onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="name">Name</label>
        <input id="name" value={name} onChange={(e) => setName(e.target.value)} />
        <FormFooter submitLabel="Save changes" busy={busy} />
      </form>
    </Modal>
  );
}

describe('FormFooter', () => {
  it('closes the modal with Cancel, and asks first once something was typed', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<EditSheet />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Discard your changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
    unmount();

    render(<EditSheet />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('says what is under way while the form is sent, and neither button can be pressed', () => {
    render(<EditSheet busy />);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it("outside a modal, shows Cancel only when the form gives its own, and calls it", async () => {
    const cancel = vi.fn();
    const { rerender } = render(<FormFooter submitLabel="Ask to renew" busy={false} busyLabel="Sending…" start />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask to renew' })).toHaveAttribute('type', 'submit');
    rerender(<FormFooter submitLabel="Change request" busy={false} busyLabel="Sending…" onCancel={cancel} start />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledOnce();
  });
});
