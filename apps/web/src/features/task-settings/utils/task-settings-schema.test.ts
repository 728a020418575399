import type { TaskManagerConfig } from '@cairn/contracts/task-manager-config';
import { describe, expect, it } from 'vitest';
import {
  changedTaskSettings,
  DAILY_LIMIT_MESSAGE,
  dailyLimitRange,
  describeTaskSettingsIssue,
  followSavedSettings,
  isWorkDayInOrder,
  taskSettingsFormSchema,
  WORK_DAY_ORDER_MESSAGE,
} from './task-settings-schema';

const saved: TaskManagerConfig = {
  isBatchEnabled: false,
  dailyLimit: 0,
  defaultView: null,
  isPeriodicalKanbanEnabled: true,
  workDayStart: null,
  workDayEnd: null,
  allowPastOccurrences: true,
  updateRecurrenceOnDueDateChange: false,
};

/** The form's messages by field, as the resolver reports them. */
function formErrors(values: TaskManagerConfig): Record<string, string> {
  const result = taskSettingsFormSchema.safeParse(values, { error: describeTaskSettingsIssue });
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('isWorkDayInOrder', () => {
  it.each([
    ['09:00', '17:00', true],
    ['00:00', '23:59', true],
    ['08:59', '09:00', true],
    ['17:00', '09:00', false],
    ['09:00', '09:00', false],
    ['22:00', '06:00', false],
    [null, '17:00', true],
    ['09:00', null, true],
    [null, null, true],
  ])('%s to %s is %s', (start, end, isInOrder) => {
    expect(isWorkDayInOrder(start, end)).toBe(isInOrder);
  });
});

describe('taskSettingsFormSchema', () => {
  it('takes the saved defaults as they are', () => {
    expect(formErrors(saved)).toEqual({});
  });

  it('reads the daily limit bounds from the contract', () => {
    expect(dailyLimitRange).toEqual({ min: 0, max: 1000 });
  });

  it.each([
    [0, {}],
    [1000, {}],
    [1001, { dailyLimit: DAILY_LIMIT_MESSAGE }],
    [-1, { dailyLimit: DAILY_LIMIT_MESSAGE }],
    [2.5, { dailyLimit: DAILY_LIMIT_MESSAGE }],
    // An emptied number field.
    [Number.NaN, { dailyLimit: DAILY_LIMIT_MESSAGE }],
  ])('a daily limit of %s gives %j', (dailyLimit, errors) => {
    expect(formErrors({ ...saved, dailyLimit })).toEqual(errors);
  });

  it('refuses a work day that ends before it starts, on the end field', () => {
    expect(formErrors({ ...saved, workDayStart: '17:00', workDayEnd: '09:00' })).toEqual({
      workDayEnd: WORK_DAY_ORDER_MESSAGE,
    });
  });

  it('says so together with the other fields’ errors', () => {
    expect(formErrors({ ...saved, dailyLimit: 5000, workDayStart: '17:00', workDayEnd: '09:00' })).toEqual({
      dailyLimit: DAILY_LIMIT_MESSAGE,
      workDayEnd: WORK_DAY_ORDER_MESSAGE,
    });
  });

  it('keeps the contract’s own message for a malformed time', () => {
    expect(formErrors({ ...saved, workDayStart: '9am' })).toEqual({
      workDayStart: 'Must be a time of day as HH:mm',
    });
  });

  it('refuses a default view the contract does not know', () => {
    expect(Object.keys(formErrors({ ...saved, defaultView: 'calendar' as never }))).toEqual(['defaultView']);
  });
});

describe('changedTaskSettings', () => {
  it('is empty when nothing changed', () => {
    expect(changedTaskSettings({ ...saved }, saved)).toEqual({});
  });

  it('holds only the settings that differ, with their new values', () => {
    expect(
      changedTaskSettings(
        { ...saved, dailyLimit: 5, workDayStart: '09:00', workDayEnd: '17:00', allowPastOccurrences: false },
        saved,
      ),
    ).toEqual({ dailyLimit: 5, workDayStart: '09:00', workDayEnd: '17:00', allowPastOccurrences: false });
  });

  it('sends a cleared value as null', () => {
    const withWorkDay = {
      ...saved,
      workDayStart: '09:00',
      workDayEnd: '17:00',
      defaultView: 'kanban' as const,
    };
    expect(
      changedTaskSettings({ ...withWorkDay, workDayStart: null, defaultView: null }, withWorkDay),
    ).toEqual({
      workDayStart: null,
      defaultView: null,
    });
  });
});

describe('followSavedSettings', () => {
  const shown = { ...saved, dailyLimit: 3, isBatchEnabled: false };

  it('takes every newer value while nothing was touched', () => {
    const newer = { ...shown, dailyLimit: 8, defaultView: 'kanban' as const };
    expect(followSavedSettings({ values: shown, shown, saved: newer })).toEqual(newer);
  });

  it('keeps what the user changed and takes the rest', () => {
    const values = { ...shown, isBatchEnabled: true };
    const newer = { ...shown, dailyLimit: 8, isBatchEnabled: false };
    expect(followSavedSettings({ values, shown, saved: newer })).toEqual({
      ...shown,
      dailyLimit: 8,
      isBatchEnabled: true,
    });
  });

  it('keeps the user’s value where both changed the same setting', () => {
    const values = { ...shown, dailyLimit: 5 };
    expect(followSavedSettings({ values, shown, saved: { ...shown, dailyLimit: 8 } })).toEqual(values);
  });
});
