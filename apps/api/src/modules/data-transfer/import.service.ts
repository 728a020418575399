import type { Readable } from 'node:stream';
import { ATTACHMENT_MAX_BYTES } from '@cairn/contracts/attachments';
import type {
  ImportConflict,
  ImportQuery,
  ImportSource,
  ImportSummary,
} from '@cairn/contracts/data-transfer';
import { type PlanLimitKey, planLimitMessage } from '@cairn/contracts/plans';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { findUniqueViolation, isRefusedValue } from '../../lib/db-errors';
import { detectFileType } from '../attachments/detect-file-type';
import { storageKey } from '../attachments/storage/storage';
import { assertWithinPlanLimit } from '../plans/plan-limits.service';
import { getPlanUsage } from '../plans/plan-usage.service';
import { resolveTimeZone } from '../users/users.service';
import { type CheckedDocument, checkDocument, invalidFile } from './check-document';
import * as repository from './data-transfer.repository';
import { attachmentEntryName } from './export.service';
import type { ExportDocument } from './export-document';
import { CURRENCIES_TABLE, exportTables, exportTablesByName } from './export-tables';
import { type OpenedExport, openExportZip, parseDocumentJson } from './export-zip';
import { type AccountState, NAMED_KINDS, planImport } from './import-plan';
import { readTodoistCsv } from './importers/todoist-csv';
import { readTogglCsv } from './importers/toggl-csv';

/** Largest upload per source: a zip carries attachment files, a CSV only text. */
export const IMPORT_MAX_BYTES: Record<ImportSource, number> = {
  cairn: 200 * 1024 * 1024,
  todoist: 20 * 1024 * 1024,
  toggl: 20 * 1024 * 1024,
};

type CsvOptions = { now: Date; timeZone: string; fileName: string };

/** The list a Todoist project becomes is named after the file: its CSV does not carry the project's name. */
const listNameOf = (fileName: string) => fileName.replace(/\.csv$/i, '').trim() || undefined;

/** The readers of other services' CSV exports, each producing a document like an export's. */
const csvReaders: Record<
  Exclude<ImportSource, 'cairn'>,
  (text: string, options: CsvOptions) => ExportDocument
> = {
  todoist: (text, options) =>
    readTodoistCsv(text, {
      now: options.now,
      timeZone: options.timeZone,
      listName: listNameOf(options.fileName),
    }),
  toggl: (text, options) => readTogglCsv(text, { now: options.now, timeZone: options.timeZone }),
};

type Row = Record<string, unknown>;

/** A document and, for a zip, where its attachment files are. */
type ImportFile = { document: CheckedDocument; zip: OpenedExport | undefined };

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function openImportFile(
  ctx: AppContext,
  options: { source: ImportSource; content: Readable; csv: Omit<CsvOptions, 'now'> },
): Promise<ImportFile> {
  const { source, content } = options;
  if (source === 'cairn') {
    const zip = await openExportZip(content);
    try {
      return { document: checkDocument(parseDocumentJson(zip.documentText)), zip };
    } catch (error) {
      await zip.close();
      throw error;
    }
  }
  const document = csvReaders[source](await readText(content), { ...options.csv, now: ctx.clock.now() });
  // Through JSON, so the document is checked exactly as a file's would be (dates as ISO text).
  return { document: checkDocument(JSON.parse(JSON.stringify(document))), zip: undefined };
}

/** The currency references of the document, resolved by ISO code (ids differ between servers). */
async function resolveCurrencies(ctx: AppContext, document: CheckedDocument): Promise<Map<string, string>> {
  const used = new Set<string>();
  for (const table of exportTables) {
    const columns = Object.entries(table.references).filter(([, target]) => target === CURRENCIES_TABLE);
    for (const row of document.tables.get(table.name) ?? []) {
      for (const [column] of columns) if (typeof row[column] === 'string') used.add(row[column]);
    }
  }
  const codeOf = (value: string) =>
    document.currencies[value] ?? (/^[A-Z]{3}$/.test(value) ? value : undefined);
  const byCode = await repository.findCurrencyIdsByCode(ctx.db, [
    ...new Set([...used].map(codeOf).filter((code) => code !== undefined)),
  ]);
  const resolved = new Map<string, string>();
  for (const value of used) {
    const code = codeOf(value);
    const id = code ? byCode.get(code) : undefined;
    if (id) resolved.set(value, id);
  }
  return resolved;
}

