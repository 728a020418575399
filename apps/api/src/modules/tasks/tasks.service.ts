import type { Task, TaskDetail } from '@cairn/contracts/tasks';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import { findChecklistItems } from './checklist-items.service';
import { describeRecurrence } from './task-recurrence-rules';
import type { TaskExtras, TaskRow } from './tasks.repository';
import * as repository from './tasks.repository';

/** Reading tasks and shaping them for the wire; the other task services build on these. */

export type TaskScope = { userId: string; taskId: string };

function toTask(row: TaskRow, extras: TaskExtras | undefined): Task {
  return {
    id: row.id,
    title: row.title,
    dueDate: row.dueDate,
    dueDateHasTime: row.dueDateHasTime,
    remindAt: row.remindAt,
    estimatedTime: row.estimatedTime,
    parentId: row.parentId,
    columnId: row.columnId,
    listId: row.listId,
    urgency: row.urgency,
    importance: row.importance,
    priority: row.priority,
    isAdhoc: row.isAdhoc,
    note: row.note,
    rrule: row.rrule,
    quickurrence: (row.quickurrence as Record<string, unknown> | null) ?? null,
    recurrenceId: row.recurrenceId,
    reward: row.reward,
    addedToToday: row.addedToToday,
    addedToNew: row.addedToNew,
    rewardedAt: row.rewardedAt,
    completedAt: row.completedAt,
    deletedAt: row.deletedAt,
    archivedAt: row.archivedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    recurrence: describeRecurrence(row),
    checklistProgress: extras?.checklistProgress ?? { completed: 0, total: 0 },
    childrenCount: extras?.childrenCount ?? 0,
    subtaskProgress: extras?.subtaskProgress ?? { completed: 0, total: 0 },
  };
}

/** A task just created has no checklist and no subtasks yet. */
export function toNewTask(row: TaskRow): Task {
  return toTask(row, undefined);
}

/** Tasks with their checklist progress and subtask counts, read for the whole page at once. */
export async function toTasks(ctx: AppContext, userId: string, rows: TaskRow[]): Promise<Task[]> {
  const extras = await repository.findTaskExtras(ctx.db, { userId, taskIds: rows.map((row) => row.id) });
  return rows.map((row) => toTask(row, extras.get(row.id)));
}

export async function getTaskRow(ctx: AppContext, scope: TaskScope): Promise<TaskRow> {
  return requireOwned(await repository.findTask(ctx.db, scope), 'Task');
}

function inTrash(): AppError {
  return new AppError('CONFLICT', 'The task is in the trash; restore it first');
}

/** A task that is in the trash can be read and restored, but not worked on. */
export async function getLiveTaskRow(ctx: AppContext, scope: TaskScope): Promise<TaskRow> {
  const row = await getTaskRow(ctx, scope);
  if (row.deletedAt) throw inTrash();
  return row;
}

/**
 * Every one of the tasks (ids without repeats), in the order asked, or a 404 when any is missing or
 * another user's.
 */
export async function getTaskRows(
  ctx: AppContext,
  options: { userId: string; taskIds: readonly string[] },
): Promise<TaskRow[]> {
  const found = await repository.findTasksByIds(ctx.db, {
    userId: options.userId,
    taskIds: [...options.taskIds],
  });
  const byId = new Map(found.map((row) => [row.id, row]));
  return options.taskIds.map((id) => requireOwned(byId.get(id), 'Task'));
}

/**
 * Across the given users (a system read, for the push reminder sweep): open tasks whose timed due or
 * reminder instant falls in (after, until].
 */
export function findTasksWithInstantBetween(
  ctx: AppContext,
  options: { userIds: string[]; after: Date; until: Date },
): Promise<TaskRow[]> {
  return repository.findTasksWithInstantBetween(ctx.db, options);
}

/** The task if the user has it, else undefined (a background job's read: a gone task is no error). */
export function findTaskRow(ctx: AppContext, scope: TaskScope): Promise<TaskRow | undefined> {
  return repository.findTask(ctx.db, scope);
}

/** Refuses work on tasks in the trash: they can be read and restored, nothing else. */
export function assertLive(rows: readonly TaskRow[]): void {
  if (rows.some((row) => row.deletedAt)) throw inTrash();
}

export async function getTask(ctx: AppContext, scope: TaskScope): Promise<Task> {
  const [task] = await toTasks(ctx, scope.userId, [await getTaskRow(ctx, scope)]);
  return task as Task;
}

export async function getTaskDetail(ctx: AppContext, scope: TaskScope): Promise<TaskDetail> {
  const task = await getTask(ctx, scope);
  const [children, ancestry, checklistItems] = await Promise.all([
    repository.findChildren(ctx.db, scope),
    repository.findAncestry(ctx.db, scope),
    findChecklistItems(ctx, scope),
  ]);
  const breadcrumbs = ancestry?.ancestors ?? [];
  return {
    ...task,
    children: children.map((child) => ({
      id: child.id,
      title: child.title,
      completedAt: child.completedAt,
      archivedAt: child.archivedAt,
      dueDate: child.dueDate,
      dueDateHasTime: child.dueDateHasTime,
    })),
    breadcrumbs,
    checklistItems,
    level: breadcrumbs.length,
  };
}
