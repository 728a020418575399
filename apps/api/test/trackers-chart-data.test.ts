import type { ChartData } from '@cairn/contracts/trackers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePremium } from './support/plan-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser, type TrackerUser } from './support/tracker-api';

// The test clock stands at 2026-03-10T12:00:00Z: in Pacific/Kiritimati (UTC+14) it is already
// 2026-03-11, in Pacific/Pago_Pago (UTC-11) still 2026-03-10, 25 hours apart.
const KIRITIMATI = 'Pacific/Kiritimati';
const PAGO_PAGO = 'Pacific/Pago_Pago';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Chart = { chartType: 'bar' | 'timeSeries' | 'scatter'; aggregation: string; timeRange?: string };

async function addChart(api: TrackerUser, trackerIds: string[], chart: Chart) {
  return api.chart({
    name: `${chart.chartType} ${chart.aggregation}`,
    chartType: chart.chartType,
    config: {
      trackerIds,
      timeRange: chart.timeRange ?? '7d',
      aggregation: chart.aggregation,
      colorScheme: 'ocean',
    },
  });
}

/** Any chart's point as JSON carries it, for reading without narrowing on the chart type. */
type Point = {
  date?: string;
  trackerId?: string;
  trackerName?: string;
  value?: string;
  x?: string;
  y?: string;
  logId?: string;
  logDate?: string;
};
type Data = Omit<ChartData, 'points'> & { points: Point[] };

