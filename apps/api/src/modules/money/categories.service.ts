import type {
  CreateMoneyCategoryBody,
  MoneyCategory,
  MovedTransactions,
  MoveMoneyCategoryTransactionsBody,
  UpdateMoneyCategoryBody,
} from '@cairn/contracts/money';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import { lockMoneyTrees } from './accounts.repository';
import type { CategoryRow } from './categories.repository';
import * as repository from './categories.repository';
import { refusingBrokenReferences } from './transaction-db-errors';
import { resolveCategoryReference } from './transaction-references';

/** Categories: a two-level tree (categories and their sub-categories) that transactions are filed under. */

export type CategoryScope = { userId: string; categoryId: string };

function toCategory(row: CategoryRow, transactionCount: number): MoneyCategory {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    transactionCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function withCount(ctx: AppContext, row: CategoryRow): Promise<MoneyCategory> {
  const counts = await repository.countTransactionsPerCategory(ctx.db, {
    userId: row.userId,
    categoryId: row.id,
  });
  return toCategory(row, counts.get(row.id) ?? 0);
}

export async function listCategories(ctx: AppContext, options: { userId: string }): Promise<MoneyCategory[]> {
  const [rows, counts] = await Promise.all([
    repository.findCategories(ctx.db, options.userId),
    repository.countTransactionsPerCategory(ctx.db, options),
  ]);
  return rows.map((row) => toCategory(row, counts.get(row.id) ?? 0));
}

async function getCategoryRow(ctx: AppContext, scope: CategoryScope): Promise<CategoryRow> {
  return requireOwned(await repository.findCategory(ctx.db, scope), 'Category');
}

function invalidParent(message: string): AppError {
  return new AppError('INVALID_PARENT', message, { issues: [{ path: ['body', 'parentId'], message }] });
}

/** A parent is one of the user's top-level categories, and not the category itself. */
async function assertValidParent(
  ctx: AppContext,
  options: { userId: string; categoryId?: string; parentId: string },
): Promise<void> {
  if (options.parentId === options.categoryId) throw invalidParent('A category cannot be its own parent');
  const parent = await repository.findCategory(ctx.db, {
    userId: options.userId,
    categoryId: options.parentId,
  });
  if (!parent) throw notFound('Parent category');
  if (parent.parentId) {
    throw invalidParent('A sub-category cannot have sub-categories of its own; choose a top-level category');
  }
}

export async function createCategory(
  ctx: AppContext,
  options: { userId: string; body: CreateMoneyCategoryBody },
): Promise<MoneyCategory> {
  const { userId, body } = options;
  return inTransaction(ctx, async (tx) => {
    if (body.parentId) {
      await lockMoneyTrees(tx.db, userId, 'write');
      await assertValidParent(tx, { userId, parentId: body.parentId });
    }
    const now = tx.clock.now();
    const row = await repository.insertCategory(tx.db, {
      userId,
      name: body.name,
      parentId: body.parentId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return toCategory(row, 0);
  });
}

/**
 * Renames a category or hangs it elsewhere in the tree; its transactions move along (a category
 * becoming a sub-category of P leaves them filed under P and the sub-category, and back).
 */
export async function updateCategory(
  ctx: AppContext,
  options: CategoryScope & { changes: UpdateMoneyCategoryBody },
): Promise<MoneyCategory> {
  const { userId, categoryId, changes } = options;
  return inTransaction(ctx, async (tx) => {
    if (changes.parentId !== undefined) await lockMoneyTrees(tx.db, userId, 'write');
    const row = await getCategoryRow(tx, options);
    if (!hasChanges(changes)) return withCount(tx, row);
    const at = tx.clock.now();
    if (changes.parentId !== undefined && changes.parentId !== row.parentId) {
      const parentId = changes.parentId;
      if (parentId) {
        await assertValidParent(tx, { userId, categoryId, parentId });
        const children = await repository.findChildCategoryIds(tx.db, { userId, categoryId });
        if (children.length > 0) {
          throw invalidParent('A category with sub-categories cannot become a sub-category');
        }
      }
      await repository.moveTransactionsOfCategories(tx.db, {
        userId,
        categoryIds: [categoryId],
        target: parentId
          ? { categoryId: parentId, subCategoryId: categoryId }
          : { categoryId, subCategoryId: null },
        at,
      });
    }
    const updated = await repository.updateCategory(tx.db, { userId, categoryId, changes, at });
    return withCount(tx, requireOwned(updated, 'Category'));
  });
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Deletes a category and its sub-categories, only when no transaction or recurring transaction is
 * filed under them: the user moves those first (or leaves them uncategorised).
 */
export async function deleteCategory(ctx: AppContext, scope: CategoryScope): Promise<void> {
  const { userId, categoryId } = scope;
  await inTransaction(ctx, async (tx) => {
    await lockMoneyTrees(tx.db, userId, 'write');
    const row = await getCategoryRow(tx, scope);
    const categoryIds = [row.id, ...(await repository.findChildCategoryIds(tx.db, scope))];
    const transactions = await repository.countTransactionsUnderCategories(tx.db, { userId, categoryIds });
    if (transactions > 0) {
      throw new AppError(
        'CONFLICT',
        `This category has ${plural(transactions, 'transaction')}. Move ${transactions === 1 ? 'it' : 'them'} to another category first, then delete it.`,
      );
    }
    const recurring = await repository.countRecurringUnderCategories(tx.db, { userId, categoryIds });
    if (recurring > 0) {
      throw new AppError(
        'CONFLICT',
        `This category is used by ${plural(recurring, 'recurring transaction')}. Change or delete ${recurring === 1 ? 'it' : 'them'} first, then delete the category.`,
      );
    }
    await refusingBrokenReferences(
      () => repository.deleteCategory(tx.db, { userId, categoryId }),
      () => new AppError('CONFLICT', 'Transactions were just filed under this category; move them first'),
    );
  });
}

/**
 * Files every transaction of the category and of its sub-categories under the target (a
 * sub-category's under the target itself); a null target leaves them uncategorised.
 */
export async function moveCategoryTransactions(
  ctx: AppContext,
  options: CategoryScope & { body: MoveMoneyCategoryTransactionsBody },
): Promise<MovedTransactions> {
  const { userId, body } = options;
  return inTransaction(ctx, async (tx) => {
    await lockMoneyTrees(tx.db, userId, 'write');
    const row = await getCategoryRow(tx, options);
    const target = await resolveCategoryReference(tx, {
      userId,
      categoryId: body.toCategoryId,
      subCategoryId: body.toSubCategoryId,
    });
    const categoryIds = [row.id, ...(await repository.findChildCategoryIds(tx.db, options))];
    const isInside = (id: string | null) => id !== null && categoryIds.includes(id);
    if (isInside(target.categoryId) || isInside(target.subCategoryId)) {
      const message = 'Choose a category outside the one being emptied';
      throw new AppError('VALIDATION_FAILED', message, {
        issues: [{ path: ['body', 'toCategoryId'], message }],
      });
    }
    const moved = await repository.moveTransactionsOfCategories(tx.db, {
      userId,
      categoryIds,
      target,
      at: tx.clock.now(),
    });
    return { moved };
  });
}
