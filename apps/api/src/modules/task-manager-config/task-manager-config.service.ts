import type { TaskManagerConfig, UpdateTaskManagerConfigBody } from '@cairn/contracts/task-manager-config';
import type { AppContext } from '../../lib/app-context';
import { notFound } from '../../lib/app-error';
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

export async function updateTaskManagerConfig(
  ctx: AppContext,
  options: { userId: string; changes: UpdateTaskManagerConfigBody },
): Promise<TaskManagerConfig> {
  const row = await repository.updateTaskManagerConfig(ctx.db, options.userId, options.changes);
  if (!row) throw notFound('Task manager config');
  return toTaskManagerConfig(row);
}
