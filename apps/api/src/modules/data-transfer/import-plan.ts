import type { ImportConflict } from '@cairn/contracts/data-transfer';
import { newId } from '../../db/ids';
import type { CheckedDocument } from './check-document';
import { invalidFile } from './check-document';
import { CURRENCIES_TABLE, type ExportTable, exportTables } from './export-tables';

/**
 * Turns a checked document into the rows an import inserts for one user: a new id for every row,
 * every reference and shared id remapped through the same tables, and the account's own rows that
 * the file's must meet (kanban columns, system trackers, the one settings row, the running timer).
 * Pure: what the account holds is passed in.
 */

type Row = Record<string, unknown>;

export type AccountState = {
  columns: { id: string; name: string; isDefault: boolean; isCompletion: boolean }[];
  systemTrackers: { id: string; systemSource: string | null; systemSourceKey: string | null }[];
  hasTaskSettings: boolean;
  hasRunningTimer: boolean;
  /** Lower-cased names per table, for the tables whose duplicates a summary mentions. */
  names: Map<string, Set<string>>;
  /** The document's currency references → this instance's currency id (missing: unknown here). */
  currencyIds: Map<string, string>;
};

export type ImportPlan = {
  /** Rows to insert per table name, parents before children, userId set. */
  rows: Map<string, Row[]>;
  conflicts: ImportConflict[];
  /** Attachments: the document's id of each planned row, to find its file in the zip. */
  attachmentSources: Map<Row, string>;
};

/** The tables whose same-named rows a dry run points out (the import adds a second one). */
export const NAMED_KINDS: Record<string, string> = {
  lists: 'list',
  folders: 'folder',
  trackers: 'tracker',
  worklogs_projects: 'work-log project',
  money_accounts: 'money account',
};

const quoteList = (names: string[]) => {
  const shown = names.slice(0, 5).map((name) => `"${name}"`);
  return names.length > 5 ? `${shown.join(', ')} and ${names.length - 5} more` : shown.join(', ');
};

/** Parents before children within a table that refers to itself; a circle is refused. */
function parentsFirst(table: ExportTable, rows: Row[]): Row[] {
  const selfColumns = Object.entries(table.references)
    .filter(([, target]) => target === table.name)
    .map(([column]) => column);
  if (selfColumns.length === 0 || !table.idColumn) return rows;
  const idColumn = table.idColumn;
  const placed = new Set<unknown>();
  const ordered: Row[] = [];
  let pending = rows;
  while (pending.length > 0) {
    const waiting: Row[] = [];
    for (const row of pending) {
      const isReady = selfColumns.every((column) => row[column] == null || placed.has(row[column]));
      if (isReady) {
        ordered.push(row);
        placed.add(row[idColumn]);
      } else waiting.push(row);
    }
    if (waiting.length === pending.length) {
      throw invalidFile(`Rows of ${table.name} name each other as parents in a circle`);
    }
    pending = waiting;
  }
  return ordered;
}

