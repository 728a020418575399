import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { currencies } from '../currencies/currencies.table';
import { moneyTransactions } from './money.table';
import { convertedCtes, findBalanceHistory } from './money-balances.repository';

/**
 * Per-day money figures for charts and trackers, in the user's currency at each day's rate, with the
 * conversion of money-balances.repository.ts (the reports' own), so a tracker and a report agree.
 */

export type DailyAmount = { date: string; value: string };

/**
 * A fingerprint of what the daily figures read: the user's transactions (count, total and latest
 * change, cheap aggregates, as this runs before every read of tracker values) and the latest change
 * of any currency's current rate (a small table).
 */
export async function findMoneyDataVersion(db: Db, options: { userId: string }): Promise<string> {
  const t = moneyTransactions;
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select concat_ws(':', count(*), sum(${t.amount}), max(${t.updatedAt}),
                         (select max(${currencies.updatedAt}) from ${currencies})) as version
          from ${t}
         where ${t.userId} = ${options.userId}`,
  );
  return row?.version ?? '';
}

/** Expenses per day in the user's currency, transfers left out; days with expenses only. */
export function findSpendingPerDay(
  db: Db,
  options: { userId: string; userCurrencyId: string },
): Promise<DailyAmount[]> {
  const t = moneyTransactions;
  const grouped = sql`select ${t.currencyId} as currency_id, ${t.date} as date, sum(${t.amount}) as amount
                        from ${t}
                       where ${t.userId} = ${options.userId} and ${t.type} = 'expense'
                         and ${t.transferId} is null
                       group by ${t.currencyId}, ${t.date}`;
  return queryRows<DailyAmount>(
    db,
    sql`with ${convertedCtes(options.userCurrencyId, grouped)}
        select to_char(date, 'YYYY-MM-DD') as date, round(sum(converted), 6)::text as value
          from converted
         group by date
         order by date`,
  );
}

/** The day of the account's first transaction (its sub-accounts' included), if it has any. */
async function findFirstTransactionDate(
  db: Db,
  options: { userId: string; accountId: string },
): Promise<string | undefined> {
  const t = moneyTransactions;
  // A transaction's account_id is always the top-level account, so this covers its sub-accounts.
  const [row] = await queryRows<{ date: string | null }>(
    db,
    sql`select to_char(min(${t.date}), 'YYYY-MM-DD') as date
          from ${t}
         where ${t.userId} = ${options.userId} and ${t.accountId} = ${options.accountId}`,
  );
  return row?.date ?? undefined;
}

/**
 * The top-level account's balance (its sub-accounts rolled up) in the user's currency at the end of
 * every day from its first transaction through `to`; nothing when it has none by then.
 */
export async function findAccountBalancePerDay(
  db: Db,
  options: { userId: string; userCurrencyId: string; accountId: string; to: string },
): Promise<DailyAmount[]> {
  const from = await findFirstTransactionDate(db, options);
  if (from === undefined || from > options.to) return [];
  const points = await findBalanceHistory(db, { ...options, from });
  return points.map((point) => ({ date: point.date, value: point.balance }));
}
