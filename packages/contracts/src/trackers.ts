import { z } from 'zod';
import {
  calendarDaySchema,
  decimalSchema,
  idSchema,
  instantInputSchema,
  instantSchema,
  textSchema,
} from './common';
import { hexColorSchema } from './lists';

/**
 * Value trackers: groups, trackers (logged by hand, calculated from other trackers by a formula, or
 * system trackers fed from the user's own data), their logs, and the dashboard of charts over them.
 * Values are decimal strings end to end. A tracker's value for a calendar day (in the user's time
 * zone) is its latest log of that day; that is what sparklines and scatter charts read. A formula reads
 * each source at its latest value on or before the day, so a height logged once serves every day after.
 */

export const TRACKER_NAME_MAX_LENGTH = 255;
export const TRACKER_NOTE_MAX_LENGTH = 1000;
export const TRACKER_UNIT_MAX_LENGTH = 30;
export const TRACKER_ORIGIN_MAX_LENGTH = 100;
export const TRACKER_FORMULA_MAX_LENGTH = 2000;
export const TRACKER_MAX_SOURCES = 50;
export const TRACKER_GROUP_DESCRIPTION_MAX_LENGTH = 1000;
/** Recalculations of one calculated tracker per day outside the daily job; past it, the job catches up. */
export const TRACKER_DAILY_RECALCULATION_CAP = 500;
export const DASHBOARD_CHART_MAX_TRACKERS = 10;

// Messages of spec section 5, word for word.
export const TRACKER_NAME_REQUIRED_MESSAGE = 'Name is required';
export const TRACKER_NAME_TOO_LONG_MESSAGE = `Name must be ${TRACKER_NAME_MAX_LENGTH} characters or less`;
export const LOWER_BOUNDARY_MESSAGE = 'Lower boundary must be a valid number';
export const UPPER_BOUNDARY_MESSAGE = 'Upper boundary must be a valid number';
export const MAX_SOURCES_MESSAGE = `Maximum ${TRACKER_MAX_SOURCES} source trackers allowed`;
export const TRACKER_VALUE_MESSAGE = 'Value must be a valid number';
export const AT_LEAST_ONE_TRACKER_MESSAGE = 'At least one tracker is required';
export const invalidAggregationMessage = (chartType: string) =>
  `Invalid aggregation for chart type ${chartType}`;

const DECIMAL_PATTERN = /^-?\d{1,14}(\.\d{1,6})?$/;

const nameSchema = textSchema({ error: TRACKER_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, TRACKER_NAME_REQUIRED_MESSAGE)
  .max(TRACKER_NAME_MAX_LENGTH, TRACKER_NAME_TOO_LONG_MESSAGE);
const noteSchema = textSchema().max(
  TRACKER_NOTE_MAX_LENGTH,
  `Note must be ${TRACKER_NOTE_MAX_LENGTH} characters or less`,
);

/** A decimal a user types, with the field's own message for anything else (a number, words, too many digits). */
export function decimalInputSchema(message: string) {
  return z.string({ error: message }).trim().regex(DECIMAL_PATTERN, message);
}

/** A boundary: a decimal, or empty (an empty string or null both mean "no boundary"). */
function boundarySchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || DECIMAL_PATTERN.test(value), message)
    .nullable();
}

// Groups

