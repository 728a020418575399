import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser, type TrackerUser } from './support/tracker-api';

let t: TestApp;
let usd: string;
beforeAll(async () => {
  t = await createTestApp();
  const probe = await createTrackerUser(t);
  const currencies = (await probe.call('GET', '/currencies')).body.items as { id: string; code: string }[];
  usd = currencies.find((currency) => currency.code === 'USD')?.id as string;
});
afterAll(() => t.close());

const issueMessages = (body: { issues?: { message: string }[] }) =>
  (body.issues ?? []).map((issue) => issue.message);

/** A system tracker as the system-sources part of the area creates it. */
async function insertSystemTracker(api: TrackerUser, name: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into trackers (user_id, id, name, is_system, system_source, origin)
      values (${api.userId}, gen_random_uuid(), ${name}, true, 'tasks.completed', 'Tasks completed per day')
      returning id`,
  );
  return row?.id as string;
}

async function insertChart(api: TrackerUser, trackerIds: string[]): Promise<string> {
  const config = JSON.stringify({ trackerIds, timeRange: '30d', aggregation: 'sum', colorScheme: 'default' });
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into tracker_dashboard (user_id, id, name, chart_type, position, size, config)
      values (${api.userId}, gen_random_uuid(), 'Chart', 'bar', '0,0', '4,3', ${config}::jsonb)
      returning id`,
  );
  return row?.id as string;
}

async function chartTrackerIds(api: TrackerUser): Promise<Record<string, string[]>> {
  const rows = await queryRows<{ id: string; ids: string[] }>(
    t.database.db,
    sql`select id, config -> 'trackerIds' as ids from tracker_dashboard where user_id = ${api.userId}`,
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.ids]));
}

