import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser, type TrackerUser } from './support/tracker-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const issueMessages = (body: { issues?: { message: string }[] }) =>
  (body.issues ?? []).map((issue) => issue.message);

const values = (page: { items: { value: string }[] }) => page.items.map((log) => log.value);

async function insertSystemTracker(api: TrackerUser): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into trackers (user_id, id, name, is_system, system_source)
      values (${api.userId}, gen_random_uuid(), 'Hours', true, 'worklogs.hours') returning id`,
  );
  return row?.id as string;
}

async function insertLogRow(api: TrackerUser, trackerId: string, value: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into tracker_logs (user_id, id, tracker_id, value, log_date, calculated_day)
      values (${api.userId}, gen_random_uuid(), ${trackerId}, ${value}, now(), current_date) returning id`,
  );
  return row?.id as string;
}

describe('tracker logs', () => {
  it('logs a value now unless told when, and reads, changes and deletes it', async () => {
    const api = await createTrackerUser(t);
    const weight = await api.tracker('Weight');
    const now = await api.log(weight.id, '80.50', undefined, { note: 'After run' });
    expect(now).toMatchObject({
      trackerId: weight.id,
      value: '80.5',
      note: 'After run',
      logDate: t.clock.now().toISOString(),
      calculatedDay: null,
      isOutOfBounds: false,
    });
    const dated = await api.log(weight.id, '81', '2026-03-01T07:30:00+02:00');
    expect(dated.logDate).toBe('2026-03-01T05:30:00.000Z');
    expect((await api.call('GET', `/tracker-logs/${dated.id}`)).body).toEqual(dated);
    const changed = await api.call('PATCH', `/tracker-logs/${dated.id}`, {
      value: '-0.000001',
      note: null,
      logDate: '2026-02-28T23:00:00Z',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      value: '-0.000001',
      note: null,
      logDate: '2026-02-28T23:00:00.000Z',
    });
    const unchanged = await api.call('PATCH', `/tracker-logs/${dated.id}`, {});
    expect(unchanged.body).toEqual(changed.body);
    expect((await api.call('DELETE', `/tracker-logs/${dated.id}`)).status).toBe(204);
    expect((await api.call('GET', `/tracker-logs/${dated.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/tracker-logs/${dated.id}`)).status).toBe(404);
    expect(values(await api.logs())).toEqual(['80.5']);
  });

  it('keeps every digit of a value', async () => {
    const api = await createTrackerUser(t);
    const tracker = await api.tracker('Big');
    for (const [input, stored] of [
      ['99999999999999.999999', '99999999999999.999999'],
      ['-99999999999999.999999', '-99999999999999.999999'],
      ['0.000001', '0.000001'],
      ['0.1', '0.1'],
      [' 12.340000 ', '12.34'],
      ['-0', '0'],
    ]) {
      const log = await api.log(tracker.id, input as string);
      expect(log.value).toBe(stored);
      expect((await api.call('GET', `/tracker-logs/${log.id}`)).body.value).toBe(stored);
    }
  });

  it.each([
    [{ value: 'abc' }, 'Value must be a valid number'],
    [{ value: '' }, 'Value must be a valid number'],
    [{ value: '1e3' }, 'Value must be a valid number'],
    [{ value: 12 }, 'Value must be a valid number'],
    [{ value: null }, 'Value must be a valid number'],
    [{ value: '123456789012345' }, 'Value must be a valid number'],
    [{ value: '1.1234567' }, 'Value must be a valid number'],
    [{ value: 'NaN' }, 'Value must be a valid number'],
    [{ value: '1', note: 'n'.repeat(1001) }, 'Note must be 1000 characters or less'],
  ])('refuses %j with "%s"', async (fields, message) => {
    const api = await createTrackerUser(t);
    const tracker = await api.tracker('Weight');
    const response = await api.call('POST', '/tracker-logs', { trackerId: tracker.id, ...fields });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(issueMessages(response.body)).toContain(message);
    const log = await api.log(tracker.id, '1');
    const edit = await api.call('PATCH', `/tracker-logs/${log.id}`, fields);
    expect(edit.status).toBe(400);
    expect(issueMessages(edit.body)).toContain(message);
    expect((await api.call('GET', `/tracker-logs/${log.id}`)).body.value).toBe('1');
  });

  it('accepts a note of 1000 characters, and refuses a bad date or another tracker', async () => {
    const api = await createTrackerUser(t);
    const tracker = await api.tracker('Weight');
    expect((await api.log(tracker.id, '1', undefined, { note: 'n'.repeat(1000) })).note).toHaveLength(1000);
    expect(
      (await api.call('POST', '/tracker-logs', { trackerId: tracker.id, value: '1', logDate: '2026-03-01' }))
        .status,
    ).toBe(400);
    const log = await api.log(tracker.id, '2');
    const other = await api.tracker('Other');
    expect((await api.call('PATCH', `/tracker-logs/${log.id}`, { trackerId: other.id })).status).toBe(400);
  });

  it('flags values outside the tracker’s current boundaries, accepting them', async () => {
    const api = await createTrackerUser(t);
    const tracker = await api.tracker('Pulse', { lowerBoundary: '10', upperBoundary: '20' });
    const cases: [string, boolean][] = [
      ['9.999999', true],
      ['10', false],
      ['20', false],
      ['20.000001', true],
      ['-5', true],
    ];
    const logs = [];
    for (const [value, isOutOfBounds] of cases) {
      const log = await api.log(tracker.id, value);
      expect([value, log.isOutOfBounds]).toEqual([value, isOutOfBounds]);
      logs.push(log);
    }
    const flags = async () =>
      Object.fromEntries((await api.logs()).items.map((log) => [log.value, log.isOutOfBounds]));
    expect(await flags()).toEqual({
      '9.999999': true,
      '10': false,
      '20': false,
      '20.000001': true,
      '-5': true,
    });
    await api.call('PATCH', `/trackers/${tracker.id}`, { lowerBoundary: null, upperBoundary: '20.000001' });
    expect(await flags()).toEqual({
      '9.999999': false,
      '10': false,
      '20': false,
      '20.000001': false,
      '-5': false,
    });
    await api.call('PATCH', `/trackers/${tracker.id}`, { lowerBoundary: '0' });
    expect((await api.call('GET', `/tracker-logs/${logs[4]?.id}`)).body.isOutOfBounds).toBe(true);
    const moved = await api.call('PATCH', `/tracker-logs/${logs[4]?.id}`, { value: '0' });
    expect(moved.body.isOutOfBounds).toBe(false);
  });

  it('refuses hand logs on calculated and system trackers with a 409', async () => {
    const api = await createTrackerUser(t);
    const weight = await api.tracker('Weight');
    const calculated = await api.tracker('Double', {
      isCalculated: true,
      calculationFormula: 'weight * 2',
      sourceTrackerIds: [weight.id],
    });
    const onCalculated = await api.call('POST', '/tracker-logs', { trackerId: calculated.id, value: '1' });
    expect(onCalculated.status).toBe(409);
    expect(onCalculated.body).toMatchObject({
      code: 'CONFLICT',
      error: 'Values of a calculated tracker are computed from its sources',
    });
    const system = await insertSystemTracker(api);
    const onSystem = await api.call('POST', '/tracker-logs', { trackerId: system, value: '1' });
    expect(onSystem.status).toBe(409);
    expect(onSystem.body).toMatchObject({
      code: 'CONFLICT',
      error: 'Values of a system tracker follow your data',
    });
    const computed = await insertLogRow(api, system, '7.5');
    expect((await api.call('PATCH', `/tracker-logs/${computed}`, { value: '8' })).status).toBe(409);
    expect((await api.call('DELETE', `/tracker-logs/${computed}`)).status).toBe(409);
    expect((await api.call('GET', `/tracker-logs/${computed}`)).body.value).toBe('7.5');
  });
});