export const trackerGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  priority: z.number().int(),
  trackerCount: z.number().int(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type TrackerGroup = z.infer<typeof trackerGroupSchema>;
export const trackerGroupListSchema = z.object({ items: z.array(trackerGroupSchema) });
export type TrackerGroupList = z.infer<typeof trackerGroupListSchema>;

export const createTrackerGroupBodySchema = z.strictObject({
  name: nameSchema,
  description: textSchema()
    .max(
      TRACKER_GROUP_DESCRIPTION_MAX_LENGTH,
      `Description must be ${TRACKER_GROUP_DESCRIPTION_MAX_LENGTH} characters or less`,
    )
    .nullable()
    .optional(),
  color: hexColorSchema.nullable().optional(),
  /** Omitted: after the last group. */
  priority: z.number().int().min(0, 'Priority must be 0 or more').max(1_000_000).optional(),
});
export type CreateTrackerGroupBody = z.infer<typeof createTrackerGroupBodySchema>;
export const updateTrackerGroupBodySchema = createTrackerGroupBodySchema.partial();
export type UpdateTrackerGroupBody = z.infer<typeof updateTrackerGroupBodySchema>;

// Trackers

export const trackerValueFormats = ['currency', 'percentage', 'number'] as const;
export type TrackerValueFormat = (typeof trackerValueFormats)[number];

/**
 * What a system tracker follows. `money.account-balance` is one tracker per money account
 * (systemSourceKey is the account's id); the others are one per user.
 */
export const systemTrackerSources = [
  'tasks.completed',
  'tasks.overdue',
  'worklogs.hours',
  'money.spending',
  'money.account-balance',
] as const;
export type SystemTrackerSource = (typeof systemTrackerSources)[number];

export const trackerLastLogSchema = z.object({
  id: idSchema,
  value: decimalSchema,
  logDate: instantSchema,
});

export const trackerSchema = z.object({
  id: idSchema,
  name: z.string(),
  /**
   * How the tracker is named in formulas: the name in lower case with every run of other characters
   * turned into one underscore ("Body weight (kg)" → body_weight_kg).
   */
  variableName: z.string(),
  valueFormat: z.enum(trackerValueFormats),
  currencyId: idSchema.nullable(),
  unit: z.string().nullable(),
  note: z.string().nullable(),
  lowerBoundary: decimalSchema.nullable(),
  upperBoundary: decimalSchema.nullable(),
  groupId: idSchema.nullable(),
  priority: z.number().int(),
  /** Free text for a user's tracker ("Withings scale"); for a system tracker, the data it follows. */
  origin: z.string().nullable(),
  isSystem: z.boolean(),
  systemSource: z.enum(systemTrackerSources).nullable(),
  systemSourceKey: z.string().nullable(),
  isCalculated: z.boolean(),
  calculationFormula: z.string().nullable(),
  /** In the order the user gave them. */
  sourceTrackerIds: z.array(idSchema),
  lastRecalculationDate: calendarDaySchema.nullable(),
  dailyRecalculationCount: z.number().int(),
  lastLog: trackerLastLogSchema.nullable(),
  logCount: z.number().int(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Tracker = z.infer<typeof trackerSchema>;
export const trackerListSchema = z.object({ items: z.array(trackerSchema) });
export type TrackerList = z.infer<typeof trackerListSchema>;

export const listTrackersQuerySchema = z.strictObject({
  groupId: idSchema.optional(),
  /** groups: the tracker groups too (as GET /tracker-groups answers them), for the trackers screen. */
  include: z.enum(['groups']).optional(),
});

/** GET /trackers; with include=groups, the tracker groups as well. */
export const trackerListWithGroupsSchema = trackerListSchema.extend({
  groups: trackerGroupListSchema.optional(),
});
export type TrackerListWithGroups = z.infer<typeof trackerListWithGroupsSchema>;

const trackerFieldsSchema = z.strictObject({
  name: nameSchema,
  valueFormat: z.enum(trackerValueFormats),
  /** Required for (and only for) a currency tracker. */
  currencyId: idSchema.nullable(),
  unit: textSchema()
    .trim()
    .max(TRACKER_UNIT_MAX_LENGTH, `Unit must be ${TRACKER_UNIT_MAX_LENGTH} characters or less`)
    .nullable(),
  note: noteSchema.nullable(),
  lowerBoundary: boundarySchema(LOWER_BOUNDARY_MESSAGE),
  upperBoundary: boundarySchema(UPPER_BOUNDARY_MESSAGE),
  groupId: idSchema.nullable(),
  origin: textSchema()
    .trim()
    .max(TRACKER_ORIGIN_MAX_LENGTH, `Origin must be ${TRACKER_ORIGIN_MAX_LENGTH} characters or less`)
    .nullable(),
  isCalculated: z.boolean(),
  calculationFormula: textSchema()
    .max(TRACKER_FORMULA_MAX_LENGTH, `Formula must be ${TRACKER_FORMULA_MAX_LENGTH} characters or less`)
    .nullable(),
  sourceTrackerIds: z
    .array(idSchema)
    .max(TRACKER_MAX_SOURCES, MAX_SOURCES_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, 'Each source tracker may appear only once'),
});

/**
 * A calculated tracker needs a formula and at least one source; the service then checks the formula
 * (unknown variables, unsafe tokens: 400 naming them), that every source is the user's, and that no
 * cycle forms. A currency tracker needs its currency. Lower above upper is a 400.
 */
export const createTrackerBodySchema = trackerFieldsSchema.partial().extend({ name: nameSchema });
export type CreateTrackerBody = z.infer<typeof createTrackerBodySchema>;
export const updateTrackerBodySchema = trackerFieldsSchema.partial();
export type UpdateTrackerBody = z.infer<typeof updateTrackerBodySchema>;

/**
 * POST /trackers/formula-preview: checks a formula and evaluates it for the latest day any source
 * was logged, each source at its latest value on or before that day (once every source has one); a
 * bad formula is a 400 whose issue names the token or variable.
 */
export const formulaPreviewBodySchema = z.strictObject({
  calculationFormula: textSchema()
    .min(1, 'Formula is required')
    .max(TRACKER_FORMULA_MAX_LENGTH, `Formula must be ${TRACKER_FORMULA_MAX_LENGTH} characters or less`),
  sourceTrackerIds: trackerFieldsSchema.shape.sourceTrackerIds,
  /** The tracker being edited, so a cycle through it is found before saving. */
  trackerId: idSchema.optional(),
});
export type FormulaPreviewBody = z.infer<typeof formulaPreviewBodySchema>;
export const formulaPreviewSchema = z.object({
  /** The latest day any source was logged; null until every source has a value. */
  date: calendarDaySchema.nullable(),
  value: z.string().nullable(),
  variables: z.array(z.object({ name: z.string(), trackerId: idSchema, value: decimalSchema.nullable() })),
});
export type FormulaPreview = z.infer<typeof formulaPreviewSchema>;

/** GET /trackers/recent-values?days=: each tracker's value per day (its latest log of the day), for sparklines. */
export const recentTrackerValuesQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(2).max(366).optional(),
});
export const recentTrackerValuesSchema = z.object({
  from: calendarDaySchema,
  to: calendarDaySchema,
  items: z.array(
    z.object({
      trackerId: idSchema,
      points: z.array(z.object({ date: calendarDaySchema, value: decimalSchema })),
    }),
  ),
});
export type RecentTrackerValues = z.infer<typeof recentTrackerValuesSchema>;

/** System trackers on offer: GET /trackers/system-sources, and PUT it to switch one on or off. */
export const systemSourceOptionSchema = z.object({
  source: z.enum(systemTrackerSources),
  /** The money account for money.account-balance; null otherwise. */
  sourceKey: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  trackerId: idSchema.nullable(),
  isEnabled: z.boolean(),
});
export type SystemSourceOption = z.infer<typeof systemSourceOptionSchema>;
export const systemSourceListSchema = z.object({ items: z.array(systemSourceOptionSchema) });
export const setSystemSourceBodySchema = z.strictObject({
  source: z.enum(systemTrackerSources),
  sourceKey: idSchema.nullable().optional(),
  isEnabled: z.boolean(),
});
export type SetSystemSourceBody = z.infer<typeof setSystemSourceBodySchema>;

// Logs

export const trackerLogSchema = z.object({
  id: idSchema,
  trackerId: idSchema,
  value: decimalSchema,
  note: z.string().nullable(),
  logDate: instantSchema,
  /** The calendar day a calculated or system value stands for; null for a value logged by hand. */
  calculatedDay: calendarDaySchema.nullable(),
  /** Outside [lowerBoundary, upperBoundary]: accepted, and flagged. */
  isOutOfBounds: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type TrackerLog = z.infer<typeof trackerLogSchema>;
export const trackerLogPageSchema = z.object({
  items: z.array(trackerLogSchema),
  nextCursor: z.string().nullable(),
});
export type TrackerLogPage = z.infer<typeof trackerLogPageSchema>;

/** Newest first; from and to are calendar days in the user's time zone, both included. */
export const listTrackerLogsQuerySchema = z.strictObject({
  trackerId: idSchema.optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ListTrackerLogsQuery = z.infer<typeof listTrackerLogsQuerySchema>;

/** Only a tracker logged by hand takes logs; a calculated or system one answers 409. */
export const createTrackerLogBodySchema = z.strictObject({
  trackerId: idSchema,
  value: decimalInputSchema(TRACKER_VALUE_MESSAGE),
  note: noteSchema.nullable().optional(),
  /** Omitted: now. */
  logDate: instantInputSchema.optional(),
});
export type CreateTrackerLogBody = z.infer<typeof createTrackerLogBodySchema>;
export const updateTrackerLogBodySchema = createTrackerLogBodySchema.omit({ trackerId: true }).partial();
export type UpdateTrackerLogBody = z.infer<typeof updateTrackerLogBodySchema>;

// Dashboard

export const chartTypes = ['bar', 'timeSeries', 'scatter'] as const;
export type ChartType = (typeof chartTypes)[number];
export const chartTimeRanges = ['7d', '30d', '90d', '1y', 'all'] as const;
export type ChartTimeRange = (typeof chartTimeRanges)[number];
export const chartAggregations = ['sum', 'avg', 'count', 'none', 'latest', 'difference'] as const;
export type ChartAggregation = (typeof chartAggregations)[number];
export const chartColorSchemes = ['default', 'ocean', 'forest', 'sunset', 'grayscale'] as const;
export type ChartColorScheme = (typeof chartColorSchemes)[number];

/** latest only for bar, difference only for timeSeries, and scatter takes none alone. */
export const allowedAggregations: Record<ChartType, readonly ChartAggregation[]> = {
  bar: ['sum', 'avg', 'count', 'none', 'latest'],
  timeSeries: ['sum', 'avg', 'count', 'none', 'difference'],
  scatter: ['none'],
};

/** "x,y" and "width,height" on the dashboard's 12-column grid. */
export const chartPositionSchema = z
  .string()
  .regex(/^\d{1,4},\d{1,4}$/, 'Position must be two whole numbers as "x,y"');
export const chartSizeSchema = z
  .string()
  .regex(/^[1-9]\d{0,3},[1-9]\d{0,3}$/, 'Size must be two whole numbers above 0 as "width,height"');

export const chartConfigSchema = z.strictObject({
  trackerIds: z
    .array(idSchema, { error: AT_LEAST_ONE_TRACKER_MESSAGE })
    .min(1, AT_LEAST_ONE_TRACKER_MESSAGE)
    .max(DASHBOARD_CHART_MAX_TRACKERS, `At most ${DASHBOARD_CHART_MAX_TRACKERS} trackers per chart`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each tracker may appear only once'),
  timeRange: z.enum(chartTimeRanges),
  aggregation: z.enum(chartAggregations),
  colorScheme: z.enum(chartColorSchemes),
});
export type ChartConfig = z.infer<typeof chartConfigSchema>;

export const dashboardChartSchema = z.object({
  id: idSchema,
  name: z.string(),
  chartType: z.enum(chartTypes),
  position: z.string(),
  size: z.string(),
  config: chartConfigSchema,
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type DashboardChart = z.infer<typeof dashboardChartSchema>;
export const dashboardChartListSchema = z.object({ items: z.array(dashboardChartSchema) });
export type DashboardChartList = z.infer<typeof dashboardChartListSchema>;

const dashboardChartFieldsSchema = z.strictObject({
  name: nameSchema,
  chartType: z.enum(chartTypes),
  position: chartPositionSchema,
  size: chartSizeSchema,
  config: chartConfigSchema,
});

type ChartFields = Partial<z.infer<typeof dashboardChartFieldsSchema>>;

/** The aggregation must suit the chart type; a scatter chart compares exactly two trackers. */
export function checkChartConfig(value: ChartFields, context: z.RefinementCtx): void {
  if (!value.chartType || !value.config) return;
  if (!allowedAggregations[value.chartType].includes(value.config.aggregation)) {
    context.addIssue({
      code: 'custom',
      path: ['config', 'aggregation'],
      message: invalidAggregationMessage(value.chartType),
    });
  }
  if (value.chartType === 'scatter' && value.config.trackerIds.length !== 2) {
    context.addIssue({
      code: 'custom',
      path: ['config', 'trackerIds'],
      message: 'A scatter chart compares exactly two trackers',
    });
  }
}

/** Omitted position: below the other charts; omitted size: 6 columns by 4 rows. */
export const createDashboardChartBodySchema = dashboardChartFieldsSchema
  .partial({ position: true, size: true })
  .superRefine(checkChartConfig);
export type CreateDashboardChartBody = z.infer<typeof createDashboardChartBodySchema>;
/** A change of chartType or config alone is checked against the stored other half by the service. */
export const updateDashboardChartBodySchema = dashboardChartFieldsSchema
  .partial()
  .superRefine(checkChartConfig);
export type UpdateDashboardChartBody = z.infer<typeof updateDashboardChartBodySchema>;

/** PUT /tracker-dashboard/layout: every moved or resized chart at once, as the grid reports them. */
export const dashboardLayoutBodySchema = z.strictObject({
  items: z
    .array(z.strictObject({ id: idSchema, position: chartPositionSchema, size: chartSizeSchema }))
    .min(1)
    .max(200),
});
export type DashboardLayoutBody = z.infer<typeof dashboardLayoutBodySchema>;

// Chart data (spec section 3's data-point shapes). Values are plain decimal strings of any length.

const chartValueSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
const pointLogFields = { logDate: instantSchema.optional(), logId: idSchema.optional() };

export const barPointSchema = z.object({
  trackerId: idSchema,
  trackerName: z.string(),
  value: chartValueSchema,
  ...pointLogFields,
});
export const timeSeriesPointSchema = z.object({
  date: calendarDaySchema,
  trackerId: idSchema,
  trackerName: z.string(),
  value: chartValueSchema,
  ...pointLogFields,
});
export const scatterPointSchema = z.object({
  date: calendarDaySchema,
  x: chartValueSchema,
  y: chartValueSchema,
  ...pointLogFields,
});
export type BarPoint = z.infer<typeof barPointSchema>;
export type TimeSeriesPoint = z.infer<typeof timeSeriesPointSchema>;
export type ScatterPoint = z.infer<typeof scatterPointSchema>;

const chartDataFields = {
  chartId: idSchema,
  /** The range's first and last calendar day in the user's time zone; from is null for "all" with no logs. */
  from: calendarDaySchema.nullable(),
  to: calendarDaySchema,
  timeZone: z.string(),
  aggregation: z.enum(chartAggregations),
  trackers: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      valueFormat: z.enum(trackerValueFormats),
      currencyId: idSchema.nullable(),
      unit: z.string().nullable(),
    }),
  ),
};

/**
 * GET /tracker-dashboard/{id}/data. bar: one point per tracker over the range (sum, avg, count,
 * latest), or one per log (none). timeSeries: one point per tracker and day (sum, avg, count of the
 * day's logs; difference: the day's latest minus the previous day's latest), or one per log (none).
 * scatter: one point per day on which both trackers have a value (each its latest of the day).
 */
export const chartDataSchema = z.discriminatedUnion('chartType', [
  z.object({ chartType: z.literal('bar'), ...chartDataFields, points: z.array(barPointSchema) }),
  z.object({
    chartType: z.literal('timeSeries'),
    ...chartDataFields,
    points: z.array(timeSeriesPointSchema),
  }),
  z.object({ chartType: z.literal('scatter'), ...chartDataFields, points: z.array(scatterPointSchema) }),
]);
export type ChartData = z.infer<typeof chartDataSchema>;

/** GET /tracker-dashboard: include=data adds every chart's points, so the dashboard opens in one read. */
export const listDashboardChartsQuerySchema = z.strictObject({ include: z.enum(['data']).optional() });
export type ListDashboardChartsQuery = z.infer<typeof listDashboardChartsQuerySchema>;

/** The charts; with include=data, each one's points too, as GET /tracker-dashboard/{id}/data answers them. */
export const dashboardChartListWithDataSchema = dashboardChartListSchema.extend({
  data: z.array(chartDataSchema).optional(),
});
export type DashboardChartListWithData = z.infer<typeof dashboardChartListWithDataSchema>;
