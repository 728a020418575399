import type { AppContext } from '../../lib/app-context';
import { getCurrencyIdByCode } from '../currencies/currencies.service';
import { getUserRow } from '../users/users.service';
import * as accounts from './accounts.repository';
import * as repository from './money-daily-series.repository';

/**
 * Daily money figures other areas chart (the trackers' system sources), in the user's currency, each
 * day's transactions converted at that day's rate as the money reports do.
 */

export type DailyValue = repository.DailyAmount;

/** The currency every figure below is in (users.currency). */
export async function getUserCurrencyId(ctx: AppContext, options: { userId: string }): Promise<string> {
  const user = await getUserRow(ctx, options);
  return getCurrencyIdByCode(ctx, user.currency);
}

/** Changes whenever a figure below could (but for a rate of a past day changed by hand); cheap. */
export function getMoneyDataVersion(ctx: AppContext, options: { userId: string }): Promise<string> {
  return repository.findMoneyDataVersion(ctx.db, options);
}

/** The user's top-level accounts (the ones a balance is followed for), by name. */
export async function listTopLevelAccounts(
  ctx: AppContext,
  options: { userId: string },
): Promise<{ id: string; name: string }[]> {
  const rows = await accounts.findAccounts(ctx.db, options.userId);
  return rows.filter((row) => row.parentId === null).map((row) => ({ id: row.id, name: row.name }));
}

/** One of the user's accounts, or undefined (another user's too); parentId tells a sub-account. */
export async function findAccountSummary(
  ctx: AppContext,
  options: { userId: string; accountId: string },
): Promise<{ id: string; name: string; parentId: string | null } | undefined> {
  const row = await accounts.findAccount(ctx.db, options);
  return row && { id: row.id, name: row.name, parentId: row.parentId };
}

/** Expenses per day (transfers left out) in the user's currency; days with expenses only. */
export async function getSpendingPerDay(ctx: AppContext, options: { userId: string }): Promise<DailyValue[]> {
  const userCurrencyId = await getUserCurrencyId(ctx, options);
  return repository.findSpendingPerDay(ctx.db, { userId: options.userId, userCurrencyId });
}

/**
 * A top-level account's end-of-day balance in the user's currency, sub-accounts rolled up, every day
 * from its first transaction through `to`. An account of no one (or deleted) has none.
 */
export async function getAccountBalancePerDay(
  ctx: AppContext,
  options: { userId: string; accountId: string; to: string },
): Promise<DailyValue[]> {
  const userCurrencyId = await getUserCurrencyId(ctx, options);
  return repository.findAccountBalancePerDay(ctx.db, { ...options, userCurrencyId });
}
