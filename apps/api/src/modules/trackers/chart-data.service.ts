import type {
  BarPoint,
  ChartData,
  DashboardChartListWithData,
  TimeSeriesPoint,
} from '@cairn/contracts/trackers';
import type { AppContext } from '../../lib/app-context';
import { resolveTimeZone } from '../users/users.service';
import * as repository from './chart-data.repository';
import { getToday, resolveChartRange } from './chart-range';
import { getChartRow, listCharts } from './dashboard.service';
import { refreshSystemTrackers } from './system-sources.service';

/**
 * What a dashboard chart draws, computed in SQL per calendar day in the reader's time zone (the
 * request's x-timezone, then the profile's). The range is the chart's timeRange up to today (see
 * chart-range.ts); calculated and system trackers are read like the others, from their logs.
 *
 * bar: one point per tracker, in the chart's order, over the whole range:
 *   - sum: the sum of its logs (0 without any); count: how many (0 without any);
 *   - avg: their mean, rounded to 6 places (no point without logs);
 *   - latest: the value of its latest log, with that log's logId and logDate (no point without logs);
 *   - none: one point per log, with its logId and logDate.
 * timeSeries: one point per tracker and calendar day that has a log:
 *   - sum, avg (6 places), count of the day's logs;
 *   - difference: the day's latest value minus the latest value of the tracker's previous day with
 *     a value in the range, carrying the day's latest log; the first such day has no point;
 *   - none: one point per log, with its day, logId and logDate.
 * scatter: config.trackerIds is [x, y]; one point per day on which both have a value, each the
 *   latest of its day; days on which only one has a value are left out.
 * Points are ordered by day, then by the trackers' order in the chart (then by time, for 'none').
 * Values are decimal strings without trailing zeros, of any length (a sum can outgrow one log's).
 * A tracker deleted since the chart was saved is left out; a scatter chart missing one has no points.
 */
export async function getChartData(
  ctx: AppContext,
  options: { userId: string; chartId: string; requestTimeZone: string | undefined },
): Promise<ChartData> {
  const { userId, chartId } = options;
  const chart = await getChartRow(ctx, { userId, chartId });
  const timeZone = await resolveTimeZone(ctx, options);
  // System trackers' values follow the data they come from; bring them up to date before reading.
  await refreshSystemTrackers(ctx, { userId, timeZone });
  const { config } = chart;
  const found = await repository.findChartTrackers(ctx.db, { userId, trackerIds: config.trackerIds });
  const byId = new Map(found.map((tracker) => [tracker.id, tracker]));
  const chartTrackers = config.trackerIds.flatMap((id) => byId.get(id) ?? []);
  const trackerIds = chartTrackers.map((tracker) => tracker.id);

  const today = getToday(ctx.clock.now(), timeZone);
  const firstLogDay =
    config.timeRange === 'all' && trackerIds.length > 0
      ? await repository.findFirstLogDay(ctx.db, { userId, trackerIds, timeZone, to: today })
      : null;
  const range = resolveChartRange({ timeRange: config.timeRange, today, firstLogDay });
  const base = {
    chartId,
    from: range.from,
    to: range.to,
    timeZone,
    aggregation: config.aggregation,
    trackers: chartTrackers,
  };
  // 'all' without any log: nothing to read.
  const hasNothing = range.from === null || trackerIds.length === 0;
  const query = { userId, trackerIds, timeZone, from: range.from, to: range.to };
  const nameOf = (id: string) => byId.get(id)?.name ?? '';

  if (chart.chartType === 'scatter') {
    const isComplete = trackerIds.length === 2;
    const points = hasNothing || !isComplete ? [] : await repository.findScatterPoints(ctx.db, query);
    return { chartType: 'scatter', ...base, points };
  }
  // The contract never stores 'difference' on a bar chart nor 'latest' on a time series; the
  // fallbacks only narrow the type.
  if (chart.chartType === 'bar') {
    const aggregation = config.aggregation === 'difference' ? 'none' : config.aggregation;
    const rows = hasNothing ? [] : await repository.findBarPoints(ctx.db, { ...query, aggregation });
    const points = rows.map((row) => {
      const point: BarPoint = {
        trackerId: row.trackerId,
        trackerName: nameOf(row.trackerId),
        value: row.value,
      };
      if (row.logId) point.logId = row.logId;
      if (row.logDate) point.logDate = row.logDate;
      return point;
    });
    return { chartType: 'bar', ...base, points };
  }
  const aggregation = config.aggregation === 'latest' ? 'none' : config.aggregation;
  const rows = hasNothing ? [] : await repository.findTimeSeriesPoints(ctx.db, { ...query, aggregation });
  // Optional fields assigned one by one: a series can hold tens of thousands of points.
  const points = rows.map((row) => {
    const point: TimeSeriesPoint = {
      date: row.date ?? '',
      trackerId: row.trackerId,
      trackerName: nameOf(row.trackerId),
      value: row.value,
    };
    if (row.logId) point.logId = row.logId;
    if (row.logDate) point.logDate = row.logDate;
    return point;
  });
  return { chartType: 'timeSeries', ...base, points };
}

/**
 * The dashboard's charts and, with `isDataIncluded`, each one's points as getChartData answers them,
 * so the dashboard opens in one request. One chart after another: each brings the system trackers up
 * to date first, which only the first one needs to do work for.
 */
export async function listChartsWithData(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined; isDataIncluded: boolean },
): Promise<DashboardChartListWithData> {
  const { userId, requestTimeZone } = options;
  const items = await listCharts(ctx, { userId });
  if (!options.isDataIncluded) return { items };
  const data: ChartData[] = [];
  for (const chart of items)
    data.push(await getChartData(ctx, { userId, chartId: chart.id, requestTimeZone }));
  return { items, data };
}