describe('trackers', () => {
  it('creates a tracker with every field and reads it back', async () => {
    const api = await createTrackerUser(t);
    const group = await api.group('Health');
    const created = await api.tracker('  Body weight (kg) ', {
      valueFormat: 'number',
      unit: 'kg',
      note: 'Mornings, before breakfast',
      lowerBoundary: ' 50.5 ',
      upperBoundary: '90',
      groupId: group.id,
      origin: 'Withings scale',
    });
    expect(created).toMatchObject({
      name: 'Body weight (kg)',
      variableName: 'body_weight_kg',
      valueFormat: 'number',
      currencyId: null,
      unit: 'kg',
      note: 'Mornings, before breakfast',
      lowerBoundary: '50.5',
      upperBoundary: '90',
      groupId: group.id,
      priority: 0,
      origin: 'Withings scale',
      isSystem: false,
      systemSource: null,
      systemSourceKey: null,
      isCalculated: false,
      calculationFormula: null,
      sourceTrackerIds: [],
      lastRecalculationDate: null,
      dailyRecalculationCount: 0,
      lastLog: null,
      logCount: 0,
    });
    expect((await api.tracker('Second')).priority).toBe(1);
    await api.log(created.id, '80', '2026-03-01T08:00:00Z');
    const newest = await api.log(created.id, '79.5', '2026-03-02T08:00:00Z');
    await api.log(created.id, '81', '2026-02-01T08:00:00Z');
    const read = (await api.call('GET', `/trackers/${created.id}`)).body;
    expect(read.logCount).toBe(3);
    expect(read.lastLog).toEqual({ id: newest.id, value: '79.5', logDate: '2026-03-02T08:00:00.000Z' });
    const inGroup = (await api.call('GET', `/trackers?groupId=${group.id}`)).body.items;
    expect(inGroup.map((tracker: { id: string }) => tracker.id)).toEqual([created.id]);
    expect(await api.trackers()).toHaveLength(2);
  });

  it('takes an empty or null boundary as none', async () => {
    const api = await createTrackerUser(t);
    const tracker = await api.tracker('Steps', { lowerBoundary: '', upperBoundary: null });
    expect(tracker).toMatchObject({ lowerBoundary: null, upperBoundary: null });
    const bounded = await api.call('PATCH', `/trackers/${tracker.id}`, { lowerBoundary: '1000' });
    expect(bounded.body.lowerBoundary).toBe('1000');
    const cleared = await api.call('PATCH', `/trackers/${tracker.id}`, { lowerBoundary: '  ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.lowerBoundary).toBeNull();
  });

  it('compares boundaries as decimals: lower above upper is a 400', async () => {
    const api = await createTrackerUser(t);
    // As text, "10" sorts before "9.5"; as numbers it is above.
    const refused = await api.call('POST', '/trackers', {
      name: 'A',
      lowerBoundary: '10',
      upperBoundary: '9.5',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    const negative = await api.call('POST', '/trackers', {
      name: 'A',
      lowerBoundary: '-0.5',
      upperBoundary: '-1',
    });
    expect(negative.status).toBe(400);
    const tracker = await api.tracker('B', { lowerBoundary: '9.5', upperBoundary: '10' });
    expect(tracker).toMatchObject({ lowerBoundary: '9.5', upperBoundary: '10' });
    const equal = await api.call('PATCH', `/trackers/${tracker.id}`, { upperBoundary: '9.500000' });
    expect(equal.status).toBe(200);
    const crossed = await api.call('PATCH', `/trackers/${tracker.id}`, { lowerBoundary: '9.500001' });
    expect(crossed.status).toBe(400);
    expect((await api.call('GET', `/trackers/${tracker.id}`)).body.lowerBoundary).toBe('9.5');
  });

  it('keeps exact decimal boundaries', async () => {
    const api = await createTrackerUser(t);
    const tracker = await api.tracker('Big', {
      lowerBoundary: '-99999999999999.999999',
      upperBoundary: '99999999999999.999999',
    });
    expect(tracker).toMatchObject({
      lowerBoundary: '-99999999999999.999999',
      upperBoundary: '99999999999999.999999',
    });
  });

  const long = (length: number) => 'x'.repeat(length);
  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '    ' }, 'Name is required'],
    [{ name: long(256) }, 'Name must be 255 characters or less'],
    [{ name: 'A', lowerBoundary: 'abc' }, 'Lower boundary must be a valid number'],
    [{ name: 'A', lowerBoundary: '1e5' }, 'Lower boundary must be a valid number'],
    [{ name: 'A', lowerBoundary: 5 }, 'Lower boundary must be a valid number'],
    [{ name: 'A', lowerBoundary: '123456789012345' }, 'Lower boundary must be a valid number'],
    [{ name: 'A', upperBoundary: '1.2345678' }, 'Upper boundary must be a valid number'],
    [{ name: 'A', upperBoundary: '1,5' }, 'Upper boundary must be a valid number'],
    [{ name: 'A', note: long(1001) }, 'Note must be 1000 characters or less'],
    [{ name: 'A', unit: long(31) }, 'Unit must be 30 characters or less'],
    [{ name: 'A', origin: long(101) }, 'Origin must be 100 characters or less'],
    [{ name: 'A', calculationFormula: long(2001) }, 'Formula must be 2000 characters or less'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const api = await createTrackerUser(t);
    const response = await api.call('POST', '/trackers', payload);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(issueMessages(response.body)).toContain(message);
    const edit = await api.call('PATCH', `/trackers/${(await api.tracker('Existing')).id}`, {
      ...payload,
      ...('name' in payload ? {} : { name: '' }),
    });
    expect(edit.status).toBe(400);
    expect(issueMessages(edit.body)).toContain('name' in payload ? message : 'Name is required');
  });

  it('refuses a tracker without a name, naming the field', async () => {
    const api = await createTrackerUser(t);
    const response = await api.call('POST', '/trackers', { unit: 'kg' });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: string[] }) => issue.path.at(-1))).toEqual(['name']);
  });

  it('accepts each field at its longest', async () => {
    const api = await createTrackerUser(t);
    const tracker = await api.tracker(long(255), {
      note: long(1000),
      unit: long(30),
      origin: long(100),
    });
    expect([tracker.name.length, tracker.note?.length, tracker.unit?.length, tracker.origin?.length]).toEqual(
      [255, 1000, 30, 100],
    );
  });

  it('refuses more than 50 sources with "Maximum 50 source trackers allowed"', async () => {
    const api = await createTrackerUser(t);
    const ids = Array.from({ length: 51 }, () => crypto.randomUUID());
    const response = await api.call('POST', '/trackers', {
      name: 'Sum',
      isCalculated: true,
      calculationFormula: 'a',
      sourceTrackerIds: ids,
    });
    expect(response.status).toBe(400);
    expect(issueMessages(response.body)).toContain('Maximum 50 source trackers allowed');
  });

  it('refuses the system fields from a client', async () => {
    const api = await createTrackerUser(t);
    for (const field of [{ isSystem: true }, { systemSource: 'tasks.completed' }, { priority: 3 }]) {
      const response = await api.call('POST', '/trackers', { name: 'A', ...field });
      expect(response.status).toBe(400);
    }
  });

  it('ties a currency to the currency format, both ways', async () => {
    const api = await createTrackerUser(t);
    const missing = await api.call('POST', '/trackers', { name: 'Spend', valueFormat: 'currency' });
    expect(missing.status).toBe(400);
    const extra = await api.call('POST', '/trackers', {
      name: 'Spend',
      valueFormat: 'number',
      currencyId: usd,
    });
    expect(extra.status).toBe(400);
    const unknown = await api.call('POST', '/trackers', {
      name: 'Spend',
      valueFormat: 'currency',
      currencyId: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(404);
    const spend = await api.tracker('Spend', { valueFormat: 'currency', currencyId: usd });
    expect(spend).toMatchObject({ valueFormat: 'currency', currencyId: usd });
    const share = await api.call('PATCH', `/trackers/${spend.id}`, { valueFormat: 'percentage' });
    expect(share.status).toBe(200);
    expect(share.body).toMatchObject({ valueFormat: 'percentage', currencyId: null });
    const back = await api.call('PATCH', `/trackers/${spend.id}`, { valueFormat: 'currency' });
    expect(back.status).toBe(400);
  });

  it('reorders with every id once', async () => {
    const api = await createTrackerUser(t);
    const a = await api.tracker('A');
    const b = await api.tracker('B');
    const c = await api.tracker('C');
    const response = await api.call('PUT', '/trackers/order', { ids: [b.id, c.id, a.id] });
    expect(response.status).toBe(200);
    expect(
      response.body.items.map((row: { name: string; priority: number }) => [row.name, row.priority]),
    ).toEqual([
      ['B', 0],
      ['C', 1],
      ['A', 2],
    ]);
    expect((await api.call('PUT', '/trackers/order', { ids: [b.id, c.id] })).status).toBe(400);
    expect((await api.trackers()).map((row) => row.name)).toEqual(['B', 'C', 'A']);
  });

  it('deletes a tracker with its logs and takes it off the charts, deleting a chart left empty', async () => {
    const api = await createTrackerUser(t);
    const weight = await api.tracker('Weight');
    const sleep = await api.tracker('Sleep');
    await api.log(weight.id, '80');
    const shared = await insertChart(api, [sleep.id, weight.id]);
    const alone = await insertChart(api, [weight.id]);
    const other = await insertChart(api, [sleep.id]);
    expect((await api.call('DELETE', `/trackers/${weight.id}`)).status).toBe(204);
    expect((await api.call('GET', `/trackers/${weight.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/trackers/${weight.id}`)).status).toBe(404);
    expect((await api.logs()).items).toEqual([]);
    expect(await chartTrackerIds(api)).toEqual({ [shared]: [sleep.id], [other]: [sleep.id] });
    expect(alone).toBeTruthy();
  });
});

