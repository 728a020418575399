import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

describe('quick add before its reader has loaded', () => {
  it('shows the field at once and reads the line when Enter comes first', async () => {
    // Fresh modules: the reader is not loaded yet, as on a screen's first load.
    vi.resetModules();
    const { QuickAddForm } = await import('./quick-add-input');
    const onSubmit = vi.fn();
    render(
      <QuickAddForm
        label="Add a task"
        placeholder="Add a task"
        maxLength={500}
        isOpenByDefault
        lists={[{ id: 'home', name: 'Home' }]}
        timeZone="Europe/Berlin"
        getNow={() => new Date('2026-11-24T09:00:00.000Z')}
        onSubmit={onSubmit}
      />,
    );
    const field = screen.getByLabelText('Add a task') as HTMLInputElement;
    field.focus();
    await userEvent.paste('Water plants #Home');
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ title: 'Water plants', listId: 'home' });
    expect(field.value).toBe('');
  });
});
