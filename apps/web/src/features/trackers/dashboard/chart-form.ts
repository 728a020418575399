import {
  AT_LEAST_ONE_TRACKER_MESSAGE,
  allowedAggregations,
  type ChartAggregation,
  type ChartColorScheme,
  type ChartTimeRange,
  type ChartType,
  type CreateDashboardChartBody,
  type DashboardChart,
  TRACKER_NAME_MAX_LENGTH,
  TRACKER_NAME_REQUIRED_MESSAGE,
  TRACKER_NAME_TOO_LONG_MESSAGE,
} from '@cairn/contracts/trackers';
import { isHttpError } from '../../../lib/errors';

/** What the chart dialog edits. */
export interface ChartDraft {
  name: string;
  chartType: ChartType;
  trackerIds: string[];
  timeRange: ChartTimeRange;
  aggregation: ChartAggregation;
  colorScheme: ChartColorScheme;
}

export type ChartDraftField =
  | 'name'
  | 'chartType'
  | 'trackerIds'
  | 'timeRange'
  | 'aggregation'
  | 'colorScheme';
export type ChartDraftErrors = Partial<Record<ChartDraftField, string>>;

export const SCATTER_TRACKERS_MESSAGE = 'A scatter chart compares exactly two trackers';

export const chartTypeLabels: Record<ChartType, string> = {
  bar: 'Bar',
  timeSeries: 'Time series',
  scatter: 'Scatter',
};

export const timeRangeLabels: Record<ChartTimeRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
  all: 'All time',
};

export const aggregationLabels: Record<ChartAggregation, string> = {
  sum: 'Sum',
  avg: 'Average',
  count: 'Count of logs',
  none: 'Every log',
  latest: 'Latest value',
  difference: 'Change from the day before',
};

export function newChartDraft(): ChartDraft {
  return {
    name: '',
    chartType: 'timeSeries',
    trackerIds: [],
    timeRange: '30d',
    aggregation: 'avg',
    colorScheme: 'default',
  };
}

export function draftOfChart(chart: DashboardChart): ChartDraft {
  return {
    name: chart.name,
    chartType: chart.chartType,
    trackerIds: [...chart.config.trackerIds],
    timeRange: chart.config.timeRange,
    aggregation: chart.config.aggregation,
    colorScheme: chart.config.colorScheme,
  };
}

/**
 * Another chart type keeps the aggregation when that type allows it, else takes the type's first
 * (scatter only pairs the two trackers' values, so it takes none).
 */
export function changeChartType(draft: ChartDraft, chartType: ChartType): ChartDraft {
  const allowed = allowedAggregations[chartType];
  const aggregation = allowed.includes(draft.aggregation) ? draft.aggregation : (allowed[0] ?? 'none');
  return { ...draft, chartType, aggregation };
}

/** The checks the dialog can make before asking the server, with the server's own words. */
export function checkChartDraft(draft: ChartDraft): ChartDraftErrors {
  const errors: ChartDraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = TRACKER_NAME_REQUIRED_MESSAGE;
  else if (name.length > TRACKER_NAME_MAX_LENGTH) errors.name = TRACKER_NAME_TOO_LONG_MESSAGE;
  if (draft.trackerIds.length === 0) errors.trackerIds = AT_LEAST_ONE_TRACKER_MESSAGE;
  else if (draft.chartType === 'scatter' && draft.trackerIds.length !== 2) {
    errors.trackerIds = SCATTER_TRACKERS_MESSAGE;
  }
  return errors;
}

/** The request body; a new chart's place is left to the server (below the others). */
export function toChartBody(draft: ChartDraft): CreateDashboardChartBody {
  return {
    name: draft.name.trim(),
    chartType: draft.chartType,
    config: {
      trackerIds: draft.trackerIds,
      timeRange: draft.timeRange,
      aggregation: draft.aggregation,
      colorScheme: draft.colorScheme,
    },
  };
}

const requestParts = new Set<unknown>(['body', 'querystring', 'params']);
const draftFields = new Set<unknown>([
  'name',
  'chartType',
  'trackerIds',
  'timeRange',
  'aggregation',
  'colorScheme',
]);

/**
 * A refusal's issues beside the dialog's fields: a config issue (["config", "aggregation"]) belongs to
 * the field of the same name. A tracker that is gone (404) is a trackers issue. Empty when no field
 * takes it, so the caller shows a toast instead.
 */
export function readChartServerErrors(error: unknown): ChartDraftErrors {
  if (!isHttpError(error)) return {};
  const errors: ChartDraftErrors = {};
  for (const issue of error.issues) {
    let path = requestParts.has(issue.path[0]) ? issue.path.slice(1) : issue.path;
    if (path[0] === 'config') path = path.slice(1);
    const field = path[0];
    if (draftFields.has(field) && !errors[field as ChartDraftField]) {
      errors[field as ChartDraftField] = issue.message;
    }
  }
  if (error.status === 404 && Object.keys(errors).length === 0) {
    errors.trackerIds = 'A chosen tracker no longer exists; choose again';
  }
  return errors;
}
