import type { Readable } from 'node:stream';
import type { ExportMoneyTransactionsQuery } from '@cairn/contracts/money';
import type { AppContext } from '../../lib/app-context';
import { type CsvCell, createCsvStream, csvNumber } from '../../lib/csv-cells';
import { formatDecimal } from '../../lib/decimal';
import { listCurrencies } from '../currencies/currencies.service';
import * as accounts from './accounts.repository';
import * as categories from './categories.repository';
import type { TransactionListingRow } from './transactions.repository';
import * as repository from './transactions.repository';
import { resolveTransactionFilter, toSortValue } from './transactions.service';

/** Rows read from the database per query while the file streams out. */
const EXPORT_BATCH_SIZE = 1000;

export const EXPORT_COLUMNS = [
  'Date',
  'Type',
  'Account',
  'Sub-account',
  'Amount',
  'Currency',
  'Category',
  'Sub-category',
  'Note',
  'Transfer account',
] as const;

/** "transactions-2024-01-01-2024-12-31.csv": the filter's range, else the first and last day it shows. */
function exportFileName(range: { start: string | null; end: string | null }): string {
  const start = range.start ?? range.end;
  const end = range.end ?? range.start;
  return start && end ? `transactions-${start}-${end}.csv` : 'transactions.csv';
}

/**
 * The register as CSV, every row the filters show in the register's order, with names instead of
 * ids and signed amounts (an expense is negative, as banks export them, so a spreadsheet can sum
 * them and the file imports back). The filters are checked before the first byte goes out.
 */
export async function exportTransactions(
  ctx: AppContext,
  options: { userId: string; query: ExportMoneyTransactionsQuery },
): Promise<{ fileName: string; content: Readable }> {
  const { userId, query } = options;
  const filter = await resolveTransactionFilter(ctx, options);
  const [range, accountRows, categoryRows, currencies] = await Promise.all([
    query.from && query.to ? { first: null, last: null } : repository.findDateRange(ctx.db, filter),
    accounts.findAccounts(ctx.db, userId),
    categories.findCategories(ctx.db, userId),
    listCurrencies(ctx),
  ]);
  const currencyCodes = new Map(currencies.map((currency) => [currency.id, currency.code]));
  const accountNames = new Map(accountRows.map((row) => [row.id, row.name]));
  const categoryNames = new Map(categoryRows.map((row) => [row.id, row.name]));
  const nameOf = (names: Map<string, string>, id: string | null) => (id ? (names.get(id) ?? '') : '');

  const toCells = (row: TransactionListingRow): CsvCell[] => {
    const amount = formatDecimal(row.amount);
    const transferAccount = row.otherAccountId
      ? [nameOf(accountNames, row.otherAccountId), nameOf(accountNames, row.otherSubAccountId)]
          .filter(Boolean)
          .join(': ')
      : '';
    return [
      row.date,
      row.transferId ? 'transfer' : row.type,
      nameOf(accountNames, row.accountId),
      nameOf(accountNames, row.subAccountId),
      // A number the server formats, so spreadsheets sum it; text cells are guarded.
      csvNumber(row.type === 'expense' ? `-${amount}` : amount),
      currencyCodes.get(row.currencyId) ?? '',
      nameOf(categoryNames, row.categoryId),
      nameOf(categoryNames, row.subCategoryId),
      row.note,
      transferAccount,
    ];
  };

  const sort = query.sort ?? 'date';
  const isDescending = (query.order ?? 'desc') === 'desc';
  async function* rows() {
    let after: [string, string] | undefined;
    for (;;) {
      const page = await repository.findTransactionPage(ctx.db, {
        filter,
        sort,
        isDescending,
        after,
        limit: EXPORT_BATCH_SIZE,
      });
      for (const row of page) yield toCells(row);
      const last = page.at(-1);
      if (!last || page.length < EXPORT_BATCH_SIZE) return;
      after = [toSortValue(last, sort), last.id];
    }
  }

  return {
    fileName: exportFileName({ start: query.from ?? range.first, end: query.to ?? range.last }),
    content: createCsvStream({ header: EXPORT_COLUMNS, rows: rows() }),
  };
}
