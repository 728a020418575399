import type { AppContext } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { listCurrencies } from '../currencies/currencies.service';
import * as accounts from './accounts.repository';
import * as categories from './categories.repository';

/**
 * What a transaction (or a template of one) points at, checked the same way wherever it is written:
 * the user's own account and category (another user's answers 404 like a missing one), a sub-account
 * that is a child of its account, a sub-category that is a child of its category, a real currency.
 * Transactions always name the top-level account and category: a sub-account given as the account
 * is read as its parent plus that sub-account, and likewise for categories.
 */

export type AccountReference = { accountId: string; subAccountId: string | null };
export type CategoryReference = { categoryId: string | null; subCategoryId: string | null };

export async function resolveAccountReference(
  ctx: AppContext,
  options: { userId: string; accountId: string; subAccountId?: string | null | undefined },
): Promise<AccountReference> {
  const { userId, accountId } = options;
  const subAccountId = options.subAccountId ?? null;
  const rows = await accounts.findAccountsByIds(ctx.db, {
    userId,
    accountIds: subAccountId ? [accountId, subAccountId] : [accountId],
  });
  const account = rows.find((row) => row.id === accountId);
  if (!account) throw notFound('Account');
  const subAccount = subAccountId ? rows.find((row) => row.id === subAccountId) : undefined;
  if (subAccountId && !subAccount) throw notFound('Sub-account');
  if (account.parentId) {
    if (subAccountId && subAccountId !== account.id) throw notAChild('sub-account', 'account');
    return { accountId: account.parentId, subAccountId: account.id };
  }
  if (subAccount && subAccount.parentId !== account.id) throw notAChild('sub-account', 'account');
  return { accountId: account.id, subAccountId: subAccount?.id ?? null };
}

export async function resolveCategoryReference(
  ctx: AppContext,
  options: {
    userId: string;
    categoryId?: string | null | undefined;
    subCategoryId?: string | null | undefined;
  },
): Promise<CategoryReference> {
  const { userId } = options;
  const categoryId = options.categoryId ?? null;
  const subCategoryId = options.subCategoryId ?? null;
  if (!categoryId) {
    if (subCategoryId) {
      throw new AppError('INVALID_PARENT', 'Choose the category of the sub-category too', {
        issues: [{ path: ['body', 'categoryId'], message: 'A sub-category needs its category' }],
      });
    }
    return { categoryId: null, subCategoryId: null };
  }
  const rows = await categories.findCategoriesByIds(ctx.db, {
    userId,
    categoryIds: subCategoryId ? [categoryId, subCategoryId] : [categoryId],
  });
  const category = rows.find((row) => row.id === categoryId);
  if (!category) throw notFound('Category');
  const subCategory = subCategoryId ? rows.find((row) => row.id === subCategoryId) : undefined;
  if (subCategoryId && !subCategory) throw notFound('Sub-category');
  if (category.parentId) {
    if (subCategoryId && subCategoryId !== category.id) throw notAChild('sub-category', 'category');
    return { categoryId: category.parentId, subCategoryId: category.id };
  }
  if (subCategory && subCategory.parentId !== category.id) throw notAChild('sub-category', 'category');
  return { categoryId: category.id, subCategoryId: subCategory?.id ?? null };
}

/**
 * Currencies are shared reference data: any user may use any of them, but it must exist. Writes
 * leave this to the database's keys (see transaction-db-errors.ts); a read-only step such as an
 * import preview asks here.
 */
export async function assertCurrenciesExist(ctx: AppContext, currencyIds: readonly string[]): Promise<void> {
  const known = new Set((await listCurrencies(ctx)).map((currency) => currency.id));
  if (currencyIds.some((id) => !known.has(id))) throw notFound('Currency');
}

function notAChild(child: string, parent: string): AppError {
  return new AppError('INVALID_PARENT', `The ${child} is not one of the chosen ${parent}'s`);
}
