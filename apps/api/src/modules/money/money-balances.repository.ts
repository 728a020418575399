import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { planForValues } from '../../lib/statement-names';
import { currencies, currencyRates } from '../currencies/currencies.table';
import { moneyAccounts, moneyTransactions } from './money.table';

/**
 * Balances and reports, all in SQL numeric. Every figure is in the user's currency, each transaction
 * converted at the rate of its own date: the latest currency_rates row on or before it, or the
 * currency's current rate when none is that old. Transactions are first summed per day and whatever
 * else a figure is split by, so the rate lookups run once per (currency, day), not once per row;
 * each final sum is rounded to 6 places, never a single row.
 */

/** The base of every rate (units per 1 USD): its rate is 1 on any day, so it never lacks history. */
const BASE_CURRENCY_CODE = 'USD';

/** Room for a converted row's fraction, so rounding happens once, on the final sums. */
const exactProduct = (value: SQL) => sql`(${value})::numeric(60, 20)`;

/**
 * The rate row of a currency on a day, for a lateral join: a subquery there, rather than a scalar
 * subquery in its select list, is looked up once per row however many times its rate is read.
 */
const latestRate = (currencyId: SQL, day: SQL) =>
  sql`(select ${currencyRates.rate} as rate from ${currencyRates}
        where ${currencyRates.currencyId} = ${currencyId} and ${currencyRates.date} <= ${day}
        order by ${currencyRates.date} desc limit 1)`;

/**
 * The common table expressions user_currency, grouped (the given query: currency_id, date and an
 * amount, plus any other columns), day_rates and converted (grouped plus `converted`, the amount in
 * the user's currency). A row already in the user's currency keeps its amount as it is.
 */
export function convertedCtes(userCurrencyId: string, grouped: SQL): SQL {
  return sql`user_currency as (
      select c.id, c.code, c.rate from ${currencies} c where c.id = ${userCurrencyId}
    ),
    grouped as (${grouped}),
    -- Materialized: inlined, the planner may look the rates up again for every grouped row.
    day_rates as materialized (
      select p.currency_id, p.date,
             coalesce(h.rate, c.rate) as rate,
             h.rate is null and c.code <> ${BASE_CURRENCY_CODE} as without_history,
             coalesce(uh.rate, uc.rate) as user_rate,
             uh.rate is null and uc.code <> ${BASE_CURRENCY_CODE} as user_without_history
        from (select distinct g.currency_id, g.date from grouped g
               where g.currency_id <> (select id from user_currency)) p
        join ${currencies} c on c.id = p.currency_id
        cross join user_currency uc
        left join lateral ${latestRate(sql`p.currency_id`, sql`p.date`)} h on true
        left join lateral ${latestRate(sql`uc.id`, sql`p.date`)} uh on true
    ),
    converted as (
      select g.*,
             case when r.currency_id is null then g.amount
                  else ${exactProduct(sql`g.amount * r.user_rate`)} / r.rate end as converted
        from grouped g
        left join day_rates r on r.currency_id = g.currency_id and r.date = g.date
    )`;
}

/** Transactions on the account: its own and its sub-accounts' (or, for a sub-account, just its own). */
function accountCondition(accountId: string | undefined): SQL {
  if (!accountId) return sql`true`;
  return sql`(${moneyTransactions.accountId} = ${accountId} or ${moneyTransactions.subAccountId} = ${accountId})`;
}

/**
 * The user's transactions summed account by account: `summed`, a grouped select of money_transactions
 * limited by onAccount to one top-level account (every transaction's account_id is one), runs once
 * per account as a range of money_transactions_account_idx, read from the index alone, and its rows
 * come out with that account_id in front. Summed in one pass instead, a user whose rows are most of
 * the table would be read by a sequential scan of every user's rows.
 */
function perAccount(userId: string, summed: SQL): SQL {
  return sql`select ${moneyAccounts.id} as account_id, x.*
               from ${moneyAccounts}
              cross join lateral (${summed}) x
              where ${moneyAccounts.userId} = ${userId} and ${moneyAccounts.parentId} is null`;
}

/** The transactions of the user on the account perAccount is at. */
const onAccount = (userId: string) =>
  sql`${moneyTransactions.userId} = ${userId} and ${moneyTransactions.accountId} = ${moneyAccounts.id}`;

export type BalanceRow = {
  /** What the row sums: per account and currency, per sub-account and currency, per currency, per account, per sub-account, or all. */
  kind:
    | 'accountCurrency'
    | 'subAccountCurrency'
    | 'currency'
    | 'account'
    | 'subAccount'
    | 'total'
    | 'noHistory';
  accountId: string | null;
  currencyId: string | null;
  amount: string | null;
  converted: string | null;
};