describe('calculated trackers reading a logged tracker', () => {
  it('follow each created, changed and deleted log on the days it touches', async () => {
    const api = await createTrackerUser(t, { timeZone: 'Pacific/Kiritimati' });
    const weight = await api.tracker('Weight');
    await api.log(weight.id, '40', '2026-03-01T08:00:00Z');
    const double = await api.tracker('Double', {
      isCalculated: true,
      calculationFormula: 'weight * 2',
      sourceTrackerIds: [weight.id],
    });
    const computed = async () =>
      (await api.logs(`?trackerId=${double.id}`)).items.map((log) => [log.calculatedDay, log.value]);
    expect(await computed()).toEqual([['2026-03-01', '80']]);
    // 20:00 UTC on 1 March is already 2 March in Kiritimati.
    const later = await api.log(weight.id, '50.5', '2026-03-01T20:00:00Z');
    expect(await computed()).toEqual([
      ['2026-03-02', '101'],
      ['2026-03-01', '80'],
    ]);
    await api.call('PATCH', `/tracker-logs/${later.id}`, { value: '45', logDate: '2026-03-03T01:00:00Z' });
    expect(await computed()).toEqual([
      ['2026-03-03', '90'],
      ['2026-03-01', '80'],
    ]);
    await api.call('DELETE', `/tracker-logs/${later.id}`);
    expect(await computed()).toEqual([['2026-03-01', '80']]);
  });
});

