import {
  type TaskManagerConfig,
  type UpdateTaskManagerConfigBody,
  updateTaskManagerConfigBodySchema,
} from '@cairn/contracts/task-manager-config';

/** Every setting the form edits, in the order the screen shows them. */
export const taskSettingsFields = [
  'defaultView',
  'isPeriodicalKanbanEnabled',
  'isBatchEnabled',
  'dailyLimit',
  'workDayStart',
  'workDayEnd',
  'allowPastOccurrences',
  'updateRecurrenceOnDueDateChange',
] as const satisfies readonly (keyof TaskManagerConfig)[];

export type TaskSettingsField = (typeof taskSettingsFields)[number];

// Read from the contract, so the input's bounds and its message follow the API's.
const dailyLimitSchema = updateTaskManagerConfigBodySchema.shape.dailyLimit.unwrap();
export const dailyLimitRange = {
  min: dailyLimitSchema.minValue ?? 0,
  max: dailyLimitSchema.maxValue ?? Number.MAX_SAFE_INTEGER,
};

export const DAILY_LIMIT_MESSAGE = `Enter a whole number from ${dailyLimitRange.min} to ${dailyLimitRange.max}.`;
export const WORK_DAY_ORDER_MESSAGE = 'The work day must end after it starts.';

/** Either end left empty means no work day, which is always in order. "HH:mm" compares as text. */
export function isWorkDayInOrder(start: string | null, end: string | null): boolean {
  return start === null || end === null || start < end;
}

/**
 * The whole form, checked by the contract's own rules plus the one rule that spans two fields. Shown
 * together with the other fields' errors, not only once they are fixed.
 */
export const taskSettingsFormSchema = updateTaskManagerConfigBodySchema
  .required()
  .refine((values) => isWorkDayInOrder(values.workDayStart, values.workDayEnd), {
    message: WORK_DAY_ORDER_MESSAGE,
    path: ['workDayEnd'],
    when: () => true,
  });

/**
 * Words for the issues the contract leaves to the schema library ("Too big: expected number to be
 * <=1000"); its own messages, such as the time format's, are kept.
 */
export function describeTaskSettingsIssue(issue: { path?: PropertyKey[] | undefined }): string | undefined {
  return issue.path?.[0] === 'dailyLimit' ? DAILY_LIMIT_MESSAGE : undefined;
}

/** Only what the user changed is sent: a setting left alone is never overwritten. */
export function changedTaskSettings(
  values: TaskManagerConfig,
  initial: TaskManagerConfig,
): UpdateTaskManagerConfigBody {
  return Object.fromEntries(
    taskSettingsFields
      .filter((field) => values[field] !== initial[field])
      .map((field) => [field, values[field]]),
  );
}

/**
 * The form's values once newer settings arrive: each setting the user has not touched takes the newer
 * value; a setting they changed keeps their value.
 */
export function followSavedSettings(options: {
  values: TaskManagerConfig;
  shown: TaskManagerConfig;
  saved: TaskManagerConfig;
}): TaskManagerConfig {
  const { values, shown, saved } = options;
  const edited = changedTaskSettings(values, shown);
  return { ...saved, ...edited };
}
