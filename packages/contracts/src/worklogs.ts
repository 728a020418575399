import { z } from 'zod';
import {
  calendarDaySchema,
  decimalSchema,
  idSchema,
  instantInputSchema,
  instantSchema,
  textSchema,
} from './common';

/**
 * Work logs: time spent per project and category, entered by hand or with a timer, optionally linked
 * to a task; reports and a CSV export whose columns each project configures. Durations are whole
 * minutes; with breaks they are decimals (duration × breaksMultiplier), computed by the server.
 */

export const WORKLOG_NAME_MAX_LENGTH = 255;
export const WORKLOG_TEXT_MAX_LENGTH = 2000;
export const WORKLOG_URL_MAX_LENGTH = 2000;
/** A day has 1440 minutes; an entry past midnight still fits in two days. */
export const WORKLOG_MAX_DURATION_MINUTES = 2880;
export const WORKLOG_MAX_PRESETS = 20;

const nameSchema = textSchema()
  .trim()
  .min(1, 'Name is required')
  .max(WORKLOG_NAME_MAX_LENGTH, `Name must be ${WORKLOG_NAME_MAX_LENGTH} characters or less`);
const longTextSchema = textSchema().max(
  WORKLOG_TEXT_MAX_LENGTH,
  `Must be ${WORKLOG_TEXT_MAX_LENGTH} characters or less`,
);

/** An http(s) address; anything else (javascript:, data:, relative paths) is refused. */
export const httpUrlSchema = textSchema()
  .trim()
  .max(WORKLOG_URL_MAX_LENGTH)
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// address' }));

/** HH:mm on a 24-hour clock. */
export const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time of day as HH:mm');

/** A multiplier for breaks: 1 means none, 1.15 adds 15 %. */
export const breaksMultiplierSchema = decimalSchema.regex(
  /^0*([1-9]\d?(\.\d+)?|100(\.0+)?)$/,
  'Breaks multiplier must be between 1 and 100',
);

// CSV export configuration (spec section 3: key, label, defaultLabel, enabled, order; defaultFilename, lastUsedPreset)

export const worklogCsvColumnKeys = [
  'workDate',
  'startTime',
  'endTime',
  'duration',
  'durationHours',
  'breaksMultiplier',
  'durationWithBreaks',
  'durationWithBreaksHours',
  'project',
  'client',
  'category',
  'taskName',
  'taskUrl',
  'pullRequestUrl',
  'description',
] as const;
export type WorklogCsvColumnKey = (typeof worklogCsvColumnKeys)[number];

export const csvColumnConfigSchema = z.strictObject({
  key: z.enum(worklogCsvColumnKeys),
  /** The header the file gets. */
  label: textSchema().trim().min(1, 'Label is required').max(100),
  /** The header a reset goes back to. */
  defaultLabel: textSchema().max(100),
  enabled: z.boolean(),
  order: z.number().int().min(0).max(1000),
});
export type CsvColumnConfig = z.infer<typeof csvColumnConfigSchema>;

export const csvExportPresetSchema = z.strictObject({
  name: textSchema().trim().min(1, 'Name is required').max(100),
  columns: z.array(csvColumnConfigSchema).max(worklogCsvColumnKeys.length),
});
export type CsvExportPreset = z.infer<typeof csvExportPresetSchema>;

/**
 * A project's export settings. Every key appears once in columns (missing ones are added, disabled,
 * when read); defaultFilename may use no path separators and gets "_<from>_<to>.csv" appended.
 */
export const csvExportConfigSchema = z.strictObject({
  columns: z.array(csvColumnConfigSchema).max(worklogCsvColumnKeys.length),
  defaultFilename: textSchema()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^/\\:*?"<>|\p{Cc}]+$/u, 'Must be a file name without path separators'),
  lastUsedPreset: textSchema().max(100).nullable(),
  presets: z.array(csvExportPresetSchema).max(WORKLOG_MAX_PRESETS),
});
export type CsvExportConfig = z.infer<typeof csvExportConfigSchema>;

// Projects and categories

