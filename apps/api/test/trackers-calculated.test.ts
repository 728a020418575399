import { TRACKER_DAILY_RECALCULATION_CAP, type Tracker } from '@cairn/contracts/trackers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createJobRunner } from '../src/modules/jobs/job-runner';
import { trackerJobDefinitions } from '../src/modules/trackers/trackers.jobs';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser, type TrackerUser } from './support/tracker-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const START = new Date('2026-03-10T12:00:00Z');
beforeEach(() => {
  t.clock.set(START);
});

const BMI_FORMULA = 'weight / (height / 100) ^ 2';

/** A calculated tracker over `sources`. */
function calculated(api: TrackerUser, name: string, formula: string, sources: Tracker[]) {
  return api.tracker(name, {
    isCalculated: true,
    calculationFormula: formula,
    sourceTrackerIds: sources.map((source) => source.id),
  });
}

/** A calculated tracker's values as day → value, oldest first. */
async function valuesOf(api: TrackerUser, trackerId: string): Promise<Record<string, string>> {
  const page = await api.logs(`?trackerId=${trackerId}&limit=200`);
  const entries = page.items.map((log) => [log.calculatedDay as string, log.value] as const);
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

async function bodyMass(api: TrackerUser) {
  const weight = await api.tracker('Weight');
  const height = await api.tracker('Height');
  return { weight, height };
}

describe('calculated values', () => {
  it('computes BMI per day from the weight and height logged that day, at noon of the day', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    await api.log(weight.id, '70', '2026-03-09T08:00:00Z');
    await api.log(height.id, '175', '2026-03-09T21:00:00Z');
    // Only a weight on the 8th: that day has no BMI.
    await api.log(weight.id, '71', '2026-03-08T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    expect(bmi).toMatchObject({ isCalculated: true, sourceTrackerIds: [weight.id, height.id] });
    const page = await api.logs(`?trackerId=${bmi.id}`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      value: '22.857143',
      calculatedDay: '2026-03-09',
      logDate: '2026-03-09T12:00:00.000Z',
    });
    // A height logged later completes the 8th.
    await api.log(height.id, '180', '2026-03-08T20:00:00Z');
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-08': '21.91358', '2026-03-09': '22.857143' });
  });

  it('follows an edited or moved source log, and drops the days it no longer reaches', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    const weighed = await api.log(weight.id, '70', '2026-03-09T08:00:00Z');
    await api.log(height.id, '175', '2026-03-09T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    const [before] = (await api.logs(`?trackerId=${bmi.id}`)).items;
    const edited = await api.call('PATCH', `/tracker-logs/${weighed.id}`, { value: '81.5' });
    expect(edited.status).toBe(200);
    const [after] = (await api.logs(`?trackerId=${bmi.id}`)).items;
    // The same row, updated in place.
    expect(after).toMatchObject({ id: before?.id, value: '26.612245', calculatedDay: '2026-03-09' });
    // Moved a day later: the 9th has no weight yet; the 10th carries the height forward.
    const later = await api.call('PATCH', `/tracker-logs/${weighed.id}`, { logDate: '2026-03-10T08:00:00Z' });
    expect(later.status).toBe(200);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-10': '26.612245' });
    // Moved before the height: the 7th has no height yet, the 9th carries the weight; the 10th,
    // with no log, has no value any more.
    const earlier = await api.call('PATCH', `/tracker-logs/${weighed.id}`, {
      logDate: '2026-03-07T08:00:00Z',
    });
    expect(earlier.status).toBe(200);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '26.612245' });
    expect((await api.call('DELETE', `/tracker-logs/${weighed.id}`)).status).toBe(204);
    expect(await valuesOf(api, bmi.id)).toEqual({});
  });

  it("uses a source's latest log of the day, whatever order they were logged in", async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    await api.log(height.id, '200', '2026-03-09T08:00:00Z');
    await api.log(weight.id, '80', '2026-03-09T20:00:00Z');
    await api.log(weight.id, '60', '2026-03-09T07:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '20' });
    // A later one still, on the same day, takes over.
    await api.log(weight.id, '100', '2026-03-09T23:59:59Z');
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '25' });
  });

  it('counts days in the time zone: Pacific/Kiritimati and Pacific/Pago_Pago at the same instants', async () => {
    const setUp = async (timeZone: string) => {
      const api = await createTrackerUser(t, { timeZone });
      const { weight, height } = await bodyMass(api);
      // Kiritimati (UTC+14): the 9th 23:30, the 10th 00:30 (the height carried), the 9th 23:45.
      // Pago Pago (UTC-11): the 8th 22:30, the 8th 23:30, the 8th 22:45.
      await api.log(height.id, '175', '2026-03-09T09:30:00Z');
      await api.log(weight.id, '80', '2026-03-09T10:30:00Z');
      await api.log(weight.id, '70', '2026-03-09T09:45:00Z');
      const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
      return (await api.logs(`?trackerId=${bmi.id}`)).items;
    };
    const kiritimati = await setUp('Pacific/Kiritimati');
    expect(
      kiritimati.map(({ calculatedDay, value, logDate }) => ({ calculatedDay, value, logDate })),
    ).toEqual([
      { calculatedDay: '2026-03-10', value: '26.122449', logDate: '2026-03-09T22:00:00.000Z' },
      { calculatedDay: '2026-03-09', value: '22.857143', logDate: '2026-03-08T22:00:00.000Z' },
    ]);
    const pagoPago = await setUp('Pacific/Pago_Pago');
    expect(pagoPago.map(({ calculatedDay, value, logDate }) => ({ calculatedDay, value, logDate }))).toEqual([
      { calculatedDay: '2026-03-08', value: '26.122449', logDate: '2026-03-08T23:00:00.000Z' },
    ]);
  });

  it('recomputes trackers reading a calculated tracker, in order, and counts recalculations per day', async () => {
    // Shortly before midnight, so the sign-in outlasts the change of day.
    t.clock.set(new Date('2026-03-10T23:55:00Z'));
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    await api.log(weight.id, '70', '2026-03-09T08:00:00Z');
    await api.log(height.id, '175', '2026-03-09T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    // Reads BMI and weight: must run after BMI has its new value.
    const score = await calculated(api, 'Score', 'round(bmi * 2, 1) + weight / 1000', [bmi, weight]);
    expect(await valuesOf(api, score.id)).toEqual({ '2026-03-09': '45.77' });
    await api.log(weight.id, '80', '2026-03-09T09:00:00Z');
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '26.122449' });
    expect(await valuesOf(api, score.id)).toEqual({ '2026-03-09': '52.28' });
    const read = async (id: string) => (await api.call('GET', `/trackers/${id}`)).body as Tracker;
    expect(await read(bmi.id)).toMatchObject({
      lastRecalculationDate: '2026-03-10',
      dailyRecalculationCount: 2,
    });
    expect(await read(score.id)).toMatchObject({
      lastRecalculationDate: '2026-03-10',
      dailyRecalculationCount: 2,
    });
    // A new day starts the count again.
    t.clock.set(new Date('2026-03-11T00:05:00Z'));
    await api.log(weight.id, '81', '2026-03-09T10:00:00Z');
    expect(await read(bmi.id)).toMatchObject({
      lastRecalculationDate: '2026-03-11',
      dailyRecalculationCount: 1,
    });
  });

  it('gives no value on a day the formula has none (a division by zero)', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    await api.log(weight.id, '70', '2026-03-08T08:00:00Z');
    await api.log(height.id, '0', '2026-03-08T08:00:00Z');
    await api.log(weight.id, '70', '2026-03-09T08:00:00Z');
    await api.log(height.id, '100', '2026-03-09T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '70' });
  });

  it('recomputes every day when the formula changes', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    await api.log(weight.id, '70', '2026-03-08T08:00:00Z');
    await api.log(height.id, '175', '2026-03-08T08:00:00Z');
    await api.log(weight.id, '72', '2026-03-09T08:00:00Z');
    await api.log(height.id, '175', '2026-03-09T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    const changed = await api.call('PATCH', `/trackers/${bmi.id}`, { calculationFormula: 'weight - height' });
    expect(changed.status).toBe(200);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-08': '-105', '2026-03-09': '-103' });
    const narrowed = await api.call('PATCH', `/trackers/${bmi.id}`, {
      calculationFormula: 'weight * 2',
      sourceTrackerIds: [weight.id],
    });
    expect(narrowed.status).toBe(200);
    await api.log(weight.id, '1', '2026-03-07T08:00:00Z');
    expect(await valuesOf(api, bmi.id)).toEqual({
      '2026-03-07': '2',
      '2026-03-08': '140',
      '2026-03-09': '144',
    });
  });
});

