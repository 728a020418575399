import type { TaskManagerConfig, UpdateTaskManagerConfigBody } from '@cairn/contracts/task-manager-config';
import type { AppContext } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import type { TaskManagerConfigRow } from './task-manager-config.repository';
import * as repository from './task-manager-config.repository';

function toTaskManagerConfig(row: TaskManagerConfigRow): TaskManagerConfig {
  return {
    isBatchEnabled: row.isBatchEnabled,
    dailyLimit: row.dailyLimit,
    defaultView: row.defaultView,
    isPeriodicalKanbanEnabled: row.isPeriodicalKanbanEnabled,
    workDayStart: row.workDayStart,
    workDayEnd: row.workDayEnd,
    allowPastOccurrences: row.allowPastOccurrences,
    updateRecurrenceOnDueDateChange: row.updateRecurrenceOnDueDateChange,
  };
}

export async function createDefaultTaskManagerConfig(ctx: AppContext, options: { userId: string }) {
  await repository.insertTaskManagerConfig(ctx.db, options.userId);
}

export async function getTaskManagerConfig(
  ctx: AppContext,
  options: { userId: string },
): Promise<TaskManagerConfig> {
  const row = await repository.findTaskManagerConfig(ctx.db, options.userId);
  if (!row) throw notFound('Task manager config');
  return toTaskManagerConfig(row);
}

export const WORK_DAY_ORDER_MESSAGE = 'Work day must end after it starts';

/** Refuses hours whose end is not after their start, once the change is applied to what is stored. */
async function assertWorkDayInOrder(
  ctx: AppContext,
  options: { userId: string; changes: UpdateTaskManagerConfigBody },
): Promise<void> {
  const { changes } = options;
  if (changes.workDayStart === undefined && changes.workDayEnd === undefined) return;
  const current = await getTaskManagerConfig(ctx, options);
  const start = changes.workDayStart === undefined ? current.workDayStart : changes.workDayStart;
  const end = changes.workDayEnd === undefined ? current.workDayEnd : changes.workDayEnd;
  // HH:mm strings compare in time order.
  if (start && end && end <= start) {
    throw new AppError('VALIDATION_FAILED', WORK_DAY_ORDER_MESSAGE, {
      issues: [{ path: ['body', 'workDayEnd'], message: WORK_DAY_ORDER_MESSAGE }],
    });
  }
}

export async function updateTaskManagerConfig(
  ctx: AppContext,
  options: { userId: string; changes: UpdateTaskManagerConfigBody },
): Promise<TaskManagerConfig> {
  await assertWorkDayInOrder(ctx, options);
  const row = await repository.updateTaskManagerConfig(ctx.db, options.userId, options.changes);
  if (!row) throw notFound('Task manager config');
  return toTaskManagerConfig(row);
}
