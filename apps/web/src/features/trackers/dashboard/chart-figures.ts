import type { ChartData } from '@cairn/contracts/trackers';
import { type ChartTracker, type FindCurrency, formatChartDay, formatChartValue } from './format-chart-value';

/**
 * A chart's points, shaped for drawing and for its table. Values arrive as decimal strings; a number
 * is made of each only to place it on the axis, and every figure a person reads is formatted from
 * the string itself.
 */

/** Where a click on a point leads: the logs of the tracker it belongs to, when the point is one log. */
export interface PointLink {
  trackerId: string;
  logId: string;
}

export interface BarDatum {
  key: string;
  label: string;
  value: number;
  text: string;
  trackerIndex: number;
  link?: PointLink;
}

export interface SeriesDatum {
  /** The day as a time, for a numeric axis; several logs of one day share it. */
  time: number;
  date: string;
  value: number;
  text: string;
  link?: PointLink;
}

export interface ChartSeries {
  trackerId: string;
  name: string;
  trackerIndex: number;
  points: SeriesDatum[];
}

export interface ScatterDatum {
  key: string;
  date: string;
  x: number;
  y: number;
  xText: string;
  yText: string;
  link?: PointLink;
}

export interface FiguresTable {
  columns: string[];
  rows: { key: string; cells: string[]; link?: PointLink }[];
}

/** The chart's trackers in the config's order, each with the index of its colour. */
export interface LegendEntry {
  trackerId: string;
  name: string;
  index: number;
}

export type ChartFigures = { legend: LegendEntry[]; table: FiguresTable } & (
  | { chartType: 'bar'; bars: BarDatum[] }
  | { chartType: 'timeSeries'; series: ChartSeries[] }
  | { chartType: 'scatter'; points: ScatterDatum[]; xName: string; yName: string }
);

function dayTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function linkOf(trackerId: string, logId: string | undefined): PointLink | undefined {
  return logId ? { trackerId, logId } : undefined;
}

function withYear(data: ChartData): boolean {
  return data.from === null || data.from.slice(0, 4) !== data.to.slice(0, 4);
}

export function buildChartFigures(data: ChartData, findCurrency?: FindCurrency): ChartFigures {
  const trackers = new Map(data.trackers.map((tracker, index) => [tracker.id, { tracker, index }]));
  const format = (value: string, tracker: ChartTracker | undefined) =>
    formatChartValue(value, tracker, { aggregation: data.aggregation, findCurrency });
  const isYearShown = withYear(data);
  const day = (date: string) => formatChartDay(date, { withYear: isYearShown });
  const legend = data.trackers.map((tracker, index) => ({
    trackerId: tracker.id,
    name: tracker.name,
    index,
  }));

  if (data.chartType === 'bar') {
    const isPerLog = data.aggregation === 'none';
    const bars = data.points.map((point, position): BarDatum => {
      const entry = trackers.get(point.trackerId);
      const logDay = point.logDate ? formatLogDay(point.logDate, data.timeZone) : undefined;
      return {
        key: point.logId ?? `${point.trackerId}-${position}`,
        label: isPerLog && logDay ? `${point.trackerName}, ${logDay}` : point.trackerName,
        value: Number(point.value),
        text: format(point.value, entry?.tracker),
        trackerIndex: entry?.index ?? 0,
        ...(linkOf(point.trackerId, point.logId) && { link: linkOf(point.trackerId, point.logId) }),
      };
    });
    return {
      chartType: 'bar',
      legend,
      bars,
      table: {
        columns: [isPerLog ? 'Log' : 'Tracker', 'Value'],
        rows: bars.map((bar) => ({
          key: bar.key,
          cells: [bar.label, bar.text],
          ...(bar.link && { link: bar.link }),
        })),
      },
    };
  }

  if (data.chartType === 'timeSeries') {
    const series = data.trackers.map(
      (tracker, index): ChartSeries => ({
        trackerId: tracker.id,
        name: tracker.name,
        trackerIndex: index,
        points: [],
      }),
    );
    const byTracker = new Map(series.map((entry) => [entry.trackerId, entry]));
    const rows: FiguresTable['rows'] = [];
    data.points.forEach((point, position) => {
      const entry = trackers.get(point.trackerId);
      const text = format(point.value, entry?.tracker);
      const link = linkOf(point.trackerId, point.logId);
      byTracker.get(point.trackerId)?.points.push({
        time: dayTime(point.date),
        date: point.date,
        value: Number(point.value),
        text,
        ...(link && { link }),
      });
      rows.push({
        key: point.logId ?? `${point.trackerId}-${point.date}-${position}`,
        cells: [day(point.date), point.trackerName, text],
      });
    });
    return { chartType: 'timeSeries', legend, series, table: { columns: ['Day', 'Tracker', 'Value'], rows } };
  }

  const [xTracker, yTracker] = data.trackers;
  const points = data.points.map(
    (point): ScatterDatum => ({
      key: point.logId ?? point.date,
      date: point.date,
      x: Number(point.x),
      y: Number(point.y),
      xText: format(point.x, xTracker),
      yText: format(point.y, yTracker),
      // A scatter point is a day of two trackers; it opens the first's logs.
      ...(xTracker && point.logId && { link: { trackerId: xTracker.id, logId: point.logId } }),
    }),
  );
  const xName = xTracker?.name ?? 'x';
  const yName = yTracker?.name ?? 'y';
  return {
    chartType: 'scatter',
    legend,
    points,
    xName,
    yName,
    table: {
      columns: ['Day', xName, yName],
      rows: points.map((point) => ({
        key: point.key,
        cells: [day(point.date), point.xText, point.yText],
        ...(point.link && { link: point.link }),
      })),
    },
  };
}

/** A log's instant as its calendar day in the zone the server computed the chart in. */
function formatLogDay(date: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(date);
  } catch {
    // A zone this browser does not know: its own zone is the nearest guess.
    return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(date);
  }
}

export function isChartEmpty(figures: ChartFigures): boolean {
  if (figures.chartType === 'bar') return figures.bars.length === 0;
  if (figures.chartType === 'timeSeries') return figures.series.every((entry) => entry.points.length === 0);
  return figures.points.length === 0;
}
