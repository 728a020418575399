import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InlineAddForm } from './inline-add-form';

afterEach(cleanup);

describe('InlineAddForm', () => {
  it('opens a field from its button, adds each trimmed title and stays open for the next', async () => {
    const onSubmit = vi.fn();
    render(<InlineAddForm label="Add card" placeholder="Card title" maxLength={50} onSubmit={onSubmit} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    const field = screen.getByLabelText('Add card') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    await userEvent.type(field, '  Buy milk {Enter}');
    await userEvent.type(field, 'Call Ann{Enter}');

    expect(onSubmit.mock.calls).toEqual([['Buy milk'], ['Call Ann']]);
    expect(field.value).toBe('');
  });

  it('adds nothing for a blank title', async () => {
    const onSubmit = vi.fn();
    render(<InlineAddForm label="Add card" placeholder="Card title" maxLength={50} onSubmit={onSubmit} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    await userEvent.type(screen.getByLabelText('Add card'), '   {Enter}');

    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cancels on Escape: the typing is dropped and the button is back', async () => {
    const onSubmit = vi.fn();
    render(<InlineAddForm label="Add card" placeholder="Card title" maxLength={50} onSubmit={onSubmit} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    await userEvent.type(screen.getByLabelText('Add card'), 'Half a thought{Escape}');

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add card' })).toBeTruthy();
  });

  it('when always shown, Escape only clears the field', async () => {
    render(
      <InlineAddForm
        label="Add a task"
        placeholder="Add a task"
        maxLength={50}
        isOpenByDefault
        shortcutTarget="new-task"
        onSubmit={() => {}}
      />,
    );
    const field = screen.getByLabelText('Add a task') as HTMLInputElement;
    expect(field.dataset.shortcutTarget).toBe('new-task');

    await userEvent.type(field, 'Draft{Escape}');

    expect(field.value).toBe('');
    expect(screen.getByLabelText('Add a task')).toBe(field);
  });
});
