import type {
  AccountBalance,
  CurrencyAmount,
  MoneyBalanceHistory,
  MoneyBalances,
  MoneyCategoryReport,
  MoneyCategoryReportQuery,
  MoneyMonthlyReport,
  MoneyRangeQuery,
} from '@cairn/contracts/money';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { Exact } from '../../lib/decimal';
import { requireOwned } from '../../lib/require-owned';
import { getCurrencyIdByCode } from '../currencies/currencies.service';
import { getUserRow } from '../users/users.service';
import * as accounts from './accounts.repository';
import * as repository from './money-balances.repository';

/**
 * Balances and reports in the user's currency, each transaction converted at the rate of its own
 * date (see money-balances.repository.ts); the sums are SQL's, here they are only put in shape.
 */

/** About ten years of days: a longer range would be a chart nobody can read, and a slow query. */
export const MAX_RANGE_DAYS = 3660;

/**
 * A computed sum as the wire carries it: without trailing zeros ("0.3", not "0.300000") and with
 * any number of digits, since a total can outgrow one numeric(20,6) amount.
 */
export function trimDecimal(text: string | null): string {
  if (text === null) return '0';
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

const isZero = (text: string) => trimDecimal(text) === '0';

type Zone = { userId: string; requestTimeZone: string | undefined };

/** The user's currency (users.currency), which every converted figure is in. */
async function findUserCurrencyId(ctx: AppContext, userId: string): Promise<string> {
  const user = await getUserRow(ctx, { userId });
  return getCurrencyIdByCode(ctx, user.currency);
}

export async function getBalances(
  ctx: AppContext,
  options: Zone & { date: string | undefined },
): Promise<MoneyBalances> {
  const { userId } = options;
  // One read of the user for both its zone and its currency.
  const user = await getUserRow(ctx, { userId });
  const timeZone = options.requestTimeZone ?? user.timezone;
  const date = options.date ?? format(new TZDate(ctx.clock.now().getTime(), timeZone), 'yyyy-MM-dd');
  const currencyId = await getCurrencyIdByCode(ctx, user.currency);
  const [accountRows, rows] = await Promise.all([
    accounts.findAccounts(ctx.db, userId),
    repository.findBalanceRows(ctx.db, { userId, userCurrencyId: currencyId, date }),
  ]);
  const byCurrency = new Map<string, CurrencyAmount[]>();
  const converted = new Map<string, string>();
  const total: MoneyBalances['total'] = { byCurrency: [], converted: '0' };
  const currenciesWithoutHistory: string[] = [];
  for (const row of rows) {
    if (row.kind === 'noHistory') {
      if (row.currencyId && !currenciesWithoutHistory.includes(row.currencyId)) {
        currenciesWithoutHistory.push(row.currencyId);
      }
    } else if (row.kind === 'total') {
      total.converted = trimDecimal(row.converted);
    } else if (row.kind === 'currency') {
      if (row.currencyId && row.amount && !isZero(row.amount)) {
        total.byCurrency.push({ currencyId: row.currencyId, amount: trimDecimal(row.amount) });
      }
    } else if (row.accountId && (row.kind === 'account' || row.kind === 'subAccount')) {
      converted.set(row.accountId, trimDecimal(row.converted));
    } else if (row.accountId && row.currencyId && row.amount && !isZero(row.amount)) {
      const list = byCurrency.get(row.accountId) ?? [];
      list.push({ currencyId: row.currencyId, amount: trimDecimal(row.amount) });
      byCurrency.set(row.accountId, list);
    }
  }
  const accountBalances: AccountBalance[] = accountRows.map((account) => ({
    accountId: account.id,
    byCurrency: byCurrency.get(account.id) ?? [],
    converted: converted.get(account.id) ?? '0',
  }));
  return { currencyId, date, accounts: accountBalances, total, currenciesWithoutHistory };
}

function invalidRange(message: string, field: 'from' | 'to'): AppError {
  return new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['querystring', field], message }] });
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** from through to (inclusive), at most MAX_RANGE_DAYS days, on one of the user's accounts when one is given. */
async function checkRange(
  ctx: AppContext,
  options: { userId: string; query: MoneyRangeQuery },
): Promise<void> {
  const { from, to, accountId } = options.query;
  if (from > to) throw invalidRange('The range must start on or before its end', 'from');
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS) {
    throw invalidRange(`A range spans at most ${MAX_RANGE_DAYS} days`, 'to');
  }
  if (accountId) {
    requireOwned(await accounts.findAccount(ctx.db, { userId: options.userId, accountId }), 'Account');
  }
}

export async function getBalanceHistory(
  ctx: AppContext,
  options: { userId: string; query: MoneyRangeQuery },
): Promise<MoneyBalanceHistory> {
  await checkRange(ctx, options);
  const { userId, query } = options;
  const currencyId = await findUserCurrencyId(ctx, userId);
  const points = await repository.findBalanceHistory(ctx.db, {
    userId,
    userCurrencyId: currencyId,
    ...query,
  });
  return {
    currencyId,
    points: points.map((point) => ({ date: point.date, balance: trimDecimal(point.balance) })),
  };
}

export async function getMonthlyReport(
  ctx: AppContext,
  options: { userId: string; query: MoneyRangeQuery },
): Promise<MoneyMonthlyReport> {
  await checkRange(ctx, options);
  const { userId, query } = options;
  const currencyId = await findUserCurrencyId(ctx, userId);
  const months = await repository.findMonthlyTotals(ctx.db, { userId, userCurrencyId: currencyId, ...query });
  return {
    currencyId,
    months: months.map((row) => ({
      month: row.month,
      income: trimDecimal(row.income),
      expense: trimDecimal(row.expense),
      net: trimDecimal(row.net),
    })),
  };
}

/** Largest first; equal totals keep a stable order by id, uncategorised last. */
function byTotalDescending<Row extends { total: string; categoryId: string | null }>(a: Row, b: Row): number {
  const difference = new Exact(b.total).comparedTo(new Exact(a.total));
  if (difference !== 0) return difference;
  if (a.categoryId === b.categoryId) return 0;
  if (a.categoryId === null) return 1;
  if (b.categoryId === null) return -1;
  return a.categoryId < b.categoryId ? -1 : 1;
}

export async function getCategoryReport(
  ctx: AppContext,
  options: { userId: string; query: MoneyCategoryReportQuery },
): Promise<MoneyCategoryReport> {
  await checkRange(ctx, options);
  const { userId, query } = options;
  const type = query.type ?? 'expense';
  const currencyId = await findUserCurrencyId(ctx, userId);
  const rows = await repository.findCategoryTotals(ctx.db, {
    userId,
    userCurrencyId: currencyId,
    from: query.from,
    to: query.to,
    accountId: query.accountId,
    type,
  });
  let total = '0';
  const items: MoneyCategoryReport['items'] = [];
  const subCategories = new Map<string, MoneyCategoryReport['items'][number]['subCategories']>();
  for (const row of rows) {
    const figures = { total: trimDecimal(row.total), count: row.count };
    if (row.kind === 'total') total = figures.total;
    else if (row.kind === 'category')
      items.push({ categoryId: row.categoryId, ...figures, subCategories: [] });
    else if (row.parentId && row.categoryId) {
      const list = subCategories.get(row.parentId) ?? [];
      list.push({ categoryId: row.categoryId, ...figures });
      subCategories.set(row.parentId, list);
    }
  }
  for (const item of items) {
    if (item.categoryId)
      item.subCategories = (subCategories.get(item.categoryId) ?? []).sort(byTotalDescending);
  }
  return { currencyId, type, total, items: items.sort(byTotalDescending) };
}
