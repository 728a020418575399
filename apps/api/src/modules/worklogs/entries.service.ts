import type { TaskTreeNode } from '@cairn/contracts/tasks';
import type {
  CreateWorklogBody,
  ListWorklogsQuery,
  TaskWorklogTotals,
  UpdateWorklogBody,
  Worklog,
  WorklogPage,
  WorklogTotals,
} from '@cairn/contracts/worklogs';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { notFound } from '../../lib/app-error';
import { inBatches } from '../../lib/batches';
import { formatDecimal } from '../../lib/decimal';
import { requireOwned } from '../../lib/require-owned';
import { getTaskTree } from '../tasks/task-trees.service';
import { getTaskRow } from '../tasks/tasks.service';
import { getCategoryRow } from './categories.service';
import type { NewWorklogRow, TotalsRow, WorklogChanges, WorklogListingRow } from './entries.repository';
import * as repository from './entries.repository';
import { formatTimeOfDay, parseTimeOfDay, resolveEntryTiming } from './entry-times';
import { getProjectRow } from './projects.service';
import { decodeWorklogCursor, encodeWorklogCursor } from './worklog-cursor';
import { isForeignKeyViolation } from './worklog-db-errors';

/** Work-log entries: time on a project (and a category, a task), by hand or from the timer. */

export type WorklogScope = { userId: string; worklogId: string };

const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_MULTIPLIER = '1';

export function toWorklog(row: WorklogListingRow): Worklog {
  return {
    id: row.id,
    projectId: row.projectId,
    categoryId: row.categoryId,
    taskId: row.taskId,
    taskName: row.taskName,
    taskUrl: row.taskUrl,
    pullRequestUrl: row.pullRequestUrl,
    description: row.description,
    workDate: row.workDate,
    startTime: row.startMinute === null ? null : formatTimeOfDay(row.startMinute),
    endTime: row.endMinute === null ? null : formatTimeOfDay(row.endMinute),
    crossesMidnight: row.crossesMidnight,
    duration: row.duration,
    breaksMultiplier: formatDecimal(row.breaksMultiplier),
    durationWithBreaks: formatDecimal(row.durationWithBreaks ?? '0'),
    overlapsWith: row.overlapsWith,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toTotals(row: TotalsRow): WorklogTotals {
  // Minutes summed in the database; a count of minutes fits a double exactly.
  return {
    count: row.count,
    duration: Number(row.duration),
    durationWithBreaks: formatDecimal(row.durationWithBreaks),
  };
}

export async function getWorklog(ctx: AppContext, scope: WorklogScope): Promise<Worklog> {
  return toWorklog(requireOwned(await repository.findWorklog(ctx.db, scope), 'Entry'));
}

/** The page where a linked task is shown: the web app's task route. */
export function taskPageUrl(ctx: AppContext, taskId: string): string {
  return `${ctx.config.publicUrl}/tasks/${taskId}/`;
}

const toMinute = (time: string | null | undefined) =>
  time === undefined ? undefined : time === null ? null : parseTimeOfDay(time);

/** A write naming a project or category deleted since it was checked: as if it had never been there. */
async function refusingVanishedReferences<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound('Project or category');
    throw error;
  }
}

/** Stores a new entry and answers it as the API shows it. */
export async function insertEntry(ctx: AppContext, values: NewWorklogRow): Promise<Worklog> {
  const worklogId = await refusingVanishedReferences(repository.insertWorklog(ctx.db, values));
  return getWorklog(ctx, { userId: values.userId, worklogId });
}

/**
 * The project, category and task an entry names, each one of the user's (else 404); the category
 * gives a new entry its multiplier, the task its name.
 */
export async function resolveReferences(
  ctx: AppContext,
  options: { userId: string; projectId?: string; categoryId?: string | null; taskId?: string | null },
) {
  const { userId } = options;
  const [project, category, task] = await Promise.all([
    options.projectId ? getProjectRow(ctx, { userId, projectId: options.projectId }) : undefined,
    options.categoryId ? getCategoryRow(ctx, { userId, categoryId: options.categoryId }) : undefined,
    options.taskId ? getTaskRow(ctx, { userId, taskId: options.taskId }) : undefined,
  ]);
  return { project, category, task };
}

