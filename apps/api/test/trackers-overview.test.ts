import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser } from './support/tracker-api';

let t: TestApp;
beforeAll(async () => {
  // A day-long token, so the clock can stand still at a known instant for every call.
  t = await createTestApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  t.clock.set(new Date('2026-03-12T10:00:00Z'));
});
afterAll(() => t.close());

describe('recent values for sparklines', () => {
  it("gives each tracker's latest value per day of the range, in the user's zone", async () => {
    const user = await createTrackerUser(t, { timeZone: 'Europe/Warsaw' });
    const weight = await user.tracker('Weight');
    const steps = await user.tracker('Steps');
    await user.tracker('Never logged');
    await user.log(weight.id, '80.5', '2026-03-10T07:00:00Z');
    // Two on one day: the later one is the day's value, whatever order they were entered in.
    await user.log(weight.id, '79.9', '2026-03-11T20:00:00Z');
    await user.log(weight.id, '80.1', '2026-03-11T06:00:00Z');
    // 23:30 UTC on the 11th is already the 12th in Warsaw.
    await user.log(steps.id, '9000', '2026-03-11T23:30:00Z');
    // Outside a 3-day range (the 10th to the 12th).
    await user.log(steps.id, '1200', '2026-03-09T12:00:00Z');

    const response = await user.call('GET', '/trackers/recent-values?days=3');
    expect(response.status).toBe(200);
    expect(response.body.from).toBe('2026-03-10');
    expect(response.body.to).toBe('2026-03-12');
    const byTracker = Object.fromEntries(
      response.body.items.map((item: { trackerId: string; points: unknown[] }) => [
        item.trackerId,
        item.points,
      ]),
    );
    expect(byTracker).toEqual({
      [weight.id]: [
        { date: '2026-03-10', value: '80.5' },
        { date: '2026-03-11', value: '79.9' },
      ],
      [steps.id]: [{ date: '2026-03-12', value: '9000' }],
    });
  });

  it('refuses a range under 2 or over 366 days, and shows nothing of another user', async () => {
    const user = await createTrackerUser(t);
    const other = await createTrackerUser(t);
    const theirs = await other.tracker('Theirs');
    await other.log(theirs.id, '5', '2026-03-12T08:00:00Z');
    expect((await user.call('GET', '/trackers/recent-values?days=1')).status).toBe(400);
    expect((await user.call('GET', '/trackers/recent-values?days=367')).status).toBe(400);
    const mine = await user.call('GET', '/trackers/recent-values');
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([]);
  });
});

describe('a system tracker read through the API', () => {
  it('follows task completion in the trackers list, the logs and a chart, with no other call', async () => {
    const user = await createTrackerUser(t, { timeZone: 'UTC' });
    const switched = await user.call('PUT', '/trackers/system-sources', {
      source: 'tasks.completed',
      isEnabled: true,
    });
    expect(switched.status).toBe(200);
    const trackerId: string = switched.body.trackerId;
    const chart = await user.chart({
      name: 'Done per day',
      chartType: 'timeSeries',
      config: { trackerIds: [trackerId], timeRange: '7d', aggregation: 'sum', colorScheme: 'default' },
    });
    const lastValue = async () =>
      (await user.trackers()).find((tracker) => tracker.id === trackerId)?.lastLog?.value ?? null;
    expect(await lastValue()).toBeNull();

    const first = await user.call('POST', '/tasks', { title: 'Write the report' });
    const second = await user.call('POST', '/tasks', { title: 'Send the invoice' });
    await user.call('POST', `/tasks/${first.body.id}/complete`, {});
    expect(await lastValue()).toBe('1');
    await user.call('POST', `/tasks/${second.body.id}/complete`, {});
    const logs = await user.logs(`?trackerId=${trackerId}`);
    expect(logs.items.map((log) => [log.calculatedDay, log.value])).toEqual([['2026-03-12', '2']]);
    const data = await user.chartData(chart.id);
    expect(data.points).toEqual([expect.objectContaining({ date: '2026-03-12', trackerId, value: '2' })]);

    // Reopened: the day's value follows on the next read.
    const reopened = await user.call('POST', `/tasks/${second.body.id}/uncomplete`);
    expect(reopened.status).toBe(200);
    expect(await lastValue()).toBe('1');
  });
});