describe('the log list', () => {
  it('pages newest first by logDate then id, of one tracker or all', async () => {
    const api = await createTrackerUser(t);
    const weight = await api.tracker('Weight');
    const sleep = await api.tracker('Sleep');
    // Two logs at the same instant: the id breaks the tie, so no page repeats or skips one.
    const same = '2026-03-05T08:00:00Z';
    const logs = [
      await api.log(weight.id, '1', '2026-03-01T08:00:00Z'),
      await api.log(weight.id, '2', same),
      await api.log(weight.id, '3', same),
      await api.log(sleep.id, '4', '2026-03-03T08:00:00Z'),
      await api.log(weight.id, '5', '2026-03-07T08:00:00Z'),
    ];
    const expected = [...logs]
      .sort((a, b) => (a.logDate === b.logDate ? (a.id < b.id ? 1 : -1) : a.logDate < b.logDate ? 1 : -1))
      .map((log) => log.value);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: { value: string }[]; nextCursor: string | null } = await api.logs(
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...values(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
    expect(values(await api.logs(`?trackerId=${sleep.id}`))).toEqual(['4']);
    const first = await api.logs(`?trackerId=${weight.id}&limit=3`);
    expect(values(first)).toEqual(expected.filter((value) => value !== '4').slice(0, 3));
    const rest = await api.logs(`?trackerId=${weight.id}&limit=3&cursor=${first.nextCursor}`);
    expect(values(rest)).toEqual(['1']);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not give out and a limit out of range', async () => {
    const api = await createTrackerUser(t);
    for (const query of [
      '?cursor=abc',
      `?cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
      '?limit=0',
      '?limit=201',
      '?from=2026-02-30',
    ]) {
      const response = await api.call('GET', `/tracker-logs${query}`);
      expect([query, response.status]).toEqual([query, 400]);
    }
  });

  it('reads from and to as calendar days of the user’s time zone', async () => {
    // 10:30 UTC on 10 March is 00:30 on 11 March in Kiritimati (UTC+14) and 23:30 on 9 March in Pago Pago (UTC-11).
    const instant = '2026-03-10T10:30:00Z';
    const east = await createTrackerUser(t, { timeZone: 'Pacific/Kiritimati' });
    const west = await createTrackerUser(t, { timeZone: 'Pacific/Pago_Pago' });
    const days = async (api: TrackerUser, from: string, to: string) =>
      values(await api.logs(`?from=${from}&to=${to}`));
    for (const api of [east, west]) {
      const tracker = await api.tracker('Mood');
      await api.log(tracker.id, '1', instant);
    }
    expect(await days(east, '2026-03-11', '2026-03-11')).toEqual(['1']);
    expect(await days(east, '2026-03-10', '2026-03-10')).toEqual([]);
    expect(await days(west, '2026-03-09', '2026-03-09')).toEqual(['1']);
    expect(await days(west, '2026-03-10', '2026-03-10')).toEqual([]);

    // Kiritimati's 11 March runs from 10:00 UTC on the 10th to 10:00 UTC on the 11th, both ends exact.
    const tracker = (await east.trackers())[0]?.id as string;
    await east.log(tracker, '2', '2026-03-10T09:59:59.999Z');
    await east.log(tracker, '3', '2026-03-10T10:00:00Z');
    await east.log(tracker, '4', '2026-03-11T09:59:59.999Z');
    await east.log(tracker, '5', '2026-03-11T10:00:00Z');
    expect(await days(east, '2026-03-11', '2026-03-11')).toEqual(['4', '1', '3']);
    expect(await days(east, '2026-03-10', '2026-03-11')).toEqual(['4', '1', '3', '2']);
    expect(values(await east.logs('?from=2026-03-12'))).toEqual(['5']);
    expect(values(await east.logs('?to=2026-03-10'))).toEqual(['2']);

    // Pages keep the range.
    const page = await east.logs('?from=2026-03-11&to=2026-03-11&limit=2');
    expect(values(page)).toEqual(['4', '1']);
    const next = await east.logs(`?from=2026-03-11&to=2026-03-11&limit=2&cursor=${page.nextCursor}`);
    expect(values(next)).toEqual(['3']);
    expect(next.nextCursor).toBeNull();
  });

  it('falls back to the profile’s time zone without the header', async () => {
    const api = await createTrackerUser(t);
    const profile = await api.call('PATCH', '/users/me', { timezone: 'Pacific/Kiritimati' });
    expect(profile.status).toBe(200);
    const tracker = await api.tracker('Mood');
    await api.log(tracker.id, '1', '2026-03-10T10:30:00Z');
    expect(values(await api.logs('?from=2026-03-11&to=2026-03-11'))).toEqual(['1']);
  });
});

describe("another user's data", () => {
  it('is missing on every log route and as the trackerId', async () => {
    const owner = await createTrackerUser(t);
    const stranger = await createTrackerUser(t);
    const tracker = await owner.tracker('Weight');
    const log = await owner.log(tracker.id, '80');
    const url = `/tracker-logs/${log.id}`;
    expect((await stranger.call('GET', url)).status).toBe(404);
    expect((await stranger.call('PATCH', url, { value: '1' })).status).toBe(404);
    expect((await stranger.call('DELETE', url)).status).toBe(404);
    expect((await stranger.call('POST', '/tracker-logs', { trackerId: tracker.id, value: '1' })).status).toBe(
      404,
    );
    expect((await stranger.call('GET', `/tracker-logs?trackerId=${tracker.id}`)).status).toBe(404);
    expect((await stranger.logs()).items).toEqual([]);
    expect((await owner.call('GET', url)).body.value).toBe('80');
    expect((await owner.call('GET', `/trackers/${tracker.id}`)).body.logCount).toBe(1);
  });
});
