import type {
  CreateWorklogCategoryBody,
  UpdateWorklogCategoryBody,
  WorklogCategory,
} from '@cairn/contracts/worklogs';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { formatDecimal } from '../../lib/decimal';
import { requireOwned } from '../../lib/require-owned';
import type { CategoryRow } from './categories.repository';
import * as repository from './categories.repository';
import { isForeignKeyViolation } from './worklog-db-errors';

/** Work-log categories: kinds of work, each with the breaks multiplier its new entries start from. */

export type CategoryScope = { userId: string; categoryId: string };

const DEFAULT_MULTIPLIER = '1';

function toCategory(row: CategoryRow): WorklogCategory {
  return {
    id: row.id,
    name: row.name,
    breaksMultiplier: formatDecimal(row.breaksMultiplier),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function getCategoryRow(ctx: AppContext, scope: CategoryScope): Promise<CategoryRow> {
  return requireOwned(await repository.findCategory(ctx.db, scope), 'Category');
}

export async function listCategories(
  ctx: AppContext,
  options: { userId: string },
): Promise<WorklogCategory[]> {
  return (await repository.findCategories(ctx.db, options.userId)).map(toCategory);
}

export async function getCategory(ctx: AppContext, scope: CategoryScope): Promise<WorklogCategory> {
  return toCategory(await getCategoryRow(ctx, scope));
}

export async function createCategory(
  ctx: AppContext,
  options: { userId: string; body: CreateWorklogCategoryBody },
): Promise<WorklogCategory> {
  const now = ctx.clock.now();
  const row = await repository.insertCategory(ctx.db, {
    userId: options.userId,
    name: options.body.name,
    breaksMultiplier: options.body.breaksMultiplier ?? DEFAULT_MULTIPLIER,
    createdAt: now,
    updatedAt: now,
  });
  return toCategory(row);
}

/** A new multiplier applies to entries made from now on; logged entries keep theirs. */
export async function updateCategory(
  ctx: AppContext,
  options: CategoryScope & { changes: UpdateWorklogCategoryBody },
): Promise<WorklogCategory> {
  if (!hasChanges(options.changes)) return getCategory(ctx, options);
  const row = await repository.updateCategory(ctx.db, {
    ...options,
    changes: options.changes,
    at: ctx.clock.now(),
  });
  return toCategory(requireOwned(row, 'Category'));
}

/** Deletes a category; its entries stay, without a category and with the multiplier they had. */
export async function deleteCategory(ctx: AppContext, scope: CategoryScope): Promise<void> {
  try {
    await inTransaction(ctx, async (tx) => {
      await getCategoryRow(tx, scope);
      await repository.clearCategory(tx.db, { ...scope, at: tx.clock.now() });
      if (!(await repository.deleteCategory(tx.db, scope))) throw notFound('Category');
    });
  } catch (error) {
    // An entry saved with the category between clearing and deleting it.
    if (!isForeignKeyViolation(error)) throw error;
    throw new AppError('CONFLICT', 'The category was just used for an entry; try deleting it again');
  }
}