/**
 * Every sum the balances at the end of `date` show, from one pass (GROUPING SETS): a top-level
 * account's sums take in its sub-accounts' (a transaction's account_id is always the top-level one),
 * plus one 'noHistory' row per currency that had to be converted at its current rate.
 */
export async function findBalanceRows(
  db: Db,
  options: { userId: string; userCurrencyId: string; date: string },
): Promise<BalanceRow[]> {
  const t = moneyTransactions;
  // Rows already in the user's currency need no rate, so they are not split per day (date null).
  const grouped = perAccount(
    options.userId,
    sql`select ${t.subAccountId} as sub_account_id, ${t.currencyId} as currency_id,
               case when ${t.currencyId} = ${options.userCurrencyId} then null else ${t.date} end as date,
               sum(case when ${t.type} = 'income' then ${t.amount} else -${t.amount} end) as amount
          from ${t}
         where ${onAccount(options.userId)} and ${t.date} <= ${options.date}
         group by 1, 2, 3`,
  );
  const rows = await queryRows<{
    ga: number;
    gs: number;
    gc: number;
    is_marker: boolean;
    account_id: string | null;
    sub_account_id: string | null;
    currency_id: string | null;
    amount: string | null;
    converted: string | null;
  }>(
    db,
    planForValues(sql`with ${convertedCtes(options.userCurrencyId, grouped)}
        select s.* from (
          select grouping(account_id) as ga, grouping(sub_account_id) as gs, grouping(currency_id) as gc,
                 false as is_marker, account_id, sub_account_id, currency_id,
                 sum(amount)::text as amount, round(sum(converted), 6)::text as converted
            from converted
           group by grouping sets ((account_id, currency_id), (sub_account_id, currency_id), (currency_id),
                                   (account_id), (sub_account_id), ())
          union all
          select distinct 1, 1, 0, true, null::uuid, null::uuid, currency_id, null, null
            from day_rates where without_history
          union all
          select distinct 1, 1, 0, true, null::uuid, null::uuid, (select id from user_currency), null, null
            from day_rates where user_without_history
        ) s
        left join ${currencies} cur on cur.id = s.currency_id
        order by cur.code nulls first`),
  );
  const result: BalanceRow[] = [];
  for (const row of rows) {
    const ga = Number(row.ga);
    const gs = Number(row.gs);
    const gc = Number(row.gc);
    const kind = balanceKind(ga, gs, gc, row.is_marker);
    if (kind === 'subAccountCurrency' || kind === 'subAccount') {
      // The sub-account grouping also sums the rows booked on no sub-account; those are not one.
      if (row.sub_account_id === null) continue;
      result.push({ kind, accountId: row.sub_account_id, ...figures(row) });
    } else {
      result.push({ kind, accountId: row.account_id, ...figures(row) });
    }
  }
  return result;
}

function figures(row: { currency_id: string | null; amount: string | null; converted: string | null }) {
  return { currencyId: row.currency_id, amount: row.amount, converted: row.converted };
}

function balanceKind(ga: number, gs: number, gc: number, isMarker: boolean): BalanceRow['kind'] {
  if (isMarker) return 'noHistory';
  if (ga === 0) return gc === 0 ? 'accountCurrency' : 'account';
  if (gs === 0) return gc === 0 ? 'subAccountCurrency' : 'subAccount';
  return gc === 0 ? 'currency' : 'total';
}

export type RangeOptions = {
  userId: string;
  /** The currency every figure is converted to. */
  userCurrencyId: string;
  from: string;
  to: string;
  accountId?: string | undefined;
};

/**
 * The converted balance at the end of each day from `from` through `to`: what was carried in before
 * `from` plus every day's movements up to it.
 */
export async function findBalanceHistory(
  db: Db,
  options: RangeOptions,
): Promise<{ date: string; balance: string }[]> {
  const t = moneyTransactions;
  const grouped = sql`select greatest(date, ${options.from}::date) as day, currency_id, date, sum(amount) as amount
                        from (${perAccount(
                          options.userId,
                          sql`select ${t.currencyId} as currency_id, ${t.date} as date,
                                     sum(case when ${t.type} = 'income' then ${t.amount} else -${t.amount} end) as amount
                                from ${t}
                               where ${onAccount(options.userId)} and ${t.date} <= ${options.to}
                                 and ${accountCondition(options.accountId)}
                               group by 1, 2`,
                        )}) per_account
                       group by currency_id, date`;
  return queryRows<{ date: string; balance: string }>(
    db,
    planForValues(sql`with ${convertedCtes(options.userCurrencyId, grouped)},
        per_day as (select day, sum(converted) as converted from converted group by day)
        select to_char(d.day, 'YYYY-MM-DD') as date,
               round(coalesce(sum(p.converted) over (order by d.day), 0), 6)::text as balance
          from (select generate_series(${options.from}::date, ${options.to}::date, interval '1 day')::date as day) d
          left join per_day p on p.day = d.day
         order by d.day`),
  );
}

