import {
  type CreateMoneyAccountBody,
  type MoneyAccount,
  type MoneyAccountListWithCategories,
  type MovedTransactions,
  type MoveMoneyAccountTransactionsBody,
  TRANSFER_DESTINATION_MESSAGE,
  type UpdateMoneyAccountBody,
} from '@cairn/contracts/money';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import type { AccountRow } from './accounts.repository';
import * as repository from './accounts.repository';
import { listCategories } from './categories.service';
import { referenceGone, refusingBrokenReferences } from './transaction-db-errors';
import { resolveAccountReference } from './transaction-references';

/** Accounts: a two-level tree (top-level accounts and their sub-accounts) that transactions are booked on. */

export type AccountScope = { userId: string; accountId: string };

function toAccount(row: AccountRow, transactionCount: number): MoneyAccount {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    currencyId: row.currencyId,
    transactionCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function withCount(ctx: AppContext, row: AccountRow): Promise<MoneyAccount> {
  const counts = await repository.countTransactionsPerAccount(ctx.db, {
    userId: row.userId,
    accountId: row.id,
  });
  return toAccount(row, counts.get(row.id) ?? 0);
}

export async function listAccounts(ctx: AppContext, options: { userId: string }): Promise<MoneyAccount[]> {
  const [rows, counts] = await Promise.all([
    repository.findAccounts(ctx.db, options.userId),
    repository.countTransactionsPerAccount(ctx.db, options),
  ]);
  return rows.map((row) => toAccount(row, counts.get(row.id) ?? 0));
}

/** The accounts and, with `isCategoriesIncluded`, the categories: the register names both in its rows. */
export async function listAccountsWithCategories(
  ctx: AppContext,
  options: { userId: string; isCategoriesIncluded: boolean },
): Promise<MoneyAccountListWithCategories> {
  const { userId } = options;
  if (!options.isCategoriesIncluded) return { items: await listAccounts(ctx, { userId }) };
  const [items, categories] = await Promise.all([
    listAccounts(ctx, { userId }),
    listCategories(ctx, { userId }),
  ]);
  return { items, categories: { items: categories } };
}

async function getAccountRow(ctx: AppContext, scope: AccountScope): Promise<AccountRow> {
  return requireOwned(await repository.findAccount(ctx.db, scope), 'Account');
}

function invalidParent(message: string): AppError {
  return new AppError('INVALID_PARENT', message, { issues: [{ path: ['body', 'parentId'], message }] });
}

/** A parent is one of the user's top-level accounts, and not the account itself. */
async function assertValidParent(
  ctx: AppContext,
  options: { userId: string; accountId?: string; parentId: string },
): Promise<void> {
  if (options.parentId === options.accountId) throw invalidParent('An account cannot be its own parent');
  const parent = await repository.findAccount(ctx.db, {
    userId: options.userId,
    accountId: options.parentId,
  });
  if (!parent) throw notFound('Parent account');
  if (parent.parentId) {
    throw invalidParent('A sub-account cannot have sub-accounts of its own; choose a top-level account');
  }
}

export async function createAccount(
  ctx: AppContext,
  options: { userId: string; body: CreateMoneyAccountBody },
): Promise<MoneyAccount> {
  const { userId, body } = options;
  return inTransaction(ctx, async (tx) => {
    if (body.parentId) {
      await repository.lockMoneyTrees(tx.db, userId, 'write');
      await assertValidParent(tx, { userId, parentId: body.parentId });
    }
    const now = tx.clock.now();
    const row = await refusingBrokenReferences(
      () =>
        repository.insertAccount(tx.db, {
          userId,
          name: body.name,
          parentId: body.parentId ?? null,
          currencyId: body.currencyId ?? null,
          createdAt: now,
          updatedAt: now,
        }),
      referenceGone,
    );
    return toAccount(row, 0);
  });
}

/**
 * Renames an account, changes its default currency, or hangs it elsewhere in the tree. Its
 * transactions move along: a top-level account becoming a sub-account of P leaves them booked on P
 * and the sub-account, and the other way round.
 */
export async function updateAccount(
  ctx: AppContext,
  options: AccountScope & { changes: UpdateMoneyAccountBody },
): Promise<MoneyAccount> {
  const { userId, accountId, changes } = options;
  return inTransaction(ctx, async (tx) => {
    if (changes.parentId !== undefined) await repository.lockMoneyTrees(tx.db, userId, 'write');
    const row = await getAccountRow(tx, options);
    if (!hasChanges(changes)) return withCount(tx, row);
    const at = tx.clock.now();
    if (changes.parentId !== undefined && changes.parentId !== row.parentId) {
      const parentId = changes.parentId;
      if (parentId) {
        await assertValidParent(tx, { userId, accountId, parentId });
        const children = await repository.findChildAccountIds(tx.db, { userId, accountId });
        if (children.length > 0) {
          throw invalidParent('An account with sub-accounts cannot become a sub-account');
        }
      }
      const target = parentId
        ? { accountId: parentId, subAccountId: accountId }
        : { accountId, subAccountId: null };
      await assertNoTransferToItself(tx, {
        userId,
        accountIds: [accountId],
        targetAccountId: target.accountId,
      });
      await repository.moveTransactionsOfAccounts(tx.db, { userId, accountIds: [accountId], target, at });
    }
    const updated = await refusingBrokenReferences(
      () => repository.updateAccount(tx.db, { userId, accountId, changes, at }),
      referenceGone,
    );
    return withCount(tx, requireOwned(updated, 'Account'));
  });
}

async function assertNoTransferToItself(
  ctx: AppContext,
  options: { userId: string; accountIds: readonly string[]; targetAccountId: string },
): Promise<void> {
  const count = await repository.countTransfersAgainst(ctx.db, {
    userId: options.userId,
    accountIds: options.accountIds,
    accountId: options.targetAccountId,
  });
  if (count > 0) throw new AppError('VALIDATION_FAILED', TRANSFER_DESTINATION_MESSAGE);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Deletes an account and its sub-accounts, only when none of them has transactions or recurring
 * transactions: those are never deleted along, the user moves them first.
 */
export async function deleteAccount(ctx: AppContext, scope: AccountScope): Promise<void> {
  const { userId, accountId } = scope;
  await inTransaction(ctx, async (tx) => {
    await repository.lockMoneyTrees(tx.db, userId, 'write');
    const row = await getAccountRow(tx, scope);
    const accountIds = [row.id, ...(await repository.findChildAccountIds(tx.db, scope))];
    const transactions = await repository.countTransactionsOnAccounts(tx.db, { userId, accountIds });
    if (transactions > 0) {
      throw new AppError(
        'CONFLICT',
        `This account has ${plural(transactions, 'transaction')}. Move ${transactions === 1 ? 'it' : 'them'} to another account first, then delete it.`,
      );
    }
    const recurring = await repository.countRecurringOnAccounts(tx.db, { userId, accountIds });
    if (recurring > 0) {
      throw new AppError(
        'CONFLICT',
        `This account is used by ${plural(recurring, 'recurring transaction')}. Change or delete ${recurring === 1 ? 'it' : 'them'} first, then delete the account.`,
      );
    }
    await refusingBrokenReferences(
      () => repository.deleteAccount(tx.db, { userId, accountId }),
      () => new AppError('CONFLICT', 'Transactions were just booked on this account; move them first'),
    );
  });
}

/**
 * Books every transaction of the account and of its sub-accounts onto the target (a sub-account's
 * land on the target itself), so the account can be deleted.
 */
export async function moveAccountTransactions(
  ctx: AppContext,
  options: AccountScope & { body: MoveMoneyAccountTransactionsBody },
): Promise<MovedTransactions> {
  const { userId, body } = options;
  return inTransaction(ctx, async (tx) => {
    await repository.lockMoneyTrees(tx.db, userId, 'write');
    const row = await getAccountRow(tx, options);
    const target = await resolveAccountReference(tx, {
      userId,
      accountId: body.toAccountId,
      subAccountId: body.toSubAccountId,
    });
    const accountIds = [row.id, ...(await repository.findChildAccountIds(tx.db, options))];
    if (
      accountIds.includes(target.accountId) ||
      (target.subAccountId && accountIds.includes(target.subAccountId))
    ) {
      const message = 'Choose an account outside the one being emptied';
      throw new AppError('VALIDATION_FAILED', message, {
        issues: [{ path: ['body', 'toAccountId'], message }],
      });
    }
    await assertNoTransferToItself(tx, { userId, accountIds, targetAccountId: target.accountId });
    const moved = await repository.moveTransactionsOfAccounts(tx.db, {
      userId,
      accountIds,
      target,
      at: tx.clock.now(),
    });
    return { moved };
  });
}
