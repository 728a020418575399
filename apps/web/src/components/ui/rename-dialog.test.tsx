import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenameDialog } from './rename-dialog';

afterEach(cleanup);

function renderDialog() {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(<RenameDialog what="list" currentName="Errands" maxLength={20} onSave={onSave} onClose={onClose} />);
  return { onSave, onClose, field: screen.getByLabelText('List name') };
}

describe('RenameDialog', () => {
  it('starts from the current name and saves the new one without surrounding spaces', async () => {
    const { onSave, field } = renderDialog();
    expect(screen.getByRole('alertdialog', { name: 'Rename list' })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('Errands');

    await userEvent.clear(field);
    await userEvent.type(field, '  Shopping  {Enter}');

    expect(onSave).toHaveBeenCalledExactlyOnceWith('Shopping');
  });

  it('refuses an empty name', async () => {
    const { onSave, field } = renderDialog();

    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field, '{Enter}');

    expect(onSave).not.toHaveBeenCalled();
  });

  it('closes without saving on Escape', async () => {
    const { onSave, onClose, field } = renderDialog();

    await userEvent.type(field, ' 2');
    await userEvent.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the name within its length limit', () => {
    const { field } = renderDialog();
    expect((field as HTMLInputElement).maxLength).toBe(20);
  });
});
