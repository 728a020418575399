import { z } from 'zod';

/** The name of the JSON document inside an export zip; attachment files sit beside it under attachments/. */
export const EXPORT_DOCUMENT_NAME = 'cairn-export.json';
export const EXPORT_FORMAT = 'cairn-export';
/** Bumped whenever a table or column in the document changes; docs/export-format.md lists each version. */
export const EXPORT_FORMAT_VERSION = 1;

/** Files an import reads: a Cairn export zip, a Todoist CSV export, a Toggl Track detailed CSV export. */
export const importSources = ['cairn', 'todoist', 'toggl'] as const;
export type ImportSource = (typeof importSources)[number];

export const importQuerySchema = z.strictObject({
  source: z.enum(importSources).default('cairn'),
  /** true: read and check the file, count what it would add, change nothing. */
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const importCountSchema = z.object({
  /** The kind of item, e.g. "tasks", "notes", "worklogEntries". */
  key: z.string(),
  label: z.string(),
  count: z.number().int().min(0),
});

export const importConflictSchema = z.object({
  kind: z.string(),
  message: z.string(),
});
export type ImportConflict = z.infer<typeof importConflictSchema>;

/** The answer to an import or a dry run: what it adds (or would add), and what deserves a look first. */
export const importSummarySchema = z.object({
  source: z.enum(importSources),
  isDryRun: z.boolean(),
  counts: z.array(importCountSchema),
  conflicts: z.array(importConflictSchema),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