async function readAccountState(
  ctx: AppContext,
  options: { userId: string; document: CheckedDocument },
): Promise<AccountState> {
  const { userId, document } = options;
  const names = new Map<string, Set<string>>();
  for (const name of Object.keys(NAMED_KINDS)) {
    const table = exportTablesByName.get(name);
    if (table) names.set(name, await repository.findNames(ctx.db, { table, userId }));
  }
  return {
    columns: await repository.findColumns(ctx.db, userId),
    systemTrackers: await repository.findSystemTrackers(ctx.db, userId),
    hasTaskSettings: await repository.hasTaskSettings(ctx.db, userId),
    hasRunningTimer: await repository.hasRunningTimer(ctx.db, userId),
    names,
    currencyIds: await resolveCurrencies(ctx, document),
  };
}

/** What the import adds to each limited count. */
function additions(rows: Map<string, Row[]>): Record<PlanLimitKey, number> {
  const count = (table: string) => rows.get(table)?.length ?? 0;
  return {
    lists: count('lists'),
    trackers: count('trackers'),
    dashboardCharts: count('tracker_dashboard'),
    worklogProjects: count('worklogs_projects'),
    attachmentStorageBytes: (rows.get('attachments') ?? []).reduce(
      (sum, row) => sum + Number(row.fileSize ?? 0),
      0,
    ),
    pushDevices: 0,
  };
}

async function planLimitConflicts(
  ctx: AppContext,
  options: { userId: string; adding: Record<PlanLimitKey, number> },
): Promise<ImportConflict[]> {
  const usage = await getPlanUsage(ctx, { userId: options.userId });
  return usage.items.flatMap((item) => {
    const adding = options.adding[item.key];
    if (item.limit === null || adding === 0 || item.used + adding <= item.limit) return [];
    const message = planLimitMessage({ plan: usage.plan, key: item.key, limit: item.limit });
    return [{ kind: 'planLimit', message: `${message}; the import would make it ${item.used + adding}` }];
  });
}

/** Each attachment's file copied from the zip under its new name; the row then describes the stored file. */
async function storeAttachmentFiles(
  ctx: AppContext,
  options: {
    userId: string;
    rows: Row[];
    sources: Map<Row, string>;
    zip: OpenedExport | undefined;
    written: string[];
  },
): Promise<void> {
  for (const row of options.rows) {
    const sourceId = options.sources.get(row) as string;
    const entry = options.zip?.entry(attachmentEntryName(sourceId));
    if (!entry || !options.zip) throw invalidFile(`The file lacks ${attachmentEntryName(sourceId)}`);
    const content = await options.zip.read(entry, ATTACHMENT_MAX_BYTES);
    const type = await detectFileType(content, { isWholeFile: true });
    const id = String(row.id);
    const fileName = type.extension ? `${id}.${type.extension}` : id;
    const key = storageKey(options.userId, fileName);
    await ctx.storage.put(key, content);
    options.written.push(key);
    Object.assign(row, { fileName, storagePath: key, mimeType: type.mimeType, fileSize: content.length });
  }
}

