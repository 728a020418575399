import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from '@cairn/contracts/data-transfer';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { CURRENCIES_TABLE, type ExportTable, exportTables, exportTablesByName } from './export-tables';
import { rowSchemaOf } from './row-schemas';

/** A document whose every row was checked: values ready to insert, references known to resolve. */
export type CheckedDocument = {
  version: number;
  /** Rows per table name, in registry order; only tables the document holds. */
  tables: Map<string, Record<string, unknown>[]>;
  /** The document's currency ids → ISO codes. */
  currencies: Record<string, string>;
};

const MAX_REPORTED_ISSUES = 5;

/** 400 naming where the document is wrong (the web shows the message as is). */
export function invalidFile(message: string, details?: string[]): AppError {
  return new AppError('VALIDATION_FAILED', message, details ? { detail: details.join('\n') } : undefined);
}

const headerSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1),
  exportedAt: z.string().optional(),
  user: z.record(z.string(), z.unknown()).optional(),
  tables: z.record(z.string(), z.array(z.unknown())),
  currencies: z.record(z.string(), z.string().regex(/^[A-Z]{3}$/)).optional(),
});

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
}

function describeIssues(prefix: string, error: z.ZodError): string[] {
  return error.issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((issue) => `${prefix}${issuePath(issue.path)}: ${issue.message}`);
}

/**
 * Checks the whole document before anything is written: its header and version, every row against
 * its table's columns, unique ids, and every reference naming a row the document holds.
 */
export function checkDocument(value: unknown): CheckedDocument {
  const header = headerSchema.safeParse(value);
  if (!header.success) {
    const problems = describeIssues('', header.error);
    throw invalidFile(`The file is not a Cairn export: ${problems[0]}`, problems);
  }
  const document = header.data;
  if (document.version > EXPORT_FORMAT_VERSION) {
    throw invalidFile(
      `The file is of export format version ${document.version}; this server reads up to version ${EXPORT_FORMAT_VERSION}`,
    );
  }
  for (const name of Object.keys(document.tables)) {
    if (!exportTablesByName.has(name)) throw invalidFile(`The file holds an unknown table: ${name}`);
  }

  const tables = new Map<string, Record<string, unknown>[]>();
  for (const table of exportTables) {
    const rows = document.tables[table.name];
    if (!rows) continue;
    const schema = rowSchemaOf(table);
    tables.set(
      table.name,
      rows.map((row, index) => {
        const parsed = schema.safeParse(row);
        if (!parsed.success) {
          const problems = describeIssues(`tables.${table.name}[${index}]`, parsed.error);
          throw invalidFile(`Row ${index} of ${table.name} is not valid: ${problems[0]}`, problems);
        }
        return parsed.data;
      }),
    );
  }
  const checked = { version: document.version, tables, currencies: document.currencies ?? {} };
  checkIdentities(checked);
  checkReferences(checked);
  return checked;
}

function idsOf(document: CheckedDocument, table: ExportTable): Set<unknown> {
  return new Set((document.tables.get(table.name) ?? []).map((row) => row[table.idColumn ?? '']));
}

function checkIdentities(document: CheckedDocument): void {
  for (const table of exportTables) {
    const rows = document.tables.get(table.name) ?? [];
    if (table.isSingleton && rows.length > 1) {
      throw invalidFile(`The file holds ${rows.length} rows of ${table.name}; an account has at most one`);
    }
    const keys = new Set<string>();
    rows.forEach((row, index) => {
      const key = JSON.stringify(table.keyColumns.map((column) => row[column]));
      if (keys.has(key)) throw invalidFile(`Row ${index} of ${table.name} repeats the key of an earlier row`);
      keys.add(key);
    });
  }
}

function checkReferences(document: CheckedDocument): void {
  const idSets = new Map(exportTables.map((table) => [table.name, idsOf(document, table)]));
  for (const table of exportTables) {
    const rows = document.tables.get(table.name) ?? [];
    for (const [column, target] of Object.entries(table.references)) {
      // Currencies are resolved by code against the instance's own list; soft references may dangle.
      if (target === CURRENCIES_TABLE || column in table.softReferences) continue;
      const ids = idSets.get(target);
      rows.forEach((row, index) => {
        const value = row[column];
        if (value === null || value === undefined || ids?.has(value)) return;
        throw invalidFile(
          `Row ${index} of ${table.name}: ${column} refers to a row of ${target} that the file does not hold`,
        );
      });
    }
  }
}