describe("carrying a source's last value forward", () => {
  // Today is 2026-03-10 (START, in UTC): 40 days ago is 2026-01-29, 10 days ago 2026-02-28.
  it('gives BMI on each weight day from a height logged once, long ago, and follows that height', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    const measured = await api.log(height.id, '180', '2026-01-29T08:00:00Z');
    await api.log(weight.id, '82', '2026-02-28T08:00:00Z');
    await api.log(weight.id, '80', '2026-03-10T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    const doubled = await calculated(api, 'Doubled', 'bmi * 2', [bmi]);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-02-28': '25.308642', '2026-03-10': '24.691358' });
    expect(await valuesOf(api, doubled.id)).toEqual({ '2026-02-28': '50.617284', '2026-03-10': '49.382716' });
    const before = (await api.logs(`?trackerId=${bmi.id}`)).items;

    // Editing the old height changes every day it carries into, keeping the rows, and the tracker
    // reading BMI follows.
    const edited = await api.call('PATCH', `/tracker-logs/${measured.id}`, { value: '175' });
    expect(edited.status).toBe(200);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-02-28': '26.77551', '2026-03-10': '26.122449' });
    expect(await valuesOf(api, doubled.id)).toEqual({ '2026-02-28': '53.55102', '2026-03-10': '52.244898' });
    const after = (await api.logs(`?trackerId=${bmi.id}`)).items;
    expect(after.map((log) => log.id).sort()).toEqual(before.map((log) => log.id).sort());

    // A weight before the first height has no BMI; it carries into the height's own day.
    await api.log(weight.id, '77', '2026-01-24T08:00:00Z');
    expect(await valuesOf(api, bmi.id)).toEqual({
      '2026-01-29': '25.142857',
      '2026-02-28': '26.77551',
      '2026-03-10': '26.122449',
    });

    // A newer height changes its own day and the days after it, not the days before.
    await api.log(height.id, '180', '2026-03-05T08:00:00Z');
    expect(await valuesOf(api, bmi.id)).toEqual({
      '2026-01-29': '25.142857',
      '2026-02-28': '26.77551',
      '2026-03-05': '25.308642',
      '2026-03-10': '24.691358',
    });

    // Without the old height, the days before the newer one have none.
    expect((await api.call('DELETE', `/tracker-logs/${measured.id}`)).status).toBe(204);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-05': '25.308642', '2026-03-10': '24.691358' });
    expect(await valuesOf(api, doubled.id)).toEqual({ '2026-03-05': '50.617284', '2026-03-10': '49.382716' });
  });
});