/** The chart's data as read by someone in `timeZone` (the x-timezone header). */
async function readAs(api: TrackerUser, chartId: string, timeZone: string): Promise<Data> {
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/tracker-dashboard/${chartId}/data`,
    token: api.accessToken,
    headers: { 'x-timezone': timeZone },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The chart's data as read in the user's own zone (the helper's header), instants still as JSON strings. */
async function dataOf(api: TrackerUser, chartId: string): Promise<Data> {
  return (await api.chartData(chartId)) as unknown as Data;
}

const compact = (data: Data) =>
  data.points.map((point) =>
    point.x !== undefined
      ? [point.date, point.x, point.y]
      : [point.date ?? '', point.trackerName, point.value],
  );

/**
 * Weight and Steps logged at instants that fall on different days in the two zones:
 *
 *   instant (UTC)        weight steps   Kiritimati day   Pago Pago day
 *   2026-03-04 10:30     32             03-05 00:30      03-03 23:30 (before Pago Pago's 7 days)
 *   2026-03-08 09:00     1              03-08 23:00      03-07 22:00
 *   2026-03-08 09:30           100      03-08 23:30      03-07 22:30
 *   2026-03-08 11:30     2              03-09 01:30      03-08 00:30
 *   2026-03-09 09:30     4              03-09 23:30      03-08 22:30
 *   2026-03-09 10:00           200      03-10 00:00      03-08 23:00
 *   2026-03-09 10:30     16             03-10 00:30      03-08 23:30
 *   2026-03-09 11:00           300      03-10 01:00      03-09 00:00
 *   2026-03-09 12:00     8              03-10 02:00      03-09 01:00
 *
 * 7 days up to today: Kiritimati 03-05 to 03-11, Pago Pago 03-04 to 03-10.
 */
async function loggedUser() {
  const api = await createTrackerUser(t, { timeZone: KIRITIMATI });
  // The tests below add more charts than the free plan's 6.
  await makePremium(t, api.userId);
  const weight = await api.tracker('Weight');
  const steps = await api.tracker('Steps');
  const empty = await api.tracker('Empty');
  const logs = {
    f: await api.log(weight.id, '32', '2026-03-04T10:30:00Z'),
    a: await api.log(weight.id, '1', '2026-03-08T09:00:00Z'),
    s1: await api.log(steps.id, '100', '2026-03-08T09:30:00Z'),
    b: await api.log(weight.id, '2', '2026-03-08T11:30:00Z'),
    c: await api.log(weight.id, '4', '2026-03-09T09:30:00Z'),
    s3: await api.log(steps.id, '200', '2026-03-09T10:00:00Z'),
    e: await api.log(weight.id, '16', '2026-03-09T10:30:00Z'),
    s2: await api.log(steps.id, '300', '2026-03-09T11:00:00Z'),
    d: await api.log(weight.id, '8', '2026-03-09T12:00:00Z'),
  };
  return { api, weight, steps, empty, logs };
}

let user: Awaited<ReturnType<typeof loggedUser>>;
beforeAll(async () => {
  user = await loggedUser();
});

describe('time series', () => {
  it('sums each calendar day of the reader’s time zone', async () => {
    const chart = await addChart(user.api, [user.weight.id], { chartType: 'timeSeries', aggregation: 'sum' });
    const kiritimati = await readAs(user.api, chart.id, KIRITIMATI);
    expect(kiritimati).toMatchObject({
      chartType: 'timeSeries',
      chartId: chart.id,
      from: '2026-03-05',
      to: '2026-03-11',
      timeZone: KIRITIMATI,
      aggregation: 'sum',
      trackers: [{ id: user.weight.id, name: 'Weight', valueFormat: 'number', currencyId: null, unit: null }],
    });
    expect(compact(kiritimati)).toEqual([
      ['2026-03-05', 'Weight', '32'],
      ['2026-03-08', 'Weight', '1'],
      ['2026-03-09', 'Weight', '6'],
      ['2026-03-10', 'Weight', '24'],
    ]);
    const pagoPago = await readAs(user.api, chart.id, PAGO_PAGO);
    expect(pagoPago).toMatchObject({ from: '2026-03-04', to: '2026-03-10', timeZone: PAGO_PAGO });
    expect(compact(pagoPago)).toEqual([
      ['2026-03-07', 'Weight', '1'],
      ['2026-03-08', 'Weight', '22'],
      ['2026-03-09', 'Weight', '8'],
    ]);
    for (const point of pagoPago.points) expect(point).not.toHaveProperty('logId');
  });

  it('counts and averages each day’s logs (averages to 6 places)', async () => {
    const count = await addChart(user.api, [user.weight.id], {
      chartType: 'timeSeries',
      aggregation: 'count',
    });
    expect(compact(await readAs(user.api, count.id, KIRITIMATI)).map((point) => point[2])).toEqual([
      '1',
      '1',
      '2',
      '2',
    ]);
    expect(compact(await readAs(user.api, count.id, PAGO_PAGO)).map((point) => point[2])).toEqual([
      '1',
      '3',
      '1',
    ]);
    const avg = await addChart(user.api, [user.weight.id], { chartType: 'timeSeries', aggregation: 'avg' });
    expect(compact(await readAs(user.api, avg.id, KIRITIMATI)).map((point) => point[2])).toEqual([
      '32',
      '1',
      '3',
      '12',
    ]);
    // (2 + 4 + 16) / 3
    expect(compact(await readAs(user.api, avg.id, PAGO_PAGO)).map((point) => point[2])).toEqual([
      '1',
      '7.333333',
      '8',
    ]);
  });

  it('gives the change of each day’s latest value since the previous day with a value', async () => {
    const chart = await addChart(user.api, [user.weight.id], {
      chartType: 'timeSeries',
      aggregation: 'difference',
    });
    const { logs } = user;
    const kiritimati = await readAs(user.api, chart.id, KIRITIMATI);
    // Latest per day: 03-05 32, 03-08 1, 03-09 4, 03-10 8; the first day has no point.
    expect(kiritimati.points).toEqual([
      {
        date: '2026-03-08',
        trackerId: user.weight.id,
        trackerName: 'Weight',
        value: '-31',
        logId: logs.a.id,
        logDate: '2026-03-08T09:00:00.000Z',
      },
      {
        date: '2026-03-09',
        trackerId: user.weight.id,
        trackerName: 'Weight',
        value: '3',
        logId: logs.c.id,
        logDate: '2026-03-09T09:30:00.000Z',
      },
      {
        date: '2026-03-10',
        trackerId: user.weight.id,
        trackerName: 'Weight',
        value: '4',
        logId: logs.d.id,
        logDate: '2026-03-09T12:00:00.000Z',
      },
    ]);
    // Latest per day: 03-07 1, 03-08 16, 03-09 8.
    const pagoPago = await readAs(user.api, chart.id, PAGO_PAGO);
    expect(pagoPago.points.map((point) => [point.date, point.value, point.logId])).toEqual([
      ['2026-03-08', '15', logs.e.id],
      ['2026-03-09', '-8', logs.d.id],
    ]);
  });

  it('gives every log with its day for none, by day then the chart’s tracker order', async () => {
    const chart = await addChart(user.api, [user.steps.id, user.weight.id], {
      chartType: 'timeSeries',
      aggregation: 'none',
    });
    const pagoPago = await readAs(user.api, chart.id, PAGO_PAGO);
    const { logs } = user;
    expect(pagoPago.points.map((point) => [point.date, point.trackerName, point.logId])).toEqual([
      ['2026-03-07', 'Steps', logs.s1.id],
      ['2026-03-07', 'Weight', logs.a.id],
      ['2026-03-08', 'Steps', logs.s3.id],
      ['2026-03-08', 'Weight', logs.b.id],
      ['2026-03-08', 'Weight', logs.c.id],
      ['2026-03-08', 'Weight', logs.e.id],
      ['2026-03-09', 'Steps', logs.s2.id],
      ['2026-03-09', 'Weight', logs.d.id],
    ]);
    expect(pagoPago.points[0]).toMatchObject({ value: '100', logDate: '2026-03-08T09:30:00.000Z' });
  });

  it("reads 'all' from the first log's day in the reader's zone", async () => {
    const chart = await addChart(user.api, [user.weight.id], {
      chartType: 'timeSeries',
      aggregation: 'sum',
      timeRange: 'all',
    });
    const pagoPago = await readAs(user.api, chart.id, PAGO_PAGO);
    expect(pagoPago).toMatchObject({ from: '2026-03-03', to: '2026-03-10' });
    expect(compact(pagoPago)[0]).toEqual(['2026-03-03', 'Weight', '32']);
    expect((await readAs(user.api, chart.id, KIRITIMATI)).from).toBe('2026-03-05');
    const nothing = await addChart(user.api, [user.empty.id], {
      chartType: 'timeSeries',
      aggregation: 'sum',
      timeRange: 'all',
    });
    expect(await readAs(user.api, nothing.id, PAGO_PAGO)).toMatchObject({
      from: null,
      to: '2026-03-10',
      points: [],
    });
  });
});

describe('bar', () => {
  it('sums, counts and averages each tracker over the range, in the chart’s order', async () => {
    const ids = [user.steps.id, user.weight.id, user.empty.id];
    const sum = await addChart(user.api, ids, { chartType: 'bar', aggregation: 'sum' });
    // Pago Pago's 7 days leave out the 32 of 03-03.
    expect(compact(await readAs(user.api, sum.id, KIRITIMATI))).toEqual([
      ['', 'Steps', '600'],
      ['', 'Weight', '63'],
      ['', 'Empty', '0'],
    ]);
    expect(compact(await readAs(user.api, sum.id, PAGO_PAGO))).toEqual([
      ['', 'Steps', '600'],
      ['', 'Weight', '31'],
      ['', 'Empty', '0'],
    ]);
    const count = await addChart(user.api, ids, { chartType: 'bar', aggregation: 'count' });
    expect(compact(await readAs(user.api, count.id, PAGO_PAGO)).map((point) => point[2])).toEqual([
      '3',
      '5',
      '0',
    ]);
    // Nothing to average for Empty: no bar.
    const avg = await addChart(user.api, ids, { chartType: 'bar', aggregation: 'avg' });
    expect(compact(await readAs(user.api, avg.id, KIRITIMATI))).toEqual([
      ['', 'Steps', '200'],
      ['', 'Weight', '10.5'],
    ]);
    expect(compact(await readAs(user.api, avg.id, PAGO_PAGO)).map((point) => point[2])).toEqual([
      '200',
      '6.2',
    ]);
  });

  it('gives each tracker’s latest log with its id and date', async () => {
    const chart = await addChart(user.api, [user.weight.id, user.empty.id, user.steps.id], {
      chartType: 'bar',
      aggregation: 'latest',
    });
    expect((await readAs(user.api, chart.id, PAGO_PAGO)).points).toEqual([
      {
        trackerId: user.weight.id,
        trackerName: 'Weight',
        value: '8',
        logId: user.logs.d.id,
        logDate: '2026-03-09T12:00:00.000Z',
      },
      {
        trackerId: user.steps.id,
        trackerName: 'Steps',
        value: '300',
        logId: user.logs.s2.id,
        logDate: '2026-03-09T11:00:00.000Z',
      },
    ]);
  });

  it('gives one bar per log for none', async () => {
    const chart = await addChart(user.api, [user.weight.id], { chartType: 'bar', aggregation: 'none' });
    const kiritimati = await readAs(user.api, chart.id, KIRITIMATI);
    const { logs } = user;
    expect(kiritimati.points.map((point) => point.logId)).toEqual([
      logs.f.id,
      logs.a.id,
      logs.b.id,
      logs.c.id,
      logs.e.id,
      logs.d.id,
    ]);
    expect(kiritimati.points[0]).toEqual({
      trackerId: user.weight.id,
      trackerName: 'Weight',
      value: '32',
      logId: logs.f.id,
      logDate: '2026-03-04T10:30:00.000Z',
    });
    expect((await readAs(user.api, chart.id, PAGO_PAGO)).points).toHaveLength(5);
  });
});

describe('scatter', () => {
  it('pairs the two trackers’ latest values of each day both have one, and leaves out the rest', async () => {
    const chart = await addChart(user.api, [user.weight.id, user.steps.id], {
      chartType: 'scatter',
      aggregation: 'none',
    });
    // Weight has values on 03-05 and 03-09 in Kiritimati where Steps has none.
    expect(compact(await readAs(user.api, chart.id, KIRITIMATI))).toEqual([
      ['2026-03-08', '1', '100'],
      ['2026-03-10', '8', '300'],
    ]);
    expect(compact(await readAs(user.api, chart.id, PAGO_PAGO))).toEqual([
      ['2026-03-07', '1', '100'],
      ['2026-03-08', '16', '200'],
      ['2026-03-09', '8', '300'],
    ]);
    // The other way round: x and y swap.
    const swapped = await addChart(user.api, [user.steps.id, user.weight.id], {
      chartType: 'scatter',
      aggregation: 'none',
    });
    expect(compact(await readAs(user.api, swapped.id, KIRITIMATI))).toEqual([
      ['2026-03-08', '100', '1'],
      ['2026-03-10', '300', '8'],
    ]);
  });
});

describe('values and ranges', () => {
  it('adds decimals exactly and keeps sums past one log’s digits', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const small = await api.tracker('Small');
    const large = await api.tracker('Large');
    await api.log(small.id, '0.1', '2026-03-10T01:00:00Z');
    await api.log(small.id, '0.2', '2026-03-10T02:00:00Z');
    await api.log(small.id, '1', '2026-03-09T02:00:00Z');
    await api.log(large.id, '99999999999999.999999', '2026-03-10T01:00:00Z');
    await api.log(large.id, '99999999999999.999999', '2026-03-10T02:00:00Z');
    const sum = await addChart(api, [small.id, large.id], { chartType: 'timeSeries', aggregation: 'sum' });
    expect(compact(await dataOf(api, sum.id))).toEqual([
      ['2026-03-09', 'Small', '1'],
      ['2026-03-10', 'Small', '0.3'],
      ['2026-03-10', 'Large', '199999999999999.999998'],
    ]);
    // (0.1 + 0.2 + 1) / 3 = 0.4333…
    const avg = await addChart(api, [small.id], { chartType: 'bar', aggregation: 'avg' });
    expect((await dataOf(api, avg.id)).points[0]?.value).toBe('0.433333');
  });

  it('bounds 30d and 1y by calendar days, today included', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const tracker = await api.tracker('Range');
    for (const instant of [
      '2025-03-10T23:59:59Z', // the same date last year: outside 1y
      '2025-03-11T00:00:00Z', // 1y starts here
      '2026-02-08T23:59:59Z', // outside 30d
      '2026-02-09T00:00:00Z', // 30d starts here
      '2026-03-10T11:59:00Z', // today
    ]) {
      await api.log(tracker.id, '1', instant);
    }
    const month = await addChart(api, [tracker.id], {
      chartType: 'bar',
      aggregation: 'count',
      timeRange: '30d',
    });
    expect(await dataOf(api, month.id)).toMatchObject({
      from: '2026-02-09',
      to: '2026-03-10',
      points: [{ value: '2' }],
    });
    const year = await addChart(api, [tracker.id], {
      chartType: 'bar',
      aggregation: 'count',
      timeRange: '1y',
    });
    expect(await dataOf(api, year.id)).toMatchObject({
      from: '2025-03-11',
      to: '2026-03-10',
      points: [{ value: '4' }],
    });
    const all = await addChart(api, [tracker.id], {
      chartType: 'bar',
      aggregation: 'count',
      timeRange: 'all',
    });
    expect(await dataOf(api, all.id)).toMatchObject({ from: '2025-03-10', points: [{ value: '5' }] });
  });
});
