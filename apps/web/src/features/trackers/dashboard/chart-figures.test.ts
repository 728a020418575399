import type { ChartData } from '@cairn/contracts/trackers';
import { describe, expect, it } from 'vitest';
import { buildChartFigures, isChartEmpty } from './chart-figures';

const weight = { id: 'w', name: 'Weight', valueFormat: 'number' as const, currencyId: null, unit: 'kg' };
const spend = { id: 's', name: 'Spending', valueFormat: 'currency' as const, currencyId: 'eur', unit: null };
const common = { chartId: 'c', from: '2024-03-01', to: '2024-03-30', timeZone: 'Europe/Paris' };
const findCurrency = (id: string) => (id === 'eur' ? { code: 'EUR', decimals: 2 } : undefined);

describe('buildChartFigures', () => {
  it('bar: one bar per tracker, in the tracker order and colour, figures formatted from the strings', () => {
    const data: ChartData = {
      ...common,
      chartType: 'bar',
      aggregation: 'avg',
      trackers: [weight, spend],
      points: [
        { trackerId: 'w', trackerName: 'Weight', value: '72.333333' },
        { trackerId: 's', trackerName: 'Spending', value: '1234.5' },
      ],
    };
    const figures = buildChartFigures(data, findCurrency);
    if (figures.chartType !== 'bar') throw new Error('not a bar chart');
    expect(figures.bars.map((bar) => [bar.label, bar.value, bar.text, bar.trackerIndex])).toEqual([
      ['Weight', 72.333333, '72.33 kg', 0],
      ['Spending', 1234.5, '€1,234.50', 1],
    ]);
    expect(figures.table).toEqual({
      columns: ['Tracker', 'Value'],
      rows: [
        { key: 'w-0', cells: ['Weight', '72.33 kg'] },
        { key: 's-1', cells: ['Spending', '€1,234.50'] },
      ],
    });
    expect(figures.legend.map((entry) => entry.name)).toEqual(['Weight', 'Spending']);
  });

  it('bar per log: each bar names its day in the chart zone and opens its log', () => {
    const data: ChartData = {
      ...common,
      chartType: 'bar',
      aggregation: 'none',
      trackers: [weight],
      points: [
        // 23:30 UTC on the 4th is already the 5th in Paris.
        {
          trackerId: 'w',
          trackerName: 'Weight',
          value: '70',
          logId: 'l1',
          logDate: new Date('2024-03-04T23:30:00Z'),
        },
      ],
    };
    const figures = buildChartFigures(data);
    if (figures.chartType !== 'bar') throw new Error('not a bar chart');
    expect(figures.bars[0]).toMatchObject({ label: 'Weight, Mar 5', link: { trackerId: 'w', logId: 'l1' } });
    expect(figures.table.columns[0]).toBe('Log');
    expect(figures.table.rows[0]?.link).toEqual({ trackerId: 'w', logId: 'l1' });
  });

  it('count: a plain number of logs, whatever the tracker measures', () => {
    const data: ChartData = {
      ...common,
      chartType: 'bar',
      aggregation: 'count',
      trackers: [spend],
      points: [{ trackerId: 's', trackerName: 'Spending', value: '12' }],
    };
    const figures = buildChartFigures(data, findCurrency);
    expect(figures.table.rows[0]?.cells).toEqual(['Spending', '12']);
  });

  it('timeSeries: a series per tracker, even one with no points, days on a time axis', () => {
    const data: ChartData = {
      ...common,
      chartType: 'timeSeries',
      aggregation: 'difference',
      trackers: [weight, spend],
      points: [
        { date: '2024-03-02', trackerId: 'w', trackerName: 'Weight', value: '-0.5' },
        { date: '2024-03-03', trackerId: 'w', trackerName: 'Weight', value: '0.25' },
      ],
    };
    const figures = buildChartFigures(data);
    if (figures.chartType !== 'timeSeries') throw new Error('not a time series');
    expect(figures.series.map((series) => [series.name, series.points.length])).toEqual([
      ['Weight', 2],
      ['Spending', 0],
    ]);
    expect(figures.series[0]?.points[0]).toMatchObject({
      time: Date.UTC(2024, 2, 2),
      value: -0.5,
      text: '-0.5 kg',
    });
    expect(figures.table.rows.map((row) => row.cells)).toEqual([
      ['Mar 2', 'Weight', '-0.5 kg'],
      ['Mar 3', 'Weight', '0.25 kg'],
    ]);
    expect(isChartEmpty(figures)).toBe(false);
  });

  it('scatter: axes named by the two trackers, a point opens the first tracker’s logs', () => {
    const data: ChartData = {
      ...common,
      from: '2023-12-30',
      chartType: 'scatter',
      aggregation: 'none',
      trackers: [weight, { ...weight, id: 'h', name: 'Height', unit: 'cm' }],
      points: [{ date: '2024-01-02', x: '70', y: '180', logId: 'l9' }],
    };
    const figures = buildChartFigures(data);
    if (figures.chartType !== 'scatter') throw new Error('not a scatter chart');
    expect([figures.xName, figures.yName]).toEqual(['Weight', 'Height']);
    expect(figures.points[0]).toMatchObject({ x: 70, y: 180, xText: '70 kg', yText: '180 cm' });
    expect(figures.points[0]?.link).toEqual({ trackerId: 'w', logId: 'l9' });
    // The range spans two years, so days carry theirs.
    expect(figures.table.rows[0]?.cells).toEqual(['Jan 2, 2024', '70 kg', '180 cm']);
  });

  it('is empty when there is no point', () => {
    const data: ChartData = {
      ...common,
      chartType: 'scatter',
      aggregation: 'none',
      trackers: [weight],
      points: [],
    };
    expect(isChartEmpty(buildChartFigures(data))).toBe(true);
  });
});
