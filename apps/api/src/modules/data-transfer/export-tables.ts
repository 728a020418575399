import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { attachments } from '../attachments/attachments.table';
import { columns } from '../columns/columns.table';
import { lists } from '../lists/lists.table';
import {
  moneyAccounts,
  moneyCategories,
  moneyRecurring,
  moneyRecurringPostings,
  moneyTransactions,
} from '../money/money.table';
import { folders, notes } from '../notes/notes.table';
import { taskManagerConfigs } from '../task-manager-config/task-manager-config.table';
import { checklistItems } from '../tasks/checklist-items.table';
import { tasks } from '../tasks/tasks.table';
import {
  trackerDashboard,
  trackerGroups,
  trackerLogs,
  trackerSources,
  trackers,
} from '../trackers/trackers.table';
import { worklogCategories, worklogProjects, worklogs, worklogTimers } from '../worklogs/worklogs.table';

/**
 * The user-owned tables an export holds, parents before children, so an import inserts them in
 * this order. Foreign keys are read from the tables themselves; an entry only declares what the
 * schema cannot say (references without a foreign key, ids shared by a group of rows). A new table
 * with a user_id column needs a line here, or one in `excludedTables` with its reason.
 */
type TableEntry = {
  table: PgTable;
  /** The kind's key and label in an import summary. */
  key: string;
  label: string;
  /** Columns naming a row of another table without a foreign key; missing rows become null. */
  softReferences?: Record<string, string>;
  /** Columns whose value a group of rows shares (a recurring series, the two halves of a transfer). */
  groupIds?: string[];
};

const entries: TableEntry[] = [
  { table: lists, key: 'lists', label: 'Lists' },
  { table: columns, key: 'columns', label: 'Columns' },
  { table: tasks, key: 'tasks', label: 'Tasks', groupIds: ['recurrenceId'] },
  { table: checklistItems, key: 'checklistItems', label: 'Checklist items' },
  { table: taskManagerConfigs, key: 'taskSettings', label: 'Task settings' },
  { table: folders, key: 'folders', label: 'Folders' },
  { table: notes, key: 'notes', label: 'Notes' },
  { table: attachments, key: 'attachments', label: 'Attachments' },
  { table: moneyAccounts, key: 'moneyAccounts', label: 'Money accounts' },
  { table: moneyCategories, key: 'moneyCategories', label: 'Money categories' },
  { table: moneyRecurring, key: 'moneyRecurring', label: 'Recurring transactions' },
  { table: moneyRecurringPostings, key: 'moneyRecurringPostings', label: 'Recurring postings' },
  { table: moneyTransactions, key: 'moneyTransactions', label: 'Transactions', groupIds: ['transferId'] },
  { table: worklogProjects, key: 'worklogProjects', label: 'Work-log projects' },
  { table: worklogCategories, key: 'worklogCategories', label: 'Work-log categories' },
  { table: worklogs, key: 'worklogEntries', label: 'Work-log entries', softReferences: { taskId: 'tasks' } },
  // The running timer is state the user would expect back, like an open task.
  { table: worklogTimers, key: 'worklogTimer', label: 'Running timer', softReferences: { taskId: 'tasks' } },
  { table: trackerGroups, key: 'trackerGroups', label: 'Tracker groups' },
  // A per-account system tracker names its money account in system_source_key.
  {
    table: trackers,
    key: 'trackers',
    label: 'Trackers',
    softReferences: { systemSourceKey: 'money_accounts' },
  },
  { table: trackerSources, key: 'trackerSources', label: 'Calculated tracker sources' },
  { table: trackerLogs, key: 'trackerLogs', label: 'Tracker logs' },
  { table: trackerDashboard, key: 'dashboardCharts', label: 'Dashboard charts' },
];

/** Tables with a user_id column that an export leaves out, and why (docs/export-format.md repeats it). */
export const excludedTables: Record<string, string> = {
  push_subscriptions: "bound to one browser's push service and its keys; not portable",
  auth_sessions: 'sign-in sessions belong to the instance that issued them',
  refresh_tokens: 'secrets of a sign-in session',
  email_verification_tokens: 'one-time secrets',
  client_error_reports: 'diagnostics of the instance',
  task_view_counts: 'counters the database derives from tasks; rebuilt as tasks are inserted',
  task_time_counts: 'counters the database derives from tasks; rebuilt as tasks are inserted',
};

/** The shared reference table whose ids the document carries as ISO codes (ids differ between instances). */
export const CURRENCIES_TABLE = 'currencies';

export type ExportTable = {
  name: string;
  table: PgTable;
  key: string;
  label: string;
  /** Property name → column, without userId and generated columns (the database computes those). */
  columns: Record<string, PgColumn>;
  /** Every column the table has, generated ones included (an import accepts and drops those). */
  generatedColumns: string[];
  /** The property of the row's own id, when it has one. */
  idColumn: string | undefined;
  /** The primary key's properties without userId: a stable order for reading in batches. */
  keyColumns: string[];
  /** Property → referenced table (its id), from foreign keys and the declared soft references. */
  references: Record<string, string>;
  softReferences: Record<string, string>;
  groupIds: string[];
  /** Only one row per user (the key is user_id alone). */
  isSingleton: boolean;
};

const USER_ID = 'userId';

function describe(entry: TableEntry): ExportTable {
  const config = getTableConfig(entry.table);
  const all = getTableColumns(entry.table) as Record<string, PgColumn>;
  const propertyOf = new Map(Object.entries(all).map(([property, column]) => [column.name, property]));
  const columnsByProperty: Record<string, PgColumn> = {};
  const generatedColumns: string[] = [];
  for (const [property, column] of Object.entries(all)) {
    if (property === USER_ID) continue;
    if (column.generated) generatedColumns.push(property);
    else columnsByProperty[property] = column;
  }
  const references: Record<string, string> = {};
  for (const foreignKey of config.foreignKeys) {
    const reference = foreignKey.reference();
    reference.columns.forEach((column, index) => {
      const property = propertyOf.get(column.name);
      const target = reference.foreignColumns[index];
      if (!property || property === USER_ID || !target) return;
      references[property] = getTableName(target.table);
    });
  }
  // Inline references (`.references(() => currencies.id)`) show up as foreign keys too.
  const primaryKey = config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary);
  const keyColumns = primaryKey
    .map((column) => propertyOf.get(column.name))
    .filter((property): property is string => property !== undefined && property !== USER_ID);
  const softReferences = entry.softReferences ?? {};
  return {
    name: config.name,
    table: entry.table,
    key: entry.key,
    label: entry.label,
    columns: columnsByProperty,
    generatedColumns,
    idColumn: 'id' in columnsByProperty ? 'id' : undefined,
    keyColumns,
    references: { ...references, ...softReferences },
    softReferences,
    groupIds: entry.groupIds ?? [],
    isSingleton: keyColumns.length === 0,
  };
}

export const exportTables: readonly ExportTable[] = entries.map(describe);

export const exportTablesByName: ReadonlyMap<string, ExportTable> = new Map(
  exportTables.map((table) => [table.name, table]),
);
