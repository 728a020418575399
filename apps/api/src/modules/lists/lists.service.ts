import type { CreateListBody, List, ListSummary, ReorderBody, UpdateListBody } from '@cairn/contracts/lists';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { notFound } from '../../lib/app-error';
import { applyFullOrder, priorityAfter } from '../../lib/ordering';
import { requireOwned } from '../../lib/require-owned';
import { assertWithinPlanLimit } from '../plans/plan-limits.service';
import { countTasksByList } from '../tasks/task-listing.service';
import type { ListRow } from './lists.repository';
import * as repository from './lists.repository';

function toList(row: ListRow): List {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    color: row.color,
    group: row.group,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function findListSummaries(
  ctx: AppContext,
  options: { userId: string },
): Promise<ListSummary[]> {
  const [rows, counts] = await Promise.all([
    repository.findLists(ctx.db, options.userId),
    countTasksByList(ctx, options),
  ]);
  return rows.map((row) => ({
    ...toList(row),
    openTasksCount: counts.get(row.id)?.open ?? 0,
    completedTasksCount: counts.get(row.id)?.completed ?? 0,
  }));
}

export async function getList(ctx: AppContext, options: { userId: string; listId: string }): Promise<List> {
  return toList(requireOwned(await repository.findList(ctx.db, options), 'List'));
}

/** Throws the same 404 as a missing list when the id is not one of the user's lists. */
export async function assertListExists(ctx: AppContext, options: { userId: string; listId: string }) {
  await getList(ctx, options);
}

export async function createList(
  ctx: AppContext,
  options: { userId: string; body: CreateListBody },
): Promise<List> {
  const row = await inTransaction(ctx, async (tx) => {
    await assertWithinPlanLimit(tx, { userId: options.userId, key: 'lists', adding: 1 });
    return repository.insertList(tx.db, {
      userId: options.userId,
      name: options.body.name,
      color: options.body.color ?? null,
      group: options.body.group ?? null,
      priority: priorityAfter(await repository.findLastListPriority(tx.db, options.userId)),
    });
  });
  return toList(row);
}

export async function updateList(
  ctx: AppContext,
  options: { userId: string; listId: string; changes: UpdateListBody },
): Promise<List> {
  return toList(requireOwned(await repository.updateList(ctx.db, options), 'List'));
}

/** The list goes; its tasks stay, in no list (the foreign key sets list_id to null). */
export async function deleteList(
  ctx: AppContext,
  options: { userId: string; listId: string },
): Promise<void> {
  if (!(await repository.deleteList(ctx.db, options))) throw notFound('List');
}

/** The body names every list once, in the new order. */
export async function reorderLists(
  ctx: AppContext,
  options: { userId: string; body: ReorderBody },
): Promise<ListSummary[]> {
  await inTransaction(ctx, async (tx) => {
    const existing = await repository.findLists(tx.db, options.userId);
    await applyFullOrder({
      ids: options.body.ids,
      knownIds: existing.map((row) => row.id),
      what: 'List',
      write: (listId, priority) =>
        repository
          .updateList(tx.db, { userId: options.userId, listId, changes: { priority } })
          .then(() => {}),
    });
  });
  return findListSummaries(ctx, options);
}