export function planImport(options: {
  document: CheckedDocument;
  userId: string;
  account: AccountState;
}): ImportPlan {
  const { document, userId, account } = options;
  const conflicts: ImportConflict[] = [];
  const idMaps = new Map<string, Map<unknown, string>>();
  const skipped = new Map<string, Set<Row>>();
  const skip = (table: string, row: Row) => {
    const set = skipped.get(table) ?? new Set<Row>();
    set.add(row);
    skipped.set(table, set);
  };
  const rowsOf = (table: string) => document.tables.get(table) ?? [];

  for (const table of exportTables) {
    if (!table.idColumn) continue;
    const idColumn = table.idColumn;
    idMaps.set(table.name, new Map(rowsOf(table.name).map((row) => [row[idColumn], newId()])));
  }

  // Kanban columns are the account's stages: a column named like one of the user's is that column.
  const columnMap = idMaps.get('columns') as Map<unknown, string>;
  const ownColumns = new Map(account.columns.map((column) => [column.name.toLowerCase(), column]));
  const mergedColumns: string[] = [];
  let hasDefault = account.columns.some((column) => column.isDefault);
  let hasCompletion = account.columns.some((column) => column.isCompletion);
  const columnFlags = new Map<Row, { isDefault: boolean; isCompletion: boolean }>();
  for (const row of rowsOf('columns')) {
    const own = ownColumns.get(String(row.name).toLowerCase());
    if (own) {
      columnMap.set(row.id, own.id);
      mergedColumns.push(String(row.name));
      skip('columns', row);
      continue;
    }
    // One default and one completion column per account: the account's own keep the role.
    const isDefault = row.isDefault === true && !hasDefault;
    const isCompletion = row.isCompletion === true && !hasCompletion;
    hasDefault ||= isDefault;
    hasCompletion ||= isCompletion;
    columnFlags.set(row, { isDefault, isCompletion });
  }
  if (mergedColumns.length > 0) {
    conflicts.push({
      kind: 'columns',
      message: `Columns ${quoteList(mergedColumns)} match yours by name; their tasks go into your columns`,
    });
  }

  // A system tracker exists once per source: the account's own takes the file's logs it does not compute.
  const trackerMap = idMaps.get('trackers') as Map<unknown, string>;
  const accountMap = idMaps.get('money_accounts') as Map<unknown, string>;
  const ownSystem = new Map(
    account.systemTrackers.map((tracker) => [
      `${tracker.systemSource}\u0000${tracker.systemSourceKey ?? ''}`,
      tracker.id,
    ]),
  );
  const mergedTrackers = new Set<unknown>();
  for (const row of rowsOf('trackers')) {
    if (typeof row.systemSource !== 'string') continue;
    const key = row.systemSourceKey == null ? '' : (accountMap.get(row.systemSourceKey) ?? '');
    const own = ownSystem.get(`${row.systemSource}\u0000${key}`);
    if (!own) continue;
    trackerMap.set(row.id, own);
    mergedTrackers.add(row.id);
    skip('trackers', row);
  }
  if (mergedTrackers.size > 0) {
    conflicts.push({
      kind: 'trackers',
      message: `${mergedTrackers.size} system tracker(s) of the file are already on; their values are computed again`,
    });
  }
  for (const row of rowsOf('tracker_logs')) {
    if (mergedTrackers.has(row.trackerId) && row.calculatedDay != null) skip('tracker_logs', row);
  }

  if (rowsOf('task_manager_config').length > 0 && account.hasTaskSettings) {
    conflicts.push({ kind: 'taskSettings', message: "Your task settings are replaced by the file's" });
  }
  for (const row of rowsOf('worklogs_timers')) {
    if (!account.hasRunningTimer) continue;
    skip('worklogs_timers', row);
    conflicts.push({ kind: 'worklogTimer', message: "You have a running timer; the file's is left out" });
  }

  for (const [tableName, kind] of Object.entries(NAMED_KINDS)) {
    const own = account.names.get(tableName) ?? new Set<string>();
    const shared = rowsOf(tableName)
      .filter((row) => !skipped.get(tableName)?.has(row) && own.has(String(row.name).toLowerCase()))
      .map((row) => String(row.name));
    if (shared.length === 0) continue;
    conflicts.push({
      kind: 'duplicateName',
      message: `You already have a ${kind} named ${quoteList(shared)}; the import adds a second one beside yours`,
    });
  }

  const unknownCurrencies = new Set<string>();
  const currencyOf = (value: unknown) => {
    if (value == null) return null;
    const id = account.currencyIds.get(String(value));
    if (!id) unknownCurrencies.add(document.currencies[String(value)] ?? String(value));
    return id ?? null;
  };

  const groupMaps = new Map<string, Map<unknown, string>>();
  const rows = new Map<string, Row[]>();
  const attachmentSources = new Map<Row, string>();
  for (const table of exportTables) {
    const source = rowsOf(table.name).filter((row) => !skipped.get(table.name)?.has(row));
    if (source.length === 0) continue;
    const ownIds = table.idColumn ? idMaps.get(table.name) : undefined;
    const planned = parentsFirst(table, source).map((row) => {
      const values: Row = { ...row, userId };
      if (table.idColumn && ownIds) values[table.idColumn] = ownIds.get(row[table.idColumn]);
      for (const [column, target] of Object.entries(table.references)) {
        const value = row[column];
        if (value == null) continue;
        if (target === CURRENCIES_TABLE) values[column] = currencyOf(value);
        else values[column] = idMaps.get(target)?.get(value) ?? null;
      }
      for (const column of table.groupIds) {
        const value = row[column];
        if (value == null) continue;
        const groupKey = `${table.name}.${column}`;
        const groups = groupMaps.get(groupKey) ?? new Map<unknown, string>();
        groupMaps.set(groupKey, groups);
        // A series named after one of its rows keeps pointing at that row.
        const mapped = groups.get(value) ?? ownIds?.get(value) ?? newId();
        groups.set(value, mapped);
        values[column] = mapped;
      }
      const flags = columnFlags.get(row);
      if (flags) Object.assign(values, flags);
      if (table.name === 'tracker_dashboard') values.config = remapChartConfig(row.config, trackerMap);
      if (table.name === 'attachments') attachmentSources.set(values, String(row.id));
      return values;
    });
    rows.set(table.name, planned);
  }
  if (unknownCurrencies.size > 0) {
    conflicts.push({
      kind: 'currency',
      message: `Currencies unknown to this server: ${quoteList([...unknownCurrencies])}`,
    });
  }
  return { rows, conflicts, attachmentSources };
}

/** A chart's trackerIds through the new ids; a tracker the file lacks is dropped, as a deleted one is. */
function remapChartConfig(config: unknown, trackerMap: Map<unknown, string>): unknown {
  if (!config || typeof config !== 'object' || Array.isArray(config)) return config;
  const { trackerIds } = config as { trackerIds?: unknown };
  if (!Array.isArray(trackerIds)) return config;
  return {
    ...config,
    trackerIds: trackerIds.map((id) => trackerMap.get(id)).filter((id): id is string => id !== undefined),
  };
}
