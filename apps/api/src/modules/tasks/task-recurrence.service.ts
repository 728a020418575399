import {
  canonicalizeRecurrenceOptions,
  formatRRule,
  parseRRule,
  Recurrence,
  type RecurrenceOptions,
  RRuleError,
} from '@cairn/recurrence';
import { newId } from '../../db/ids';
import type { AppContext } from '../../lib/app-context';
import { priorityAfter } from '../../lib/ordering';
import * as columns from '../columns/columns.service';
import { getTaskManagerConfig } from '../task-manager-config/task-manager-config.service';
import { resolveTimeZone } from '../users/users.service';
import { duplicateChecklistItems } from './checklist-items.service';
import * as recurrenceRepository from './task-recurrence.repository';
import {
  findFirstOccurrence,
  findNextOccurrence,
  invalidRecurrence,
  readOptionsInput,
  readStoredRecurrence,
  settleOptions,
  toOccurrenceDue,
  toStoredRecurrence,
} from './task-recurrence-rules';
import type { TaskChanges, TaskRow } from './tasks.repository';
import * as repository from './tasks.repository';

/**
 * Recurring tasks: reading a rule from a request (quickurrence or rrule), and the next occurrence that
 * completing or skipping one creates. Each occurrence is a task of its own; `recurrenceId` ties a series.
 */

type RecurrenceInput = {
  userId: string;
  requestTimeZone: string | undefined;
  quickurrence: Record<string, unknown> | null | undefined;
  rrule: string | null | undefined;
  /** The task's due once the rest of the change applies. */
  due: { dueDate: Date | null; dueDateHasTime: boolean };
  current: TaskRow | undefined;
};

/**
 * The columns a quickurrence or rrule in a request sets: the canonical rule in both forms, a series id
 * for a task that had none, and a due (the first occurrence) for a task without one. Undefined when the
 * request says nothing of recurrence; null (either field) stops the series and keeps the task as it is.
 */
export async function resolveRecurrenceChanges(
  ctx: AppContext,
  input: RecurrenceInput,
): Promise<TaskChanges | undefined> {
  const { quickurrence, rrule } = input;
  if (quickurrence === undefined && rrule === undefined) return undefined;
  if (quickurrence !== undefined && rrule !== undefined && (quickurrence !== null || rrule !== null)) {
    throw invalidRecurrence([
      {
        path: ['body', 'rrule'],
        message: 'Send quickurrence or rrule, not both',
        code: 'CONFLICTING_OPTIONS',
      },
    ]);
  }
  if (quickurrence === null || rrule === null) return { quickurrence: null, rrule: null };

  const now = ctx.clock.now();
  const anchor = {
    startDate: input.due.dueDate ?? now,
    timezone: await resolveTimeZone(ctx, input),
  };
  let options: RecurrenceOptions;
  if (quickurrence) {
    options = settleOptions({ ...anchor, ...readOptionsInput(quickurrence) }, 'quickurrence');
  } else {
    try {
      options = settleOptions(parseRRule(rrule ?? '', anchor), 'rrule');
    } catch (error) {
      if (!(error instanceof RRuleError)) throw error;
      throw invalidRecurrence([
        { path: ['body', 'rrule'], message: error.message, code: 'UNSUPPORTED_RULE' },
      ]);
    }
  }
  const changes: TaskChanges = {
    quickurrence: toStoredRecurrence(options),
    rrule: formatRRule(options),
    recurrenceId: input.current?.recurrenceId ?? newId(),
  };
  if (!input.due.dueDate) {
    const first = findFirstOccurrence(options);
    if (first) Object.assign(changes, { dueDate: first, dueDateHasTime: false });
  }
  return changes;
}

/**
 * With updateRecurrenceOnDueDateChange on, a new due date on a recurring task moves the series' start
 * there (so "every week" follows the new weekday); off, only this occurrence moves.
 */
export async function reanchorRecurrence(
  ctx: AppContext,
  options: { userId: string; current: TaskRow; dueDate: Date | null },
): Promise<TaskChanges> {
  const recurrence = readStoredRecurrence(options.current.quickurrence);
  if (!recurrence || !options.dueDate) return {};
  const config = await getTaskManagerConfig(ctx, options);
  if (!config.updateRecurrenceOnDueDateChange) return {};
  const moved = canonicalizeRecurrenceOptions({ ...recurrence, startDate: options.dueDate });
  if (Recurrence.validate(moved).length > 0) {
    throw invalidRecurrence(
      Recurrence.validate(moved).map((issue) => ({
        path: ['body', 'dueDate'],
        message: issue.message,
        code: issue.code,
      })),
    );
  }
  return { quickurrence: toStoredRecurrence(moved), rrule: formatRRule(moved) };
}