describe('switching between plain and calculated', () => {
  it('deletes the computed values when a tracker is calculated no more, and trackers reading it follow', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    await api.log(weight.id, '70', '2026-03-08T08:00:00Z');
    await api.log(height.id, '175', '2026-03-08T08:00:00Z');
    await api.log(weight.id, '72', '2026-03-09T08:00:00Z');
    await api.log(height.id, '175', '2026-03-09T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    const doubled = await calculated(api, 'Doubled', 'bmi * 2', [bmi]);
    expect(Object.keys(await valuesOf(api, doubled.id))).toEqual(['2026-03-08', '2026-03-09']);
    const plain = await api.call('PATCH', `/trackers/${bmi.id}`, { isCalculated: false });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ isCalculated: false, logCount: 0, lastLog: null });
    expect((await api.logs(`?trackerId=${bmi.id}`)).items).toEqual([]);
    expect(await valuesOf(api, doubled.id)).toEqual({});
    // Now logged by hand, and read by the formula that reads it.
    await api.log(bmi.id, '21.5', '2026-03-09T10:00:00Z');
    expect(await valuesOf(api, doubled.id)).toEqual({ '2026-03-09': '43' });
    // Its source logs are untouched.
    expect((await api.logs(`?trackerId=${weight.id}`)).items).toHaveLength(2);
  });

  it('refuses a formula on a tracker with values logged by hand, changing nothing', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    await api.log(weight.id, '70', '2026-03-09T08:00:00Z');
    await api.log(height.id, '175', '2026-03-09T08:00:00Z');
    const refused = await api.call('PATCH', `/trackers/${height.id}`, {
      name: 'BMI',
      isCalculated: true,
      calculationFormula: 'weight * 2',
      sourceTrackerIds: [weight.id],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      error: 'This tracker has logged values; create a new tracker for the formula',
    });
    expect((await api.call('GET', `/trackers/${height.id}`)).body).toMatchObject({
      name: 'Height',
      isCalculated: false,
      calculationFormula: null,
      sourceTrackerIds: [],
      logCount: 1,
    });
    // A plain tracker with no values takes a formula, and its values are computed.
    const empty = await api.tracker('Empty');
    const switched = await api.call('PATCH', `/trackers/${empty.id}`, {
      isCalculated: true,
      calculationFormula: 'weight * 2',
      sourceTrackerIds: [weight.id],
    });
    expect(switched.status).toBe(200);
    expect(await valuesOf(api, empty.id)).toEqual({ '2026-03-09': '140' });
  });
});

