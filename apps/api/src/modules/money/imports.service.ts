import {
  type CsvColumnMapping,
  MONEY_IMPORT_MAX_ROWS,
  type MoneyImportBody,
  type MoneyImportPreview,
  type MoneyImportResult,
} from '@cairn/contracts/money';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { lockMoneyTrees } from './accounts.repository';
import * as categories from './categories.repository';
import { type CsvRecord, type CsvTable, readCsv } from './csv-import-read';
import {
  findDuplicates,
  formatCategoryName,
  type ImportCategoryName,
  type ImportedTransaction,
  readImportRow,
} from './csv-import-values';
import {
  type AccountReference,
  assertCurrenciesExist,
  resolveAccountReference,
} from './transaction-references';
import * as transactions from './transactions.repository';

/**
 * CSV import of a bank export: read the file, map its columns, compare each row with what the
 * account already holds, then write the new rows all at once.
 */

/** The preview shows the file's start; its summary still counts every row. */
const PREVIEW_ROWS = 200;

type EvaluatedRow = {
  record: CsvRecord;
  status: 'new' | 'duplicate' | 'invalid';
  error: string | null;
  transaction: ImportedTransaction | null;
};

async function readImport(
  ctx: AppContext,
  options: { userId: string; body: MoneyImportBody },
): Promise<{ account: AccountReference; table: CsvTable }> {
  const { userId, body } = options;
  const account = await resolveAccountReference(ctx, {
    userId,
    accountId: body.accountId,
    subAccountId: body.subAccountId,
  });
  await assertCurrenciesExist(ctx, [body.currencyId]);
  const table = readCsv(body.csv, {
    delimiter: body.delimiter,
    hasHeader: body.hasHeader ?? true,
    maxRows: MONEY_IMPORT_MAX_ROWS,
  });
  return { account, table };
}

/** Reads every row by the mapping and marks the ones the account already has. */
async function evaluateRows(
  ctx: AppContext,
  options: {
    userId: string;
    account: AccountReference;
    body: MoneyImportBody;
    mapping: CsvColumnMapping;
    table: CsvTable;
  },
): Promise<EvaluatedRow[]> {
  const { body, table } = options;
  const results = table.records.map((record) =>
    readImportRow(record.cells, {
      mapping: options.mapping,
      dateFormat: body.dateFormat ?? 'yyyy-MM-dd',
      decimalSeparator: body.decimalSeparator ?? '.',
    }),
  );
  const read = results.map((result) => ('transaction' in result ? result.transaction : undefined));
  const dates = read.flatMap((transaction) => (transaction ? [transaction.date] : [])).sort();
  const [from, to] = [dates[0], dates.at(-1)];
  const existing =
    from && to
      ? await transactions.findImportCandidates(ctx.db, {
          userId: options.userId,
          ...options.account,
          currencyId: body.currencyId,
          from,
          to,
        })
      : [];
  const isDuplicate = findDuplicates(read, existing);
  return table.records.map((record, index) => {
    const result = results[index];
    if (!result || 'error' in result) {
      return { record, status: 'invalid', error: result?.error ?? 'Unreadable row', transaction: null };
    }
    return {
      record,
      status: isDuplicate[index] ? 'duplicate' : 'new',
      error: null,
      transaction: result.transaction,
    };
  });
}

const countOf = (rows: readonly EvaluatedRow[], status: EvaluatedRow['status']) =>
  rows.filter((row) => row.status === status).length;

/**
 * Without a mapping: the file's columns and first rows, to map them. With one: what each row would
 * become, which are duplicates or unreadable, and how many of each the whole file holds.
 */
