import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuickAddForm } from './quick-add-input';
import { loadQuickAddParser } from './quick-add-parser';

afterEach(cleanup);
// The reader loads on first use in the app; here it is there from the start, as after a first focus.
beforeAll(() => loadQuickAddParser());

// Tuesday 24 November 2026, 10:00 in Berlin.
const now = new Date('2026-11-24T09:00:00.000Z');
const lists = [
  { id: 'home', name: 'Home' },
  { id: 'work', name: 'Work' },
];

function renderForm(props: { isOpenByDefault?: boolean } = {}) {
  const onSubmit = vi.fn();
  render(
    <QuickAddForm
      label="Add a task"
      placeholder="Add a task"
      maxLength={500}
      isOpenByDefault
      lists={lists}
      timeZone="Europe/Berlin"
      getNow={() => now}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return { onSubmit };
}

const understood = () => screen.queryByRole('list', { name: 'Understood' });

describe('QuickAddForm', () => {
  it('shows what it understood and saves the parsed task on Enter', async () => {
    const { onSubmit } = renderForm();
    const field = screen.getByLabelText('Add a task') as HTMLInputElement;

    await userEvent.type(field, 'Water plants every Monday #Home !high');
    const chips = within(understood() as HTMLElement).getAllByRole('listitem');
    expect(chips.map((chip) => chip.dataset.kind)).toEqual(['recurrence', 'list', 'urgency']);
    expect(chips[0]?.textContent).toContain('every Monday');
    expect(chips[1]?.textContent).toContain('List Home');
    expect(screen.getByText('Saved as “Water plants”. Ctrl+Z keeps the last one as text.')).toBeTruthy();

    await userEvent.type(field, '{Enter}');
    expect(onSubmit.mock.calls).toEqual([
      [
        {
          title: 'Water plants',
          dueDate: '2026-11-29T23:00:00.000Z',
          dueDateHasTime: false,
          quickurrence: { rule: 'weekly', weekDays: [1], timezone: 'Europe/Berlin' },
          urgency: 'high',
          listId: 'home',
        },
      ],
    ]);
    expect(field.value).toBe('');
    expect(understood()).toBeNull();
  });

  it('sends only the title when nothing is recognised', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(screen.getByLabelText('Add a task'), 'Buy milk{Enter}');
    expect(onSubmit.mock.calls).toEqual([[{ title: 'Buy milk' }]]);
  });

  it('Ctrl+Z keeps the latest recognition as text, one at a time', async () => {
    const { onSubmit } = renderForm();
    const field = screen.getByLabelText('Add a task') as HTMLInputElement;

    await userEvent.type(field, 'Call Anna #Work tomorrow 17:00');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(field.value).toBe('Call Anna #Work tomorrow 17:00');
    const chips = within(understood() as HTMLElement).getAllByRole('listitem');
    expect(chips.map((chip) => chip.dataset.kind)).toEqual(['list']);

    await userEvent.keyboard('{Control>}z{/Control}');
    expect(understood()).toBeNull();
    await userEvent.type(field, '{Enter}');
    expect(onSubmit.mock.calls).toEqual([[{ title: 'Call Anna #Work tomorrow 17:00' }]]);
  });

  it('the × on a part keeps that part as text', async () => {
    const { onSubmit } = renderForm();
    const field = screen.getByLabelText('Add a task');

    await userEvent.type(field, 'Review PR !high #Work');
    await userEvent.click(screen.getByRole('button', { name: 'Keep “!high” as text' }));
    expect(document.activeElement).toBe(field);
    await userEvent.type(field, '{Enter}');
    expect(onSubmit.mock.calls).toEqual([[{ title: 'Review PR !high', listId: 'work' }]]);
  });

  it('Escape still clears the field and forgets what was undone', async () => {
    const { onSubmit } = renderForm();
    const field = screen.getByLabelText('Add a task') as HTMLInputElement;

    await userEvent.type(field, 'Read every day');
    await userEvent.keyboard('{Control>}z{/Control}');
    await userEvent.type(field, '{Escape}');
    expect(field.value).toBe('');

    await userEvent.type(field, 'Read every day{Enter}');
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ title: 'Read', quickurrence: { rule: 'daily' } });
  });

  it('when closed by default, Escape closes it back to the button', async () => {
    renderForm({ isOpenByDefault: false });
    await userEvent.click(screen.getByRole('button', { name: 'Add a task' }));
    await userEvent.type(screen.getByLabelText('Add a task'), 'Half a thought tomorrow{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a task' })).toBeTruthy();
  });

  it('adds nothing when only recognised parts are typed', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(screen.getByLabelText('Add a task'), 'tomorrow{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