describe('renaming a source', () => {
  it('rewrites the formulas reading it, whole variables only, keeping the values', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    const average = await api.tracker('Weight avg');
    await api.log(weight.id, '70', '2026-03-09T08:00:00Z');
    await api.log(height.id, '175', '2026-03-09T08:00:00Z');
    await api.log(average.id, '71', '2026-03-09T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    const mix = await calculated(api, 'Mix', 'weight + weight_avg  # weight in kg', [weight, average]);
    const before = await valuesOf(api, mix.id);
    const renamed = await api.call('PATCH', `/trackers/${weight.id}`, { name: 'Body weight' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Body weight', variableName: 'body_weight' });
    const read = async (id: string) => (await api.call('GET', `/trackers/${id}`)).body as Tracker;
    expect((await read(bmi.id)).calculationFormula).toBe('body_weight / (height / 100) ^ 2');
    expect((await read(mix.id)).calculationFormula).toBe('body_weight + weight_avg  # weight in kg');
    expect(await valuesOf(api, mix.id)).toEqual(before);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '22.857143' });
    // The rewritten formulas still read the source: a new log recomputes them.
    await api.log(weight.id, '80', '2026-03-09T09:00:00Z');
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '26.122449' });
    expect(await valuesOf(api, mix.id)).toEqual({ '2026-03-09': '151' });
    // A new name with the same variable leaves the formulas as they are.
    const same = await api.call('PATCH', `/trackers/${weight.id}`, { name: 'Body Weight!' });
    expect(same.status).toBe(200);
    expect((await read(bmi.id)).calculationFormula).toBe('body_weight / (height / 100) ^ 2');
  });

  it('refuses a name another source of a dependent already has, or that its formula uses, changing nothing', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    const average = await api.tracker('Weight avg');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    const mix = await calculated(api, 'Mix', 'weight + weight_avg', [weight, average]);
    const growth = await calculated(api, 'Growth', 'height * e', [height]);
    const collision = await api.call('PATCH', `/trackers/${weight.id}`, { name: 'Weight-avg' });
    expect(collision.status).toBe(400);
    expect(collision.body.code).toBe('VALIDATION_FAILED');
    expect(collision.body.issues).toEqual([
      expect.objectContaining({
        path: ['body', 'name'],
        message: 'Another source of Mix is already called weight_avg',
      }),
    ]);
    const constant = await api.call('PATCH', `/trackers/${height.id}`, { name: 'E' });
    expect(constant.status).toBe(400);
    expect(constant.body.issues).toEqual([
      expect.objectContaining({ path: ['body', 'name'], message: 'The formula of Growth already uses e' }),
    ]);
    const read = async (id: string) => (await api.call('GET', `/trackers/${id}`)).body as Tracker;
    expect((await read(weight.id)).name).toBe('Weight');
    expect((await read(height.id)).name).toBe('Height');
    expect((await read(bmi.id)).calculationFormula).toBe(BMI_FORMULA);
    expect((await read(mix.id)).calculationFormula).toBe('weight + weight_avg');
    expect((await read(growth.id)).calculationFormula).toBe('height * e');
  });
});