describe('calculated trackers', () => {
  it('stores the formula and the sources in order, and clears them when no longer calculated', async () => {
    const api = await createTrackerUser(t);
    const height = await api.tracker('Height');
    const weight = await api.tracker('Weight');
    const bmi = await api.tracker('BMI', {
      isCalculated: true,
      calculationFormula: ' weight / (height / 100) ^ 2 ',
      sourceTrackerIds: [weight.id, height.id],
    });
    expect(bmi).toMatchObject({
      isCalculated: true,
      calculationFormula: 'weight / (height / 100) ^ 2',
      sourceTrackerIds: [weight.id, height.id],
    });
    const reordered = await api.call('PATCH', `/trackers/${bmi.id}`, {
      sourceTrackerIds: [height.id, weight.id],
    });
    expect(reordered.body.sourceTrackerIds).toEqual([height.id, weight.id]);
    const listed = (await api.trackers()).find((row) => row.id === bmi.id);
    expect(listed?.sourceTrackerIds).toEqual([height.id, weight.id]);
    const plain = await api.call('PATCH', `/trackers/${bmi.id}`, { isCalculated: false });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ isCalculated: false, calculationFormula: null, sourceTrackerIds: [] });
    expect((await api.call('DELETE', `/trackers/${height.id}`)).status).toBe(204);
  });

  it('needs a formula and at least one source', async () => {
    const api = await createTrackerUser(t);
    const weight = await api.tracker('Weight');
    const cases = [
      { isCalculated: true, sourceTrackerIds: [weight.id] },
      { isCalculated: true, calculationFormula: '   ', sourceTrackerIds: [weight.id] },
      { isCalculated: true, calculationFormula: 'weight' },
      { isCalculated: true, calculationFormula: 'weight', sourceTrackerIds: [] },
    ];
    for (const fields of cases) {
      const response = await api.call('POST', '/trackers', { name: 'Calc', ...fields });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    const itself = await api.call('PATCH', `/trackers/${weight.id}`, {
      isCalculated: true,
      calculationFormula: 'weight',
      sourceTrackerIds: [weight.id],
    });
    expect(itself.status).toBe(400);
    expect((await api.call('GET', `/trackers/${weight.id}`)).body.isCalculated).toBe(false);
  });

  it("refuses sources or a formula on a tracker that is not calculated, after checking the sources are the user's", async () => {
    const api = await createTrackerUser(t);
    const owner = await createTrackerUser(t);
    const theirs = await owner.tracker('Theirs');
    const weight = await api.tracker('Weight');
    const sourcesMessage = 'Only a calculated tracker reads source trackers';
    const formulaMessage = 'Only a calculated tracker has a formula';
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ sourceTrackerIds: [weight.id] }, 'sourceTrackerIds', sourcesMessage],
      [{ isCalculated: false, sourceTrackerIds: [weight.id] }, 'sourceTrackerIds', sourcesMessage],
      [{ calculationFormula: 'weight' }, 'calculationFormula', formulaMessage],
      [{ isCalculated: false, calculationFormula: ' weight ' }, 'calculationFormula', formulaMessage],
    ];
    const plain = await api.tracker('Plain');
    for (const [fields, field, message] of refusals) {
      const created = await api.call('POST', '/trackers', { name: 'Calc', ...fields });
      expect(created.status).toBe(400);
      expect(created.body.code).toBe('VALIDATION_FAILED');
      expect(created.body.issues).toEqual([expect.objectContaining({ path: ['body', field], message })]);
      const edited = await api.call('PATCH', `/trackers/${plain.id}`, fields);
      expect(edited.status).toBe(400);
      expect(edited.body.issues).toEqual([expect.objectContaining({ path: ['body', field], message })]);
    }
    // Another user's source, or a missing one, is a 404 first, as for a calculated tracker.
    for (const id of [theirs.id, crypto.randomUUID()]) {
      const created = await api.call('POST', '/trackers', { name: 'Calc', sourceTrackerIds: [id] });
      expect(created.status).toBe(404);
      expect(created.body.error).toBe('Source tracker not found');
      const edited = await api.call('PATCH', `/trackers/${plain.id}`, { sourceTrackerIds: [weight.id, id] });
      expect(edited.status).toBe(404);
      expect(edited.body.error).toBe('Source tracker not found');
    }
    // Leaving a calculated tracker while naming sources is refused too; it stays as it was.
    const bmi = await api.tracker('BMI', {
      isCalculated: true,
      calculationFormula: 'weight',
      sourceTrackerIds: [weight.id],
    });
    const leaving = await api.call('PATCH', `/trackers/${bmi.id}`, {
      isCalculated: false,
      sourceTrackerIds: [weight.id],
    });
    expect(leaving.status).toBe(400);
    expect((await api.call('GET', `/trackers/${bmi.id}`)).body).toMatchObject({
      isCalculated: true,
      sourceTrackerIds: [weight.id],
    });
    // Empty sources and a blank formula are what a form sends for a plain tracker.
    const blank = await api.call('POST', '/trackers', {
      name: 'Blank',
      isCalculated: false,
      calculationFormula: '',
      sourceTrackerIds: [],
    });
    expect(blank.status).toBe(201);
    expect(blank.body).toMatchObject({ calculationFormula: null, sourceTrackerIds: [] });
    const resent = await api.call('PATCH', `/trackers/${plain.id}`, {
      isCalculated: false,
      calculationFormula: null,
      sourceTrackerIds: [],
    });
    expect(resent.status).toBe(200);
    expect((await api.trackers()).map((row) => row.name).sort()).toEqual(['BMI', 'Blank', 'Plain', 'Weight']);
  });

  it('refuses to delete a source while a formula reads it, naming the calculated trackers', async () => {
    const api = await createTrackerUser(t);
    const height = await api.tracker('Height');
    const weight = await api.tracker('Weight');
    await api.tracker('BMI', {
      isCalculated: true,
      calculationFormula: 'weight / (height / 100) ^ 2',
      sourceTrackerIds: [weight.id, height.id],
    });
    const refused = await api.call('DELETE', `/trackers/${weight.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.error).toBe('Used by the calculated tracker(s) BMI');
    expect((await api.call('GET', `/trackers/${weight.id}`)).status).toBe(200);
  });
});

describe('system trackers', () => {
  it('change only name, group, note, unit and boundaries, and may be deleted', async () => {
    const api = await createTrackerUser(t);
    const id = await insertSystemTracker(api, 'Tasks completed');
    const group = await api.group('Work');
    const read = (await api.call('GET', `/trackers/${id}`)).body;
    expect(read).toMatchObject({
      isSystem: true,
      systemSource: 'tasks.completed',
      variableName: 'tasks_completed',
    });
    const renamed = await api.call('PATCH', `/trackers/${id}`, {
      name: 'Done',
      groupId: group.id,
      note: 'n',
      unit: 'tasks',
      lowerBoundary: '1',
      upperBoundary: '20',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Done',
      groupId: group.id,
      unit: 'tasks',
      upperBoundary: '20',
    });
    // A form sending the rest back unchanged is not refused.
    const same = await api.call('PATCH', `/trackers/${id}`, {
      valueFormat: 'number',
      isCalculated: false,
      name: 'Done',
    });
    expect(same.status).toBe(200);
    for (const change of [
      { valueFormat: 'percentage' },
      { origin: 'Mine' },
      { isCalculated: true, calculationFormula: 'x', sourceTrackerIds: [id] },
    ]) {
      const response = await api.call('PATCH', `/trackers/${id}`, change);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('CONFLICT');
    }
    expect((await api.call('GET', `/trackers/${id}`)).body).toMatchObject({
      valueFormat: 'number',
      origin: 'Tasks completed per day',
    });
    expect((await api.call('DELETE', `/trackers/${id}`)).status).toBe(204);
  });
});

describe("another user's tracker", () => {
  it('is missing on every route and as a source', async () => {
    const owner = await createTrackerUser(t);
    const stranger = await createTrackerUser(t);
    const tracker = await owner.tracker('Weight');
    const mine = await stranger.tracker('Mine');
    const url = `/trackers/${tracker.id}`;
    expect((await stranger.call('GET', url)).status).toBe(404);
    expect((await stranger.call('PATCH', url, { name: 'Taken' })).status).toBe(404);
    expect((await stranger.call('DELETE', url)).status).toBe(404);
    expect((await stranger.call('PUT', '/trackers/order', { ids: [mine.id, tracker.id] })).status).toBe(404);
    const source = await stranger.call('POST', '/trackers', {
      name: 'Calc',
      isCalculated: true,
      calculationFormula: 'weight',
      sourceTrackerIds: [tracker.id],
    });
    expect(source.status).toBe(404);
    const edit = await stranger.call('PATCH', `/trackers/${mine.id}`, {
      isCalculated: true,
      calculationFormula: 'weight',
      sourceTrackerIds: [tracker.id],
    });
    expect(edit.status).toBe(404);
    expect((await stranger.trackers()).map((row) => row.name)).toEqual(['Mine']);
    expect((await owner.call('GET', url)).body.name).toBe('Weight');
  });
});
