import type { TaskManagerConfig, UpdateTaskManagerConfigBody } from '@cairn/contracts/task-manager-config';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/errors';
import { WORK_DAY_ORDER_MESSAGE } from '../utils/task-settings-schema';
import { TaskSettingsForm } from './task-settings-form';

afterEach(cleanup);

const saved: TaskManagerConfig = {
  isBatchEnabled: false,
  dailyLimit: 0,
  defaultView: null,
  isPeriodicalKanbanEnabled: true,
  workDayStart: '09:00',
  workDayEnd: '17:00',
  allowPastOccurrences: true,
  updateRecurrenceOnDueDateChange: false,
};

const defaultViewOptions = [
  { value: 'kanban', label: 'Kanban' },
  { value: 'classic-list', label: 'Classic list' },
] as const;

type Save = (changes: UpdateTaskManagerConfigBody) => Promise<TaskManagerConfig>;

/** The form over settings kept as the app's cache keeps them: a save replaces them with the answer. */
function SavedSettings({ onSave }: { onSave: Save }) {
  const [config, setConfig] = useState(saved);
  return (
    <TaskSettingsForm
      config={config}
      defaultViewOptions={defaultViewOptions}
      onSave={async (changes) => {
        const answer = await onSave(changes);
        setConfig(answer);
        return answer;
      }}
    />
  );
}

/** By default the save answers with the settings merged, as the API does. */
function renderForm(onSave = vi.fn<Save>(async (changes) => ({ ...saved, ...changes }))) {
  render(<SavedSettings onSave={onSave} />);
  return onSave;
}

const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;

/** Time inputs take no typing in jsdom; a change event sets them as a picker would. */
function setTime(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('TaskSettingsForm', () => {
  it('labels every setting and explains it', () => {
    renderForm();
    const explained = [
      screen.getByLabelText('Default view'),
      screen.getByRole('switch', { name: 'Periodical kanban' }),
      screen.getByRole('switch', { name: 'Batch editing' }),
      screen.getByLabelText('Daily limit'),
      screen.getByRole('group', { name: 'Work day' }),
      screen.getByRole('switch', { name: 'Allow past occurrences' }),
      screen.getByRole('switch', { name: 'Move the whole series when a due date changes' }),
    ];
    for (const element of explained) {
      const hintIds = element.getAttribute('aria-describedby')?.split(' ') ?? [];
      const hint = hintIds.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      expect(hint.length, element.outerHTML).toBeGreaterThan(20);
    }
    expect(screen.getByLabelText('Work day starts')).toHaveProperty('value', '09:00');
    expect(screen.getByLabelText('Work day ends')).toHaveProperty('value', '17:00');
    expect(screen.getByRole('switch', { name: 'Periodical kanban' })).toHaveProperty('checked', true);
    expect(screen.getByRole('option', { name: 'None: show the home page' })).toHaveProperty('selected', true);
  });

  it('sends only the changed settings and says they were saved', async () => {
    const onSave = renderForm();
    expect(saveButton().disabled).toBe(true);

    await userEvent.clear(screen.getByLabelText('Daily limit'));
    await userEvent.type(screen.getByLabelText('Daily limit'), '5');
    await userEvent.click(screen.getByRole('switch', { name: 'Batch editing' }));
    await userEvent.selectOptions(screen.getByLabelText('Default view'), 'Classic list');
    setTime('Work day ends', '18:30');
    await userEvent.click(saveButton());

    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      dailyLimit: 5,
      isBatchEnabled: true,
      defaultView: 'classic-list',
      workDayEnd: '18:30',
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('refuses a work day that ends before it starts and saves nothing', async () => {
    const onSave = renderForm();

    setTime('Work day starts', '17:00');
    setTime('Work day ends', '08:00');
    await userEvent.click(saveButton());

    expect(await screen.findByText(WORK_DAY_ORDER_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText('Work day ends').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('clears the work hours to null', async () => {
    const onSave = renderForm();

    await userEvent.click(screen.getByRole('button', { name: 'Clear work hours' }));
    await userEvent.click(saveButton());

    expect(onSave).toHaveBeenCalledExactlyOnceWith({ workDayStart: null, workDayEnd: null });
  });

  it('shows the API’s refusal beside the field its issue names', async () => {
    const refusal = new HttpError({
      status: 400,
      statusText: 'Bad Request',
      body: {
        error: 'Invalid input',
        code: 'VALIDATION_FAILED',
        issues: [{ path: ['body', 'workDayEnd'], message: 'The work day is too long', code: 'custom' }],
      },
    });
    renderForm(vi.fn(async () => Promise.reject(refusal)));

    setTime('Work day ends', '23:00');
    await userEvent.click(saveButton());

    expect(await screen.findByText('The work day is too long')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Work day ends')));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('puts the saved values back on Discard', async () => {
    const onSave = renderForm();

    await userEvent.click(screen.getByRole('switch', { name: 'Allow past occurrences' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));

    expect(screen.getByRole('switch', { name: 'Allow past occurrences' })).toHaveProperty('checked', true);
    expect(saveButton().disabled).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('takes settings saved elsewhere, but keeps an edit in progress', async () => {
    const onSave = vi.fn<Save>();
    const { rerender } = render(
      <TaskSettingsForm config={saved} defaultViewOptions={defaultViewOptions} onSave={onSave} />,
    );
    const fromAnotherTab = { ...saved, dailyLimit: 7 };
    rerender(
      <TaskSettingsForm config={fromAnotherTab} defaultViewOptions={defaultViewOptions} onSave={onSave} />,
    );
    expect(screen.getByLabelText('Daily limit')).toHaveProperty('value', '7');
    expect(saveButton().disabled).toBe(true);

    await userEvent.click(screen.getByRole('switch', { name: 'Batch editing' }));
    rerender(
      <TaskSettingsForm
        config={{ ...fromAnotherTab, dailyLimit: 9 }}
        defaultViewOptions={defaultViewOptions}
        onSave={onSave}
      />,
    );
    expect(screen.getByRole('switch', { name: 'Batch editing' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Daily limit')).toHaveProperty('value', '9');

    await userEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ isBatchEnabled: true });
  });
});