/** The sizes of the attachment files, from the zip's directory, for a dry run's storage count. */
function sizeAttachmentsFromZip(rows: Row[], sources: Map<Row, string>, zip: OpenedExport | undefined) {
  for (const row of rows) {
    const sourceId = sources.get(row) as string;
    const entry = zip?.entry(attachmentEntryName(sourceId));
    if (!entry) throw invalidFile(`The file lacks ${attachmentEntryName(sourceId)}`);
    if (entry.uncompressedSize > ATTACHMENT_MAX_BYTES) {
      throw invalidFile(`${entry.fileName} is larger than ${ATTACHMENT_MAX_BYTES} bytes`);
    }
    row.fileSize = entry.uncompressedSize;
  }
}

/** A database rule the file's rows break (a check, a uniqueness) is the file's fault: 400. */
function toImportError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const unique = findUniqueViolation(error);
  if (unique !== undefined)
    return invalidFile(`The file's rows repeat a value that must be unique (${unique})`);
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23514' || candidate.code === '23503' || candidate.code === '23502') {
      const rule = typeof candidate.constraint === 'string' ? ` (${candidate.constraint})` : '';
      return invalidFile(`The file's rows break a rule of the data${rule}`);
    }
    current = candidate.cause;
  }
  if (isRefusedValue(error)) return invalidFile('The file holds a value the database cannot store');
  return error;
}

/**
 * Reads a file (a Cairn export zip or another service's CSV), checks all of it, and either reports
 * what it would add (dry run) or adds it all in one transaction: every row under a new id, the
 * attachment files stored first and removed again if the transaction fails.
 */
export async function importUserData(
  ctx: AppContext,
  options: {
    userId: string;
    query: ImportQuery;
    content: Readable;
    fileName: string;
    requestTimeZone: string | undefined;
  },
): Promise<ImportSummary> {
  const { userId, query } = options;
  const timeZone = await resolveTimeZone(ctx, { userId, requestTimeZone: options.requestTimeZone });
  const file = await openImportFile(ctx, {
    source: query.source,
    content: options.content,
    csv: { timeZone, fileName: options.fileName },
  });
  const written: string[] = [];
  try {
    const account = await readAccountState(ctx, { userId, document: file.document });
    const plan = planImport({ document: file.document, userId, account });
    const attachmentRows = plan.rows.get('attachments') ?? [];
    sizeAttachmentsFromZip(attachmentRows, plan.attachmentSources, file.zip);
    const adding = additions(plan.rows);
    const counts = exportTables.flatMap((table) => {
      const count = plan.rows.get(table.name)?.length ?? 0;
      return count > 0 ? [{ key: table.key, label: table.label, count }] : [];
    });
    const summary = (conflicts: ImportConflict[]): ImportSummary => ({
      source: query.source,
      isDryRun: query.dryRun,
      counts,
      conflicts,
    });
    if (query.dryRun) {
      return summary([...plan.conflicts, ...(await planLimitConflicts(ctx, { userId, adding }))]);
    }
    const unknownCurrency = plan.conflicts.find((conflict) => conflict.kind === 'currency');
    if (unknownCurrency) throw invalidFile(unknownCurrency.message);

    await storeAttachmentFiles(ctx, {
      userId,
      rows: attachmentRows,
      sources: plan.attachmentSources,
      zip: file.zip,
      written,
    });
    const stored = additions(plan.rows);
    await inTransaction(ctx, async (tx) => {
      for (const key of Object.keys(stored) as PlanLimitKey[]) {
        if (stored[key] > 0) await assertWithinPlanLimit(tx, { userId, key, adding: stored[key] });
      }
      for (const table of exportTables) {
        const rows = plan.rows.get(table.name);
        if (!rows || rows.length === 0) continue;
        if (table.name === 'task_manager_config') {
          for (const row of rows) await repository.replaceTaskSettings(tx.db, { table, row });
        } else await repository.insertRows(tx.db, { table, rows });
      }
    }).catch((error: unknown) => {
      throw toImportError(error);
    });
    written.length = 0;
    return summary(plan.conflicts);
  } finally {
    await Promise.all(written.map((key) => ctx.storage.delete(key)));
    await file.zip?.close();
  }
}
