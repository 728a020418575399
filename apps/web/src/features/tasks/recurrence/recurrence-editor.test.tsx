import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecurrenceEditor, type RecurrenceEditorProps } from './recurrence-editor';
import { createRecurrenceForm } from './recurrence-form';

afterEach(cleanup);

const timeZone = 'Europe/Warsaw';
// Tuesday 1 January 2030, a whole day in Warsaw.
const due = new Date('2029-12-31T23:00:00.000Z');

function renderEditor(props: Partial<RecurrenceEditorProps> & { stored?: unknown; start?: Date } = {}) {
  const { stored = null, start = due, ...rest } = props;
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(
    <RecurrenceEditor
      initialForm={createRecurrenceForm({ stored, startDate: start, timeZone })}
      previewFrom={start}
      dueTime={null}
      onSave={onSave}
      onCancel={onCancel}
      {...rest}
    />,
  );
  return { onSave, onCancel };
}

const previewDates = () =>
  within(screen.getByRole('list', { name: 'Next dates' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** The messages a control is described by, as a screen reader would hear them. */
function describedText(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('RecurrenceEditor', () => {
  it('starts every week on the due’s weekday, and previews Monday and Wednesday once chosen', async () => {
    const { onSave } = renderEditor();
    expect(screen.getByRole('button', { name: 'Tuesday' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Every week on Tuesday')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Wednesday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday' }));

    expect(screen.getByText('Every week on Monday and Wednesday')).toBeTruthy();
    expect(previewDates()).toEqual([
      'Wed 2 Jan 2030',
      'Mon 7 Jan 2030',
      'Wed 9 Jan 2030',
      'Mon 14 Jan 2030',
      'Wed 16 Jan 2030',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0].stored).toEqual({
      rule: 'weekly',
      startDate: '2029-12-31T23:00:00.000Z',
      timezone: timeZone,
      weekDays: [1, 3],
    });
  });

  it('shows the validation’s message beside the count, and does not save', async () => {
    const { onSave } = renderEditor();
    const count = screen.getByRole('spinbutton', { name: 'Number of times' });
    await userEvent.clear(count);
    await userEvent.type(count, '0');

    expect(screen.getByRole('radio', { name: 'After' })).toHaveProperty('checked', true);
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(count)).toContain('count must be a positive integer');
    expect(screen.getByText('Invalid recurrence rule')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Next dates' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(count);

    await userEvent.type(count, '{Backspace}3');
    expect(count.getAttribute('aria-invalid')).toBeNull();
    expect(previewDates()).toHaveLength(3);
    expect(screen.getByText('The series ends with these.')).toBeTruthy();
  });

  it('shows the API’s issues beside their fields until the next edit', async () => {
    renderEditor({
      serverIssues: [{ option: 'interval', message: 'interval must be a positive integer' }],
    });
    const interval = screen.getByRole('spinbutton', { name: 'Repeat every' });
    expect(describedText(interval)).toContain('interval must be a positive integer');

    await userEvent.type(interval, '{Backspace}2');
    expect(interval.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('interval must be a positive integer')).toBeNull();
    expect(screen.getByText('Every 2 weeks on Tuesday')).toBeTruthy();
  });

  it('a shortcut picks the preset’s days, saved as the preset', async () => {
    const { onSave } = renderEditor();
    const weekdays = screen.getByRole('button', { name: 'Every weekday' });
    await userEvent.click(weekdays);
    expect(weekdays.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Every business day')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]?.[0].stored).toMatchObject({ rule: 'weekly', preset: 'businessDays' });
  });

  it('asks what months without the day do, only for a day past the 28th', async () => {
    // Thursday 31 January 2030.
    const { onSave } = renderEditor({ start: new Date('2030-01-30T23:00:00.000Z') });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'monthly');
    const mode = screen.getByRole('combobox', { name: 'In months without day 31:' });
    expect(screen.getByText("Every month on the 31st or the month's last day")).toBeTruthy();
    expect(previewDates().slice(0, 2)).toEqual(['Thu 31 Jan 2030', 'Thu 28 Feb 2030']);

    await userEvent.selectOptions(mode, 'skip');
    expect(previewDates().slice(0, 2)).toEqual(['Thu 31 Jan 2030', 'Sun 31 Mar 2030']);

    const day = screen.getByRole('spinbutton', { name: 'Day of the month' });
    await userEvent.clear(day);
    await userEvent.type(day, '15');
    expect(screen.queryByRole('combobox', { name: /In months without/ })).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Which one in the month' }), 'last');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Weekday' }), '5');
    expect(screen.getByRole('radio', { name: 'The' })).toHaveProperty('checked', true);
    expect(screen.getByText('Every month on the last Friday')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]?.[0].stored).toMatchObject({
      rule: 'monthly',
      nthWeekdayOfMonth: { weekday: 5, nth: 'last' },
    });
    expect(onSave.mock.calls[0]?.[0].stored).not.toHaveProperty('monthDay');
  });

  it('leaves out the days added, and takes them back', async () => {
    renderEditor({
      stored: { rule: 'weekly', weekDays: [3], startDate: due.toISOString(), timezone: timeZone },
    });
    await userEvent.type(screen.getByLabelText('Except on'), '2030-01-09{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Left-out dates' })).getByText('Wed 9 Jan 2030'),
    ).toBeTruthy();
    expect(previewDates().slice(0, 2)).toEqual(['Wed 2 Jan 2030', 'Wed 16 Jan 2030']);
    expect(screen.getByText('Every week on Wednesday, except 1 day')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Wed 9 Jan 2030' }));
    expect(screen.queryByRole('list', { name: 'Left-out dates' })).toBeNull();
    expect(previewDates().slice(0, 2)).toEqual(['Wed 2 Jan 2030', 'Wed 9 Jan 2030']);
  });

  it('shows times of day for a timed due, in the rule’s zone', () => {
    renderEditor({
      stored: { rule: 'daily', startDate: due.toISOString(), timezone: timeZone },
      dueTime: new Date('2030-01-01T08:30:00.000Z'),
    });
    expect(previewDates()[0]).toBe('Tue 1 Jan 2030, 09:30');
    expect(screen.getByText('Dates in Europe/Warsaw.')).toBeTruthy();
  });
});