export type MonthRow = { month: string; income: string; expense: string; net: string };

/** Income and expense per calendar month of the range (every month, empty ones too); transfers are left out. */
export async function findMonthlyTotals(db: Db, options: RangeOptions): Promise<MonthRow[]> {
  const t = moneyTransactions;
  const grouped = sql`select type, currency_id, date, sum(amount) as amount
                        from (${perAccount(
                          options.userId,
                          sql`select ${t.type} as type, ${t.currencyId} as currency_id, ${t.date} as date,
                                     sum(${t.amount}) as amount
                                from ${t}
                               where ${onAccount(options.userId)} and ${t.transferId} is null
                                 and ${t.date} between ${options.from} and ${options.to}
                                 and ${accountCondition(options.accountId)}
                               group by 1, 2, 3`,
                        )}) per_account
                       group by type, currency_id, date`;
  const month = (day: SQL) => sql`date_trunc('month', (${day})::timestamp)::date`;
  return queryRows<MonthRow>(
    db,
    planForValues(sql`with ${convertedCtes(options.userCurrencyId, grouped)},
        per_month as (
          select ${month(sql`date`)} as month,
                 sum(converted) filter (where type = 'income') as income,
                 sum(converted) filter (where type = 'expense') as expense
            from converted group by 1
        )
        select to_char(m.month, 'YYYY-MM') as month,
               round(coalesce(p.income, 0), 6)::text as income,
               round(coalesce(p.expense, 0), 6)::text as expense,
               round(coalesce(p.income, 0) - coalesce(p.expense, 0), 6)::text as net
          from (select generate_series(${month(sql`${options.from}::date`)}, ${month(sql`${options.to}::date`)},
                                       interval '1 month')::date as month) m
          left join per_month p on p.month = m.month
         order by m.month`),
  );
}

export type CategoryTotalRow = {
  /** 'category' (sub-categories rolled up), 'subCategory', or 'total'. */
  kind: 'category' | 'subCategory' | 'total';
  categoryId: string | null;
  /** A sub-category's category. */
  parentId: string | null;
  total: string;
  count: number;
};

/** Totals of one type per category and sub-category over the range, and overall; transfers are left out. */
export async function findCategoryTotals(
  db: Db,
  options: RangeOptions & { type: 'income' | 'expense' },
): Promise<CategoryTotalRow[]> {
  const t = moneyTransactions;
  const grouped = sql`select ${t.categoryId} as category_id, ${t.subCategoryId} as sub_category_id,
                             ${t.currencyId} as currency_id, ${t.date} as date,
                             count(*)::int as n, sum(${t.amount}) as amount
                        from ${t}
                       where ${t.userId} = ${options.userId} and ${t.transferId} is null
                         and ${t.type} = ${options.type}
                         and ${t.date} between ${options.from} and ${options.to}
                         and ${accountCondition(options.accountId)}
                       group by ${t.categoryId}, ${t.subCategoryId}, ${t.currencyId}, ${t.date}`;
  const rows = await queryRows<{
    gc: number;
    gs: number;
    category_id: string | null;
    sub_category_id: string | null;
    total: string;
    count: number;
  }>(
    db,
    planForValues(sql`with ${convertedCtes(options.userCurrencyId, grouped)}
        select grouping(category_id) as gc, grouping(sub_category_id) as gs, category_id, sub_category_id,
               round(coalesce(sum(converted), 0), 6)::text as total, coalesce(sum(n), 0)::int as count
          from converted
         group by grouping sets ((category_id, sub_category_id), (category_id), ())`),
  );
  const result: CategoryTotalRow[] = [];
  for (const row of rows) {
    const figuresOf = { total: row.total, count: Number(row.count) };
    if (Number(row.gc) === 1) {
      result.push({ kind: 'total', categoryId: null, parentId: null, ...figuresOf });
    } else if (Number(row.gs) === 1) {
      result.push({ kind: 'category', categoryId: row.category_id, parentId: null, ...figuresOf });
    } else if (row.sub_category_id !== null) {
      const parentId = row.category_id;
      result.push({ kind: 'subCategory', categoryId: row.sub_category_id, parentId, ...figuresOf });
    }
  }
  return result;
}