export async function createWorklog(
  ctx: AppContext,
  options: { userId: string; body: CreateWorklogBody },
): Promise<Worklog> {
  const { userId, body } = options;
  const { category, task } = await resolveReferences(ctx, { userId, ...body });
  const timing = resolveEntryTiming({
    startMinute: toMinute(body.startTime) ?? null,
    endMinute: toMinute(body.endTime) ?? null,
    crossesMidnight: body.crossesMidnight ?? false,
    sentDuration: body.duration,
    previousDuration: undefined,
  });
  const now = ctx.clock.now();
  return insertEntry(ctx, {
    userId,
    projectId: body.projectId,
    categoryId: body.categoryId ?? null,
    taskId: body.taskId ?? null,
    taskName: task ? task.title : (body.taskName ?? ''),
    taskUrl: body.taskUrl !== undefined ? body.taskUrl : task ? taskPageUrl(ctx, task.id) : null,
    pullRequestUrl: body.pullRequestUrl ?? null,
    description: body.description ?? '',
    workDate: body.workDate,
    ...timing,
    breaksMultiplier: body.breaksMultiplier ?? category?.breaksMultiplier ?? DEFAULT_MULTIPLIER,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Changes part of an entry; times and duration are checked as they will stand together. A new
 * category brings its multiplier unless one is sent; a new task its name, and its page unless a
 * task URL is sent.
 */
export async function updateWorklog(
  ctx: AppContext,
  options: WorklogScope & { changes: UpdateWorklogBody },
): Promise<Worklog> {
  const { userId, changes } = options;
  const row = requireOwned(await repository.findWorklogRow(ctx.db, options), 'Entry');
  if (!hasChanges(changes)) return getWorklog(ctx, options);
  const { category, task } = await resolveReferences(ctx, { userId, ...changes });
  const startMinute = toMinute(changes.startTime);
  const endMinute = toMinute(changes.endTime);
  const timing = resolveEntryTiming({
    startMinute: startMinute === undefined ? row.startMinute : startMinute,
    endMinute: endMinute === undefined ? row.endMinute : endMinute,
    crossesMidnight: changes.crossesMidnight ?? row.crossesMidnight,
    sentDuration: changes.duration,
    previousDuration: row.duration,
  });
  const isNewCategory = changes.categoryId !== undefined && changes.categoryId !== row.categoryId;
  const values: WorklogChanges = {
    projectId: changes.projectId,
    categoryId: changes.categoryId,
    taskId: changes.taskId,
    taskName: task ? task.title : changes.taskName,
    taskUrl: changes.taskUrl !== undefined ? changes.taskUrl : task ? taskPageUrl(ctx, task.id) : undefined,
    pullRequestUrl: changes.pullRequestUrl,
    description: changes.description,
    workDate: changes.workDate,
    ...timing,
    breaksMultiplier:
      changes.breaksMultiplier ??
      (isNewCategory ? (category?.breaksMultiplier ?? DEFAULT_MULTIPLIER) : undefined),
  };
  const isUpdated = await refusingVanishedReferences(
    repository.updateWorklog(ctx.db, { ...options, changes: values, at: ctx.clock.now() }),
  );
  if (!isUpdated) throw notFound('Entry');
  return getWorklog(ctx, options);
}

export async function deleteWorklog(ctx: AppContext, scope: WorklogScope): Promise<void> {
  if (!(await repository.deleteWorklog(ctx.db, scope))) throw notFound('Entry');
}

/** Deletes all the entries or none: one that is not the user's answers 404, like a missing one. */
export async function bulkDeleteWorklogs(
  ctx: AppContext,
  options: { userId: string; ids: readonly string[] },
): Promise<{ deleted: number }> {
  const { userId } = options;
  const worklogIds = [...new Set(options.ids)];
  return inTransaction(ctx, async (tx) => {
    let deleted = 0;
    for (const batch of inBatches(worklogIds)) {
      const owned = await repository.countOwnWorklogs(tx.db, { userId, worklogIds: batch });
      if (owned !== batch.length) throw notFound('Entry');
      deleted += await repository.deleteWorklogs(tx.db, { userId, worklogIds: batch });
    }
    return { deleted };
  });
}

/** The same entry on another day: times, task, multiplier and all. */
export async function copyWorklog(
  ctx: AppContext,
  options: WorklogScope & { workDate: string },
): Promise<Worklog> {
  const row = requireOwned(await repository.findWorklogRow(ctx.db, options), 'Entry');
  const now = ctx.clock.now();
  const { id: _id, durationWithBreaks: _derived, ...fields } = row;
  return insertEntry(ctx, { ...fields, workDate: options.workDate, createdAt: now, updatedAt: now });
}

/**
 * A page of entries matching the filters, with totals over every match. A project or category
 * filter names one of the user's (else 404); a task filter may name a task since purged.
 */
export async function listWorklogs(
  ctx: AppContext,
  options: { userId: string; query: ListWorklogsQuery },
): Promise<WorklogPage> {
  const { userId, query } = options;
  await resolveReferences(ctx, { userId, projectId: query.projectId, categoryId: query.categoryId });
  const filter: repository.WorklogFilter = {
    userId,
    projectId: query.projectId,
    categoryId: query.categoryId,
    client: query.client,
    taskId: query.taskId,
    from: query.from,
    to: query.to,
    text: query.q,
  };
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = query.cursor ? decodeWorklogCursor(query.cursor) : undefined;
  const [rows, totals] = await Promise.all([
    repository.findWorklogPage(ctx.db, { filter, after, limit: limit + 1 }),
    repository.findTotals(ctx.db, filter),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toWorklog),
    nextCursor:
      rows.length > limit && last
        ? encodeWorklogCursor([last.workDate, last.startMinute ?? -1, last.id])
        : null,
    totals: toTotals(totals),
  };
}

/** The ids in a task tree below its root. */
function descendantIds(node: TaskTreeNode): string[] {
  return node.children.flatMap((child) => [child.id, ...descendantIds(child)]);
}

/**
 * Time logged on a task, and on it with its subtasks as its tree shows them (those in the trash
 * left out; a task in the trash counts alone).
 */
export async function getTaskWorklogTotals(
  ctx: AppContext,
  options: { userId: string; taskId: string },
): Promise<TaskWorklogTotals> {
  const task = await getTaskRow(ctx, options);
  const subtreeIds = task.deletedAt ? [] : descendantIds(await getTaskTree(ctx, options));
  const totals = await repository.findTaskTotals(ctx.db, { ...options, subtreeIds });
  return { own: toTotals(totals.own), subtree: toTotals(totals.subtree) };
}