export const worklogProjectSchema = z.object({
  id: idSchema,
  name: z.string(),
  client: z.string().nullable(),
  /** An ended project is hidden from pickers and kept in reports and the list. */
  endedAt: instantSchema.nullable(),
  csvExportConfig: csvExportConfigSchema,
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type WorklogProject = z.infer<typeof worklogProjectSchema>;
export const worklogProjectListSchema = z.object({ items: z.array(worklogProjectSchema) });
export type WorklogProjectList = z.infer<typeof worklogProjectListSchema>;

export const listWorklogProjectsQuerySchema = z.strictObject({
  /** Ended projects are left out unless asked for. */
  includeEnded: z.enum(['true', 'false']).optional(),
});

export const createWorklogProjectBodySchema = z.strictObject({
  name: nameSchema,
  client: textSchema().trim().max(WORKLOG_NAME_MAX_LENGTH).nullable().optional(),
});
export type CreateWorklogProjectBody = z.infer<typeof createWorklogProjectBodySchema>;

export const updateWorklogProjectBodySchema = createWorklogProjectBodySchema
  .extend({ endedAt: instantInputSchema.nullable() })
  .partial();
export type UpdateWorklogProjectBody = z.infer<typeof updateWorklogProjectBodySchema>;

/** PUT /worklogs/projects/{id}/csv-export-config */
export const updateCsvExportConfigBodySchema = csvExportConfigSchema;

export const worklogCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  breaksMultiplier: decimalSchema,
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type WorklogCategory = z.infer<typeof worklogCategorySchema>;
export const worklogCategoryListSchema = z.object({ items: z.array(worklogCategorySchema) });
export type WorklogCategoryList = z.infer<typeof worklogCategoryListSchema>;

export const createWorklogCategoryBodySchema = z.strictObject({
  name: nameSchema,
  /** "1" when left out. */
  breaksMultiplier: breaksMultiplierSchema.optional(),
});
export type CreateWorklogCategoryBody = z.infer<typeof createWorklogCategoryBodySchema>;
export const updateWorklogCategoryBodySchema = createWorklogCategoryBodySchema.partial();
export type UpdateWorklogCategoryBody = z.infer<typeof updateWorklogCategoryBodySchema>;

// Entries

export const worklogSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  categoryId: idSchema.nullable(),
  /** The linked task; taskName and taskUrl were filled from it when it was linked. */
  taskId: idSchema.nullable(),
  taskName: z.string(),
  taskUrl: z.string().nullable(),
  pullRequestUrl: z.string().nullable(),
  description: z.string(),
  workDate: calendarDaySchema,
  startTime: timeOfDaySchema.nullable(),
  endTime: timeOfDaySchema.nullable(),
  /** The end is on the next day (an end before the start is refused without it). */
  crossesMidnight: z.boolean(),
  /** Minutes. */
  duration: z.number().int(),
  breaksMultiplier: decimalSchema,
  /** duration × breaksMultiplier, in minutes, exact. */
  durationWithBreaks: decimalSchema,
  /** Entries of the same day whose times overlap this one's: flagged, never refused. */
  overlapsWith: z.array(idSchema),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Worklog = z.infer<typeof worklogSchema>;

/**
 * Writing an entry. With startTime and endTime the duration is derived from them (any duration sent
 * must then agree, else 400); without both, duration is required. breaksMultiplier defaults to the
 * category's, else 1. A taskId (one of the user's tasks, 404 otherwise) fills taskName and, when not
 * given, taskUrl with the task's page.
 */
const worklogFieldsSchema = z.strictObject({
  projectId: idSchema,
  categoryId: idSchema.nullable().optional(),
  taskId: idSchema.nullable().optional(),
  taskName: textSchema().trim().max(WORKLOG_NAME_MAX_LENGTH).optional(),
  taskUrl: httpUrlSchema.nullable().optional(),
  pullRequestUrl: httpUrlSchema.nullable().optional(),
  description: longTextSchema.optional(),
  workDate: calendarDaySchema,
  startTime: timeOfDaySchema.nullable().optional(),
  endTime: timeOfDaySchema.nullable().optional(),
  crossesMidnight: z.boolean().optional(),
  duration: z.number().int().min(1).max(WORKLOG_MAX_DURATION_MINUTES).optional(),
  breaksMultiplier: breaksMultiplierSchema.optional(),
});

export const createWorklogBodySchema = worklogFieldsSchema;
export type CreateWorklogBody = z.infer<typeof createWorklogBodySchema>;
export const updateWorklogBodySchema = worklogFieldsSchema.partial();
export type UpdateWorklogBody = z.infer<typeof updateWorklogBodySchema>;

export const worklogTotalsSchema = z.object({
  /** Minutes. */
  duration: z.number().int(),
  durationWithBreaks: decimalSchema,
  count: z.number().int(),
});
export type WorklogTotals = z.infer<typeof worklogTotalsSchema>;

/**
 * The list: newest day first (then start time). from/to are inclusive days; q searches description,
 * task name and URLs. totals cover every matching entry, not just the page.
 */
export const listWorklogsQuerySchema = z.strictObject({
  projectId: idSchema.optional(),
  categoryId: idSchema.optional(),
  client: textSchema().trim().min(1).max(WORKLOG_NAME_MAX_LENGTH).optional(),
  taskId: idSchema.optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  q: textSchema().trim().min(1).max(200).optional(),
  cursor: textSchema().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type ListWorklogsQuery = z.infer<typeof listWorklogsQuerySchema>;

export const worklogPageSchema = z.object({
  items: z.array(worklogSchema),
  nextCursor: z.string().nullable(),
  totals: worklogTotalsSchema,
});
export type WorklogPage = z.infer<typeof worklogPageSchema>;

/**
 * POST /worklogs/bulk-delete: all of them or none; an id that is not one of the user's entries answers
 * 404 (like a missing one) and nothing is deleted. Answers how many went.
 */
export const bulkDeleteWorklogsBodySchema = z.strictObject({ ids: z.array(idSchema).min(1).max(500) });
export const bulkDeleteWorklogsResultSchema = z.object({ deleted: z.number().int() });

/** POST /worklogs/{id}/copy: the same entry on another day. */
export const copyWorklogBodySchema = z.strictObject({ workDate: calendarDaySchema });

// Timer: one per user, kept in the database (it survives reloads, other devices and restarts).

export const worklogTimerSchema = z.object({
  projectId: idSchema,
  categoryId: idSchema.nullable(),
  taskId: idSchema.nullable(),
  description: z.string(),
  startedAt: instantSchema,
});
export type WorklogTimer = z.infer<typeof worklogTimerSchema>;
export const worklogTimerStateSchema = z.object({ timer: worklogTimerSchema.nullable() });
export type WorklogTimerState = z.infer<typeof worklogTimerStateSchema>;

/** POST /worklogs/timer/start; 409 CONFLICT while one is running. */
export const startWorklogTimerBodySchema = z.strictObject({
  projectId: idSchema,
  categoryId: idSchema.nullable().optional(),
  taskId: idSchema.nullable().optional(),
  description: longTextSchema.optional(),
});
export type StartWorklogTimerBody = z.infer<typeof startWorklogTimerBodySchema>;

/**
 * POST /worklogs/timer/stop answers the entry it made: workDate is the start's day in the user's
 * time zone, times rounded to the minute, crossesMidnight when it ran past midnight; a timer stopped
 * within its first minute counts one minute. 404 when none is running. DELETE /worklogs/timer discards it.
 */
export const stopWorklogTimerBodySchema = z.strictObject({
  description: longTextSchema.optional(),
});

// Time on tasks

/** GET /api/v1/tasks/{id}/worklog-totals: time logged on the task, and on it and all its subtasks. */
export const taskWorklogTotalsSchema = z.object({
  own: worklogTotalsSchema,
  subtree: worklogTotalsSchema,
});
export type TaskWorklogTotals = z.infer<typeof taskWorklogTotalsSchema>;

// Reports

export const worklogReportQuerySchema = z.strictObject({
  from: calendarDaySchema,
  to: calendarDaySchema,
  projectId: idSchema.optional(),
});
export type WorklogReportQuery = z.infer<typeof worklogReportQuerySchema>;

const reportRowSchema = z.object({
  /** A day, the Monday of an ISO week, YYYY-MM, or an id (null: none). */
  key: z.string().nullable(),
  label: z.string(),
  duration: z.number().int(),
  durationWithBreaks: decimalSchema,
});
export type WorklogReportRow = z.infer<typeof reportRowSchema>;

/** Totals of the range in minutes, with and without breaks, grouped every way the screens chart. */
export const worklogReportSchema = z.object({
  from: calendarDaySchema,
  to: calendarDaySchema,
  total: worklogTotalsSchema,
  byDay: z.array(reportRowSchema),
  byWeek: z.array(reportRowSchema),
  byMonth: z.array(reportRowSchema),
  byProject: z.array(reportRowSchema),
  byCategory: z.array(reportRowSchema),
  byClient: z.array(reportRowSchema),
});
export type WorklogReport = z.infer<typeof worklogReportSchema>;

/**
 * GET /worklogs/export?projectId&from&to&preset: text/csv with the project's enabled columns in their
 * order (or the preset's), RFC 4180, formula-safe, streamed; the preset used is remembered as
 * lastUsedPreset. The file is named defaultFilename + "_<from>_<to>.csv".
 */
export const exportWorklogsQuerySchema = z.strictObject({
  projectId: idSchema,
  from: calendarDaySchema,
  to: calendarDaySchema,
  preset: textSchema().trim().min(1).max(100).optional(),
});
export type ExportWorklogsQuery = z.infer<typeof exportWorklogsQuerySchema>;
