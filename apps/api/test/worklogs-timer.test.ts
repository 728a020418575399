import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { worklogUser } from './support/worklog-fixtures';

const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the timer', () => {
  it('starts, shows on every read, and stops into an entry with its project, category, task and description', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const category = await api.createCategory({ breaksMultiplier: '1.15' });
    const task = await api.createTask({ title: 'Review pull request' });
    t.clock.set(new Date('2026-03-10T09:00:20Z'));
    const started = await api.call('POST', '/worklogs/timer/start', {
      projectId: project.id,
      categoryId: category.id,
      taskId: task.id,
      description: 'Reviewing',
    });
    expect(started.status).toBe(201);
    expect(started.body.timer).toMatchObject({
      projectId: project.id,
      startedAt: '2026-03-10T09:00:20.000Z',
    });
    expect((await api.call('GET', '/worklogs/timer')).body.timer.taskId).toBe(task.id);

    t.clock.advance(47 * MINUTE + 30_000);
    const stopped = await api.call('POST', '/worklogs/timer/stop', { description: 'Reviewed #42' });
    expect(stopped.status).toBe(201);
    expect(stopped.body).toMatchObject({
      projectId: project.id,
      categoryId: category.id,
      taskId: task.id,
      taskName: 'Review pull request',
      description: 'Reviewed #42',
      workDate: '2026-03-10',
      startTime: '09:00',
      endTime: '09:48',
      crossesMidnight: false,
      duration: 48,
      breaksMultiplier: '1.15',
      durationWithBreaks: '55.2',
    });
    expect((await api.call('GET', '/worklogs/timer')).body.timer).toBeNull();
    expect((await api.call('POST', '/worklogs/timer/stop', {})).status).toBe(404);
    expect((await api.call('DELETE', '/worklogs/timer')).status).toBe(404);
  });

  it('counts a timer stopped within its first minute as one minute', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    t.clock.set(new Date('2026-03-10T23:59:10Z'));
    await api.signIn();
    await api.call('POST', '/worklogs/timer/start', { projectId: project.id });
    t.clock.advance(20_000);
    const stopped = await api.call('POST', '/worklogs/timer/stop', {});
    expect(stopped.body).toMatchObject({
      workDate: '2026-03-10',
      startTime: '23:59',
      endTime: '00:00',
      crossesMidnight: true,
      duration: 1,
    });
  });

  it('refuses a second start with 409, and two simultaneous starts let exactly one through', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const other = await api.createProject({ name: 'Other' });
    const starts = await Promise.all([
      api.call('POST', '/worklogs/timer/start', { projectId: project.id }),
      api.call('POST', '/worklogs/timer/start', { projectId: other.id }),
    ]);
    expect(starts.map((response) => response.status).sort()).toEqual([201, 409]);
    const refused = starts.find((response) => response.status === 409);
    expect(refused?.body.code).toBe('CONFLICT');
    const winner = starts.find((response) => response.status === 201);
    expect((await api.call('GET', '/worklogs/timer')).body.timer.projectId).toBe(
      winner?.body.timer.projectId,
    );
    expect((await api.call('POST', '/worklogs/timer/start', { projectId: project.id })).status).toBe(409);
    expect((await api.call('DELETE', '/worklogs/timer')).status).toBe(204);
    expect((await api.call('GET', '/worklogs')).body.totals.count).toBe(0);
    expect((await api.call('POST', '/worklogs/timer/start', { projectId: project.id })).status).toBe(201);
  });

  it('logs a timer that ran past midnight on the day it started, and refuses one left running for a day', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    t.clock.set(new Date('2026-03-10T22:30:00Z'));
    await api.call('POST', '/worklogs/timer/start', { projectId: project.id });
    t.clock.advance(165 * MINUTE);
    await api.signIn();
    const stopped = await api.call('POST', '/worklogs/timer/stop', {});
    expect(stopped.body).toMatchObject({
      workDate: '2026-03-10',
      startTime: '22:30',
      endTime: '01:15',
      crossesMidnight: true,
      duration: 165,
    });

    await api.call('POST', '/worklogs/timer/start', { projectId: project.id });
    t.clock.advance(24 * 60 * MINUTE);
    await api.signIn();
    const forgotten = await api.call('POST', '/worklogs/timer/stop', {});
    expect(forgotten.status).toBe(409);
    expect((await api.call('GET', '/worklogs/timer')).body.timer).not.toBeNull();
  });
});

describe('the day a stopped timer lands on', () => {
  it("is the start's day in the request's time zone, else the profile's, and reports sum it there", async () => {
    const warsaw = await worklogUser(t, { timeZone: 'Europe/Warsaw' });
    const profile = await worklogUser(t);
    expect((await profile.call('PATCH', '/users/me', { timezone: 'Europe/Warsaw' })).status).toBe(200);
    const utc = await worklogUser(t, { timeZone: 'UTC' });
    const entries = [];
    for (const api of [warsaw, profile, utc]) {
      const project = await api.createProject();
      t.clock.set(new Date('2026-03-10T23:00:00Z'));
      await api.call('POST', '/worklogs/timer/start', { projectId: project.id });
      t.clock.set(new Date('2026-03-10T23:30:00Z'));
      entries.push((await api.call('POST', '/worklogs/timer/stop', {})).body);
    }
    const [inWarsaw, fromProfile, inUtc] = entries;
    expect(inWarsaw).toMatchObject({
      workDate: '2026-03-11',
      startTime: '00:00',
      endTime: '00:30',
      duration: 30,
    });
    expect(fromProfile).toMatchObject({ workDate: '2026-03-11', startTime: '00:00', endTime: '00:30' });
    expect(inUtc).toMatchObject({ workDate: '2026-03-10', startTime: '23:00', endTime: '23:30' });

    const report = (await warsaw.call('GET', '/worklogs/reports?from=2026-03-10&to=2026-03-11')).body;
    expect(report.byDay).toEqual([
      { key: '2026-03-11', label: '2026-03-11', duration: 30, durationWithBreaks: '30' },
    ]);
    const utcReport = (await utc.call('GET', '/worklogs/reports?from=2026-03-10&to=2026-03-11')).body;
    expect(utcReport.byDay.map((row: { key: string }) => row.key)).toEqual(['2026-03-10']);
  });
});

describe('after a restart', () => {
  it('the timer is still running, read from the database by a new app', async () => {
    const first = await createTestApp();
    const api = await worklogUser(first);
    const project = await api.createProject();
    first.clock.set(new Date('2026-03-10T08:00:00Z'));
    await api.call('POST', '/worklogs/timer/start', {
      projectId: project.id,
      description: 'Before the restart',
    });
    await first.app.close();

    const second = await createTestApp({ database: first.database });
    try {
      const read = await second.request({ method: 'GET', url: '/api/v1/worklogs/timer', token: api.token });
      expect(read.json().timer).toMatchObject({
        projectId: project.id,
        description: 'Before the restart',
        startedAt: '2026-03-10T08:00:00.000Z',
      });
      second.clock.set(new Date('2026-03-10T09:00:00Z'));
      const stopped = await second.request({
        method: 'POST',
        url: '/api/v1/worklogs/timer/stop',
        token: api.token,
        payload: {},
      });
      expect(stopped.json()).toMatchObject({ startTime: '08:00', endTime: '09:00', duration: 60 });
    } finally {
      await second.close();
      // The first app's database is the second's, closed above; only its file folder is left.
      if (first.attachmentsRoot)
        await rm(path.dirname(first.attachmentsRoot), { recursive: true, force: true });
    }
  });
});
