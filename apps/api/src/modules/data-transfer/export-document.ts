/**
 * The JSON document at the heart of an export zip (docs/export-format.md), and the shape every
 * importer produces, so a Cairn export, a Todoist CSV and a Toggl CSV all go through one checked,
 * all-or-nothing import.
 *
 * tables: keyed by SQL table name (tasks, worklogs_projects, ...); each row keyed by the Drizzle
 * property names of its table (camelCase), without userId; instants as ISO strings, decimals as
 * strings. Ids are only references inside the document: an import gives every row a new id.
 */
export type ExportRow = Record<string, unknown>;

export type ExportDocument = {
  format: 'cairn-export';
  version: number;
  exportedAt: string;
  /** The exporting account's settings; an import applies none of them but the ones it documents. */
  user: { username: string; email: string; currency: string; timezone: string };
  tables: Record<string, ExportRow[]>;
};