describe('refused formulas and sources', () => {
  const refusals: [string, string, string][] = [
    ['constructor', 'constructor', "'constructor' is not allowed"],
    ['__proto__', 'weight + __proto__', "'__proto__' is not allowed"],
    ['this', 'this.weight', "'this' is not allowed"],
    ['property access', 'weight.height', "Property access 'weight.height' is not allowed"],
    ['assignment', 'x = 1', "Assignment 'x = 1' is not allowed"],
    ['function definition', 'f(x) = x', "Function definition 'f' is not allowed"],
    ['import', 'import({a: 1})', "Function 'import' is not allowed"],
    ['a matrix', '[1, 2]', "'[1, 2]' is not allowed"],
    ['an unknown variable', 'weigth / height', "Unknown variable 'weigth'"],
    ['deep nesting', `${'('.repeat(40)}weight${')'.repeat(40)}`, 'Formula is nested too deeply'],
    ['a long formula', `weight${' + weight'.repeat(300)}`, 'Formula must be 2000 characters or less'],
  ];

  it.each(refusals)('refuses %s when saving a tracker, naming it', async (_case, formula, message) => {
    const api = await createTrackerUser(t);
    const { weight, height } = await bodyMass(api);
    const refused = await api.call('POST', '/trackers', {
      name: 'BMI',
      isCalculated: true,
      calculationFormula: formula,
      sourceTrackerIds: [weight.id, height.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.issues).toEqual([
      expect.objectContaining({ path: ['body', 'calculationFormula'], message }),
    ]);
    expect((await api.trackers()).map((tracker) => tracker.name).sort()).toEqual(['Height', 'Weight']);
  });

  it.each(refusals)('refuses %s in a preview', async (_case, formula, message) => {
    const api = await createTrackerUser(t);
    const { weight, height } = await bodyMass(api);
    const refused = await api.call('POST', '/trackers/formula-preview', {
      calculationFormula: formula,
      sourceTrackerIds: [weight.id, height.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]).toMatchObject({ path: ['body', 'calculationFormula'], message });
    // The formula check's own refusals carry the message as the error text too (the length limit is
    // the contract's, answered as every schema failure is).
    const isSchemaLimit = message.startsWith('Formula must be');
    expect(refused.body.error).toBe(isSchemaLimit ? 'Invalid input' : message);
  });

  it('refuses a cycle A → B → A, when saving and in a preview', async () => {
    const api = await createTrackerUser(t);
    const base = await api.tracker('Base');
    const a = await calculated(api, 'A', 'base + 1', [base]);
    const b = await calculated(api, 'B', 'a * 2', [a]);
    const c = await calculated(api, 'C', 'b * 2', [b]);
    for (const source of [b, c]) {
      const closing = await api.call('PATCH', `/trackers/${a.id}`, {
        calculationFormula: `${source.name.toLowerCase()} + 1`,
        sourceTrackerIds: [source.id],
      });
      expect(closing.status).toBe(400);
      expect(closing.body.issues).toEqual([
        expect.objectContaining({
          path: ['body', 'sourceTrackerIds'],
          message: 'Calculated trackers cannot depend on each other in a cycle',
        }),
      ]);
    }
    const preview = await api.call('POST', '/trackers/formula-preview', {
      calculationFormula: 'b + 1',
      sourceTrackerIds: [b.id],
      trackerId: a.id,
    });
    expect(preview.status).toBe(400);
    expect(preview.body.error).toBe('Calculated trackers cannot depend on each other in a cycle');
    // Without the tracker being edited, nothing closes.
    const plain = await api.call('POST', '/trackers/formula-preview', {
      calculationFormula: 'b + 1',
      sourceTrackerIds: [b.id],
    });
    expect(plain.status).toBe(200);
    expect((await api.call('GET', `/trackers/${a.id}`)).body.sourceTrackerIds).toEqual([base.id]);
  });

  it("answers 404 for another user's tracker as a source, as for a missing one", async () => {
    const owner = await createTrackerUser(t);
    const theirs = await owner.tracker('Weight');
    const api = await createTrackerUser(t);
    const mine = await api.tracker('Height');
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const saved = await api.call('POST', '/trackers', {
        name: 'BMI',
        isCalculated: true,
        calculationFormula: 'height + 1',
        sourceTrackerIds: [mine.id, id],
      });
      expect(saved.status).toBe(404);
      const preview = await api.call('POST', '/trackers/formula-preview', {
        calculationFormula: 'height + 1',
        sourceTrackerIds: [mine.id, id],
      });
      expect(preview.status).toBe(404);
      expect(preview.body.code).toBe('NOT_FOUND');
      const asEdited = await api.call('POST', '/trackers/formula-preview', {
        calculationFormula: 'height + 1',
        sourceTrackerIds: [mine.id],
        trackerId: id,
      });
      expect(asEdited.status).toBe(404);
    }
  });

  it('refuses two sources that share a variable name', async () => {
    const api = await createTrackerUser(t);
    const first = await api.tracker('Body weight');
    const second = await api.tracker('body-weight!');
    const refused = await api.call('POST', '/trackers/formula-preview', {
      calculationFormula: 'body_weight',
      sourceTrackerIds: [first.id, second.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toEqual(['body', 'sourceTrackerIds']);
    expect(refused.body.error).toContain("'body_weight'");
  });
});

describe('formula preview', () => {
  it('evaluates the formula for the latest day with a log, carrying each source to it', async () => {
    const api = await createTrackerUser(t, { timeZone: 'UTC' });
    const { weight, height } = await bodyMass(api);
    const preview = (calculationFormula: string) =>
      api.call('POST', '/trackers/formula-preview', {
        calculationFormula,
        sourceTrackerIds: [weight.id, height.id],
      });
    const empty = await preview(BMI_FORMULA);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      date: null,
      value: null,
      variables: [
        { name: 'weight', trackerId: weight.id, value: null },
        { name: 'height', trackerId: height.id, value: null },
      ],
    });
    await api.log(weight.id, '70', '2026-03-08T08:00:00Z');
    // Until every source has a value there is no day.
    expect((await preview(BMI_FORMULA)).body).toEqual(empty.body);
    await api.log(height.id, '175.50', '2026-03-08T09:00:00Z');
    await api.log(weight.id, '72', '2026-03-08T20:00:00Z');
    expect((await preview(BMI_FORMULA)).body).toMatchObject({ date: '2026-03-08', value: '23.376434' });
    // A later day with only a weight carries the height into it.
    await api.log(weight.id, '90', '2026-03-09T08:00:00Z');
    const answered = await preview(BMI_FORMULA);
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({
      date: '2026-03-09',
      value: '29.220542',
      variables: [
        { name: 'weight', trackerId: weight.id, value: '90' },
        { name: 'height', trackerId: height.id, value: '175.5' },
      ],
    });
    // A later day with only a height carries the weight.
    await api.log(height.id, '180', '2026-03-10T08:00:00Z');
    expect((await preview(BMI_FORMULA)).body).toMatchObject({
      date: '2026-03-10',
      variables: [{ value: '90' }, { value: '180' }],
    });
    const noValue = await preview('weight / (height - height)');
    expect(noValue.body).toMatchObject({ date: '2026-03-10', value: null });
    // A preview saves nothing.
    expect((await api.trackers()).map((tracker) => tracker.name).sort()).toEqual(['Height', 'Weight']);
  });
});

describe('the daily job', () => {
  it('recomputes what the daily cap held back, in the profile zone', async () => {
    const api = await createTrackerUser(t);
    const { weight, height } = await bodyMass(api);
    await api.log(weight.id, '70', '2026-03-09T08:00:00Z');
    await api.log(height.id, '175', '2026-03-09T08:00:00Z');
    const bmi = await calculated(api, 'BMI', BMI_FORMULA, [weight, height]);
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '22.857143' });
    // Recalculated as often as a day allows: new logs wait for the job.
    await queryRows(
      t.database.db,
      sql`update trackers set daily_recalculation_count = ${TRACKER_DAILY_RECALCULATION_CAP},
                              last_recalculation_date = '2026-03-10'
           where user_id = ${api.userId} and id = ${bmi.id}`,
    );
    await api.log(weight.id, '80', '2026-03-10T08:00:00Z');
    await api.log(height.id, '200', '2026-03-10T08:00:00Z');
    await api.log(weight.id, '100', '2026-03-09T09:00:00Z');
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '22.857143' });

    const runner = createJobRunner({
      ctx: t.app.ctx,
      definitions: trackerJobDefinitions,
      log: { info() {}, warn() {}, error() {} },
    });
    t.clock.set(new Date('2026-03-11T00:05:00Z'));
    expect(await runner.runOnce()).toBe(0);
    t.clock.set(new Date('2026-03-11T00:10:30Z'));
    expect(await runner.runOnce()).toBe(1);
    // Back to when the sign-in is valid, to read.
    t.clock.set(START);
    // Yesterday and today in the profile's zone (UTC): the 10th is caught up, the 9th is out of reach.
    expect(await valuesOf(api, bmi.id)).toEqual({ '2026-03-09': '22.857143', '2026-03-10': '20' });
    expect((await api.call('GET', `/trackers/${bmi.id}`)).body).toMatchObject({
      lastRecalculationDate: '2026-03-11',
      dailyRecalculationCount: 1,
    });
  });
});
