import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

function OpenDialog({
  onConfirm,
  isClosedOnConfirm,
  children,
}: {
  onConfirm: () => void;
  isClosedOnConfirm?: boolean;
  children?: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      title="Delete the list “Errands”?"
      description="Its tasks stay, without a list."
      confirmLabel="Delete list"
      onConfirm={onConfirm}
      isClosedOnConfirm={isClosedOnConfirm}
    >
      {children}
    </ConfirmDialog>
  );
}

describe('ConfirmDialog', () => {
  it('asks with the title and description, and gives Cancel the focus', () => {
    render(<OpenDialog onConfirm={() => {}} />);

    const dialog = screen.getByRole('alertdialog', { name: 'Delete the list “Errands”?' });
    expect(dialog.textContent).toContain('Its tasks stay, without a list.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('calls back once and closes when confirmed', async () => {
    const onConfirm = vi.fn();
    render(<OpenDialog onConfirm={onConfirm} />);

    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each([
    ['Escape', async () => userEvent.keyboard('{Escape}')],
    ['Cancel', async () => userEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
  ])('closes without confirming on %s', async (_way, cancel) => {
    const onConfirm = vi.fn();
    render(<OpenDialog onConfirm={onConfirm} />);

    await cancel();

    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('confirms with Enter in its fields and stays open when the caller decides', async () => {
    const onConfirm = vi.fn();
    render(
      <OpenDialog onConfirm={onConfirm} isClosedOnConfirm={false}>
        <input aria-label="Password" />
      </OpenDialog>,
    );

    await userEvent.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