/**
 * Creates the occurrence after each recurring task given (completed or skipped in this transaction)
 * and answers it per task id: a copy with its checklist and subtasks, all open, at the next date;
 * null when the series has ended. A series never gets a second one: the occurrence already created
 * (by an earlier completion, before the task was reopened, or by a request at the same moment) is
 * answered instead. The user's task tree lock serializes this across requests on both databases.
 */
export async function createNextOccurrences(
  ctx: AppContext,
  options: { userId: string; rows: readonly TaskRow[] },
): Promise<Map<string, string | null>> {
  const { userId } = options;
  const next = new Map<string, string | null>();
  const recurring = options.rows.filter((row) => row.recurrenceId && row.quickurrence);
  if (recurring.length === 0) return next;
  await repository.lockTaskTree(ctx.db, userId);
  const config = await getTaskManagerConfig(ctx, { userId });
  const now = ctx.clock.now();
  for (const row of recurring) {
    const recurrenceId = row.recurrenceId as string;
    const existing = await recurrenceRepository.findLaterOccurrence(ctx.db, {
      userId,
      recurrenceId,
      taskId: row.id,
      dueDate: row.dueDate,
    });
    if (existing) {
      next.set(row.id, existing.id);
      continue;
    }
    const recurrence = readStoredRecurrence(row.quickurrence);
    const base = row.dueDate ?? now;
    // Without past occurrences, a task done late comes back after today, not as a string of overdue copies.
    const after = config.allowPastOccurrences || base > now ? base : now;
    const occurrence = recurrence ? findNextOccurrence(recurrence, after) : null;
    if (!recurrence || !occurrence) {
      next.set(row.id, null);
      continue;
    }
    const dueDate = toOccurrenceDue(row, occurrence, recurrence.timezone ?? 'UTC');
    next.set(row.id, await copyOccurrence(ctx, { userId, row, dueDate, now }));
  }
  return next;
}

/** The next occurrence of `row`: the task, its checklist and its live subtree, reopened and moved in time. */
async function copyOccurrence(
  ctx: AppContext,
  options: { userId: string; row: TaskRow; dueDate: Date; now: Date },
): Promise<string> {
  const { userId, row, dueDate, now } = options;
  const shift = row.dueDate ? dueDate.getTime() - row.dueDate.getTime() : 0;
  const moved = (date: Date | null) => (date ? new Date(date.getTime() + shift) : null);
  const completion = await columns.findCompletionColumn(ctx, { userId });
  const defaultColumnId = (await columns.getDefaultColumn(ctx, { userId })).id;
  const openColumn = (columnId: string) => (columnId === completion?.id ? defaultColumnId : columnId);
  const columnId = openColumn(row.columnId);
  const subtree = await repository.findSubtree(ctx.db, { userId, taskId: row.id, isLiveOnly: true });
  const rows = new Map(
    (await repository.findTasksByIds(ctx.db, { userId, taskIds: subtree.map((entry) => entry.id) })).map(
      (found) => [found.id, found],
    ),
  );
  // As nextPriorityInColumn does; the placement service creates occurrences too, so it is not imported.
  const priority = priorityAfter(await repository.findLastPriorityInColumn(ctx.db, { userId, columnId }));
  const copyIds = await repository.insertTreeCopy(ctx.db, {
    rootParentId: row.parentId,
    entries: subtree.flatMap((entry) => {
      const source = rows.get(entry.id) ?? (entry.id === row.id ? row : undefined);
      if (!source) return [];
      const {
        id: _id,
        parentId: _parentId,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        ...fields
      } = source;
      const isRoot = source.id === row.id;
      return [
        {
          sourceId: entry.id,
          sourceParentId: entry.parentId,
          values: {
            ...fields,
            ...(isRoot
              ? { columnId, priority, dueDate }
              : { columnId: openColumn(source.columnId), dueDate: moved(source.dueDate) }),
            ...(isRoot ? {} : { quickurrence: null, rrule: null, recurrenceId: null }),
            remindAt: moved(source.remindAt),
            addedToToday: null,
            addedToNew: null,
            completedAt: null,
            archivedAt: null,
            deletedAt: null,
            rewardedAt: null,
            createdAt: now,
            updatedAt: now,
          },
        },
      ];
    }),
  });
  await duplicateChecklistItems(ctx, { userId, copies: copyIds });
  return copyIds.get(row.id) as string;
}