export async function previewImport(
  ctx: AppContext,
  options: { userId: string; body: MoneyImportBody },
): Promise<MoneyImportPreview> {
  const { userId, body } = options;
  const { account, table } = await readImport(ctx, options);
  const base = { columns: table.columns, delimiter: table.delimiter, totalRows: table.records.length };
  const { mapping } = body;
  if (!mapping) {
    return {
      ...base,
      rows: table.records.slice(0, PREVIEW_ROWS).map((record) => ({
        line: record.line,
        cells: record.cells,
        status: null,
        error: null,
        transaction: null,
      })),
      summary: null,
    };
  }
  const rows = await evaluateRows(ctx, { userId, account, body, mapping, table });
  return {
    ...base,
    rows: rows.slice(0, PREVIEW_ROWS).map((row) => ({
      line: row.record.line,
      cells: row.record.cells,
      status: row.status,
      error: row.error,
      transaction: row.transaction && {
        date: row.transaction.date,
        type: row.transaction.type,
        amount: row.transaction.amount,
        note: row.transaction.note,
        category: row.transaction.category && formatCategoryName(row.transaction.category),
      },
    })),
    summary: {
      new: countOf(rows, 'new'),
      duplicates: countOf(rows, 'duplicate'),
      invalid: countOf(rows, 'invalid'),
    },
  };
}

type CategoryIds = { categoryId: string; subCategoryId: string | null };

/**
 * The categories the rows name, matched by name regardless of case (a sub-category within its
 * category); the ones the user does not have yet are created.
 */
async function resolveCategoryNames(
  ctx: AppContext,
  options: { userId: string; names: readonly ImportCategoryName[] },
): Promise<{ idsOf(name: ImportCategoryName): CategoryIds; created: number }> {
  const { userId } = options;
  const key = (parentId: string | null, name: string) => `${parentId ?? ''}/${name.toLowerCase()}`;
  const known = new Map<string, string>();
  // Oldest first, so of two namesakes the same one is always chosen.
  for (const row of await categories.findCategories(ctx.db, userId)) {
    const rowKey = key(row.parentId, row.name);
    if (!known.has(rowKey)) known.set(rowKey, row.id);
  }
  let created = 0;
  const at = ctx.clock.now();
  const findOrCreate = async (parentId: string | null, name: string): Promise<string> => {
    const existing = known.get(key(parentId, name));
    if (existing) return existing;
    const row = await categories.insertCategory(ctx.db, {
      userId,
      name,
      parentId,
      createdAt: at,
      updatedAt: at,
    });
    known.set(key(parentId, name), row.id);
    created += 1;
    return row.id;
  };
  for (const name of options.names) {
    const categoryId = await findOrCreate(null, name.name);
    if (name.subName) await findOrCreate(categoryId, name.subName);
  }
  return {
    idsOf(name) {
      const categoryId = known.get(key(null, name.name)) as string;
      return {
        categoryId,
        subCategoryId: name.subName ? (known.get(key(categoryId, name.subName)) as string) : null,
      };
    },
    created,
  };
}

/** Writes every new row of the file in one database transaction: all of them, or on failure none. */
export async function importTransactions(
  ctx: AppContext,
  options: { userId: string; body: MoneyImportBody },
): Promise<MoneyImportResult> {
  const { userId, body } = options;
  const { mapping } = body;
  if (!mapping) {
    throw new AppError('VALIDATION_FAILED', 'Map the columns first', {
      issues: [{ path: ['body', 'mapping'], message: 'Map the columns first' }],
    });
  }
  return inTransaction(ctx, async (tx) => {
    // Categories may be created, and the rows are checked against the account's as they stand.
    await lockMoneyTrees(tx.db, userId, 'write');
    const { account, table } = await readImport(tx, options);
    const rows = await evaluateRows(tx, { userId, account, body, mapping, table });
    const fresh = rows.flatMap((row) => (row.status === 'new' && row.transaction ? [row.transaction] : []));
    const categoryNames = fresh.flatMap((transaction) =>
      transaction.category ? [transaction.category] : [],
    );
    const resolved = await resolveCategoryNames(tx, { userId, names: categoryNames });
    const at = tx.clock.now();
    await transactions.insertTransactions(
      tx.db,
      fresh.map((transaction) => ({
        userId,
        type: transaction.type,
        ...account,
        amount: transaction.amount,
        currencyId: body.currencyId,
        date: transaction.date,
        ...(transaction.category
          ? resolved.idsOf(transaction.category)
          : { categoryId: null, subCategoryId: null }),
        note: transaction.note,
        createdAt: at,
        updatedAt: at,
      })),
    );
    return {
      created: fresh.length,
      duplicatesSkipped: countOf(rows, 'duplicate'),
      invalidSkipped: countOf(rows, 'invalid'),
      categoriesCreated: resolved.created,
    };
  });
}
