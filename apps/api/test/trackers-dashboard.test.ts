import type { DashboardChart } from '@cairn/contracts/trackers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePremium } from './support/plan-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser, type TrackerUser } from './support/tracker-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const config = (trackerIds: string[], extra: Record<string, unknown> = {}) => ({
  trackerIds,
  timeRange: '30d',
  aggregation: 'sum',
  colorScheme: 'default',
  ...extra,
});

/** A user with two trackers, ready to chart. */
async function chartingUser() {
  const api = await createTrackerUser(t, { timeZone: 'UTC' });
  const weight = await api.tracker('Weight');
  const steps = await api.tracker('Steps');
  return { api, weight, steps };
}

const issuesOf = (body: { issues?: { path: (string | number)[]; message: string }[] }) =>
  (body.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

async function names(api: TrackerUser): Promise<string[]> {
  const list = await api.call('GET', '/tracker-dashboard');
  expect(list.status).toBe(200);
  return list.body.items.map((chart: DashboardChart) => chart.name);
}

describe('charts', () => {
  it('stack below the lowest chart and take 6 by 4 when no place or size is given', async () => {
    const { api, weight } = await chartingUser();
    const first = await api.chart({ name: 'First', chartType: 'bar', config: config([weight.id]) });
    expect(first).toMatchObject({ position: '0,0', size: '6,4', chartType: 'bar' });
    expect(first.config).toEqual(config([weight.id]));
    const second = await api.chart({ name: 'Second', chartType: 'bar', config: config([weight.id]) });
    expect(second.position).toBe('0,4');
    // A tall chart at the right reaches further down than the stack at the left.
    const tall = await api.chart({
      name: 'Tall',
      chartType: 'bar',
      position: '6,0',
      size: '6,10',
      config: config([weight.id]),
    });
    expect(tall).toMatchObject({ position: '6,0', size: '6,10' });
    const below = await api.chart({ name: 'Below', chartType: 'bar', config: config([weight.id]) });
    expect(below.position).toBe('0,10');
    // Top to bottom, then left to right.
    expect(await names(api)).toEqual(['First', 'Tall', 'Second', 'Below']);
  });

  it('read, rename and delete one chart', async () => {
    const { api, weight, steps } = await chartingUser();
    const chart = await api.chart({ name: 'Mood', chartType: 'timeSeries', config: config([weight.id]) });
    const read = await api.call('GET', `/tracker-dashboard/${chart.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: chart.id, name: 'Mood', chartType: 'timeSeries' });
    const changed = await api.call('PATCH', `/tracker-dashboard/${chart.id}`, {
      name: 'Body',
      config: config([steps.id, weight.id], { aggregation: 'difference', timeRange: '1y' }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.name).toBe('Body');
    expect(changed.body.config).toMatchObject({
      trackerIds: [steps.id, weight.id],
      aggregation: 'difference',
    });
    const empty = await api.call('PATCH', `/tracker-dashboard/${chart.id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body.name).toBe('Body');
    expect((await api.call('DELETE', `/tracker-dashboard/${chart.id}`)).status).toBe(204);
    expect((await api.call('GET', `/tracker-dashboard/${chart.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/tracker-dashboard/${chart.id}`)).status).toBe(404);
    expect(await names(api)).toEqual([]);
  });
});

describe('chart validation', () => {
  it.each([
    ['none', { trackerIds: [] }],
    ['missing', { trackerIds: undefined }],
  ])('asks for at least one tracker (%s)', async (_case, change) => {
    const { api } = await chartingUser();
    const response = await api.call('POST', '/tracker-dashboard', {
      name: 'Empty',
      chartType: 'bar',
      config: { ...config([]), ...change },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(issuesOf(response.body)).toContainEqual({
      path: 'body.config.trackerIds',
      message: 'At least one tracker is required',
    });
  });

  it.each([
    ['bar', 'difference'],
    ['timeSeries', 'latest'],
    ['scatter', 'sum'],
  ])('refuses a %s chart with %s', async (chartType, aggregation) => {
    const { api, weight, steps } = await chartingUser();
    const response = await api.call('POST', '/tracker-dashboard', {
      name: 'Wrong',
      chartType,
      config: config([weight.id, steps.id], { aggregation }),
    });
    expect(response.status).toBe(400);
    expect(issuesOf(response.body)).toContainEqual({
      path: 'body.config.aggregation',
      message: `Invalid aggregation for chart type ${chartType}`,
    });
    expect(await names(api)).toEqual([]);
  });

  it('accepts each aggregation its chart type allows', async () => {
    const { api, weight, steps } = await chartingUser();
    // Eleven charts: more than the free plan's 6.
    await makePremium(t, api.userId);
    for (const aggregation of ['sum', 'avg', 'count', 'none', 'latest']) {
      await api.chart({
        name: `bar ${aggregation}`,
        chartType: 'bar',
        config: config([weight.id], { aggregation }),
      });
    }
    for (const aggregation of ['sum', 'avg', 'count', 'none', 'difference']) {
      await api.chart({
        name: `series ${aggregation}`,
        chartType: 'timeSeries',
        config: config([weight.id], { aggregation }),
      });
    }
    await api.chart({
      name: 'scatter',
      chartType: 'scatter',
      config: config([weight.id, steps.id], { aggregation: 'none' }),
    });
    expect(await names(api)).toHaveLength(11);
  });

  it('checks a change of only the type or only the config against the stored other half', async () => {
    const { api, weight } = await chartingUser();
    const bar = await api.chart({
      name: 'Latest',
      chartType: 'bar',
      config: config([weight.id], { aggregation: 'latest' }),
    });
    const typeOnly = await api.call('PATCH', `/tracker-dashboard/${bar.id}`, { chartType: 'timeSeries' });
    expect(typeOnly.status).toBe(400);
    expect(typeOnly.body.error).toBe('Invalid aggregation for chart type timeSeries');
    expect(issuesOf(typeOnly.body)).toEqual([
      { path: 'body.config.aggregation', message: 'Invalid aggregation for chart type timeSeries' },
    ]);
    const configOnly = await api.call('PATCH', `/tracker-dashboard/${bar.id}`, {
      config: config([weight.id], { aggregation: 'difference' }),
    });
    expect(configOnly.status).toBe(400);
    expect(issuesOf(configOnly.body)).toEqual([
      { path: 'body.config.aggregation', message: 'Invalid aggregation for chart type bar' },
    ]);
    // A scatter chart compares two trackers: a type change onto one tracker is refused too.
    const toScatter = await api.call('PATCH', `/tracker-dashboard/${bar.id}`, { chartType: 'scatter' });
    expect(toScatter.status).toBe(400);
    expect(issuesOf(toScatter.body)).toContainEqual({
      path: 'body.config.trackerIds',
      message: 'A scatter chart compares exactly two trackers',
    });
    const unchanged = (await api.call('GET', `/tracker-dashboard/${bar.id}`)).body;
    expect(unchanged).toMatchObject({ chartType: 'bar', config: { aggregation: 'latest' } });
    // Both halves together, consistent: accepted.
    const both = await api.call('PATCH', `/tracker-dashboard/${bar.id}`, {
      chartType: 'timeSeries',
      config: config([weight.id], { aggregation: 'difference' }),
    });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ chartType: 'timeSeries', config: { aggregation: 'difference' } });
  });

  it.each([
    ['position', '1', 'Position must be two whole numbers as "x,y"'],
    ['position', '-1,2', 'Position must be two whole numbers as "x,y"'],
    ['position', '1,2,3', 'Position must be two whole numbers as "x,y"'],
    ['position', '1.5,2', 'Position must be two whole numbers as "x,y"'],
    ['size', '0,4', 'Size must be two whole numbers above 0 as "width,height"'],
    ['size', '6,0', 'Size must be two whole numbers above 0 as "width,height"'],
    ['size', 'a,b', 'Size must be two whole numbers above 0 as "width,height"'],
  ])('refuses %s "%s"', async (field, value, message) => {
    const { api, weight } = await chartingUser();
    const response = await api.call('POST', '/tracker-dashboard', {
      name: 'Odd',
      chartType: 'bar',
      [field]: value,
      config: config([weight.id]),
    });
    expect(response.status).toBe(400);
    expect(issuesOf(response.body)).toContainEqual({ path: `body.${field}`, message });
    const chart = await api.chart({ name: 'Fine', chartType: 'bar', config: config([weight.id]) });
    const patched = await api.call('PATCH', `/tracker-dashboard/${chart.id}`, { [field]: value });
    expect(patched.status).toBe(400);
    expect(issuesOf(patched.body)).toContainEqual({ path: `body.${field}`, message });
  });

  it('asks for a name of 1 to 255 characters', async () => {
    const { api, weight } = await chartingUser();
    for (const [name, message] of [
      ['  ', 'Name is required'],
      ['x'.repeat(256), 'Name must be 255 characters or less'],
    ]) {
      const response = await api.call('POST', '/tracker-dashboard', {
        name,
        chartType: 'bar',
        config: config([weight.id]),
      });
      expect(response.status).toBe(400);
      expect(issuesOf(response.body)).toContainEqual({ path: 'body.name', message });
    }
  });
});

describe("another user's", () => {
  it('tracker in config.trackerIds answers 404 like a missing one, and nothing is saved', async () => {
    const { api, weight } = await chartingUser();
    const other = await chartingUser();
    const created = await api.call('POST', '/tracker-dashboard', {
      name: 'Borrowed',
      chartType: 'bar',
      config: config([weight.id, other.weight.id]),
    });
    expect(created.status).toBe(404);
    expect(created.body.code).toBe('NOT_FOUND');
    const missing = await api.call('POST', '/tracker-dashboard', {
      name: 'Missing',
      chartType: 'bar',
      config: config(['00000000-0000-4000-8000-000000000000']),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(created.body.error);
    expect(await names(api)).toEqual([]);
    const chart = await api.chart({ name: 'Own', chartType: 'bar', config: config([weight.id]) });
    const patched = await api.call('PATCH', `/tracker-dashboard/${chart.id}`, {
      config: config([other.weight.id]),
    });
    expect(patched.status).toBe(404);
    expect((await api.call('GET', `/tracker-dashboard/${chart.id}`)).body.config.trackerIds).toEqual([
      weight.id,
    ]);
  });

  it('chart answers 404 on every route and is left as it was', async () => {
    const owner = await chartingUser();
    const { api } = await chartingUser();
    const chart = await owner.api.chart({
      name: 'Private',
      chartType: 'bar',
      config: config([owner.weight.id]),
    });
    const url = `/tracker-dashboard/${chart.id}`;
    expect((await api.call('GET', url)).status).toBe(404);
    expect((await api.call('GET', `${url}/data`)).status).toBe(404);
    expect((await api.call('PATCH', url, { name: 'Mine now' })).status).toBe(404);
    expect((await api.call('DELETE', url)).status).toBe(404);
    const layout = await api.call('PUT', '/tracker-dashboard/layout', {
      items: [{ id: chart.id, position: '3,3', size: '2,2' }],
    });
    expect(layout.status).toBe(404);
    expect(layout.body.code).toBe('NOT_FOUND');
    expect(await names(api)).toEqual([]);
    const kept = await owner.api.call('GET', url);
    expect(kept.body).toMatchObject({ name: 'Private', position: '0,0', size: '6,4' });
  });
});

describe('layout', () => {
  it('saves every moved and resized chart, and the list then shows it', async () => {
    const { api, weight } = await chartingUser();
    const a = await api.chart({ name: 'A', chartType: 'bar', config: config([weight.id]) });
    const b = await api.chart({ name: 'B', chartType: 'bar', config: config([weight.id]) });
    const c = await api.chart({ name: 'C', chartType: 'bar', config: config([weight.id]) });
    const saved = await api.call('PUT', '/tracker-dashboard/layout', {
      items: [
        { id: a.id, position: '6,2', size: '6,3' },
        { id: c.id, position: '0,0', size: '12,2' },
        { id: b.id, position: '0,2', size: '6,5' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.items.map((chart: DashboardChart) => chart.name)).toEqual(['C', 'B', 'A']);
    const list = (await api.call('GET', '/tracker-dashboard')).body.items as DashboardChart[];
    expect(list.map(({ name, position, size }) => ({ name, position, size }))).toEqual([
      { name: 'C', position: '0,0', size: '12,2' },
      { name: 'B', position: '0,2', size: '6,5' },
      { name: 'A', position: '6,2', size: '6,3' },
    ]);
    // The next chart without a place goes below the lowest one (B reaches row 7).
    expect((await api.chart({ name: 'D', chartType: 'bar', config: config([weight.id]) })).position).toBe(
      '0,7',
    );
  });

  it('moves nothing when one listed chart is not the user’s, or is listed twice', async () => {
    const { api, weight } = await chartingUser();
    const other = await chartingUser();
    const mine = await api.chart({ name: 'Mine', chartType: 'bar', config: config([weight.id]) });
    const theirs = await other.api.chart({
      name: 'Theirs',
      chartType: 'bar',
      config: config([other.weight.id]),
    });
    const mixed = await api.call('PUT', '/tracker-dashboard/layout', {
      items: [
        { id: mine.id, position: '4,4', size: '4,4' },
        { id: theirs.id, position: '0,0', size: '1,1' },
      ],
    });
    expect(mixed.status).toBe(404);
    const twice = await api.call('PUT', '/tracker-dashboard/layout', {
      items: [
        { id: mine.id, position: '4,4', size: '4,4' },
        { id: mine.id, position: '5,5', size: '4,4' },
      ],
    });
    expect(twice.status).toBe(400);
    const bad = await api.call('PUT', '/tracker-dashboard/layout', {
      items: [{ id: mine.id, position: 'top', size: '4,4' }],
    });
    expect(bad.status).toBe(400);
    expect(issuesOf(bad.body)).toContainEqual({
      path: 'body.items.0.position',
      message: 'Position must be two whole numbers as "x,y"',
    });
    expect((await api.call('GET', `/tracker-dashboard/${mine.id}`)).body).toMatchObject({
      position: '0,0',
      size: '6,4',
    });
    expect((await other.api.call('GET', `/tracker-dashboard/${theirs.id}`)).body).toMatchObject({
      position: '0,0',
      size: '6,4',
    });
  });
});
