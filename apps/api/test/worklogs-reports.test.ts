import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { worklogUser } from './support/worklog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reports', () => {
  it('sum a range per day, ISO week, month, project, category and client, with and without breaks', async () => {
    const api = await worklogUser(t);
    const site = await api.createProject({ name: 'Site', client: 'Acme' });
    const shop = await api.createProject({ name: 'Shop', client: 'Acme' });
    const blog = await api.createProject({ name: 'Blog' });
    const coding = await api.createCategory({ name: 'Coding', breaksMultiplier: '1.5' });
    // 2026-03-01 is a Sunday: its ISO week began on Monday 2026-02-23.
    await api.createEntry({
      projectId: site.id,
      categoryId: coding.id,
      workDate: '2026-03-01',
      duration: 60,
    });
    await api.createEntry({ projectId: shop.id, workDate: '2026-03-02', duration: 30 });
    await api.createEntry({
      projectId: blog.id,
      categoryId: coding.id,
      workDate: '2026-03-31',
      duration: 15,
    });
    await api.createEntry({
      projectId: site.id,
      workDate: '2026-04-01',
      duration: 7,
      breaksMultiplier: '1.15',
    });
    await api.createEntry({ projectId: site.id, workDate: '2026-04-02', duration: 1000 });
    await api.createEntry({ projectId: site.id, workDate: '2026-02-28', duration: 1000 });

    const response = await api.call('GET', '/worklogs/reports?from=2026-03-01&to=2026-04-01');
    expect(response.status).toBe(200);
    const report = response.body;
    expect(report.total).toEqual({ duration: 112, durationWithBreaks: '150.55', count: 4 });
    const row = (key: string | null, label: string, duration: number, durationWithBreaks: string) => ({
      key,
      label,
      duration,
      durationWithBreaks,
    });
    expect(report.byDay).toEqual([
      row('2026-03-01', '2026-03-01', 60, '90'),
      row('2026-03-02', '2026-03-02', 30, '30'),
      row('2026-03-31', '2026-03-31', 15, '22.5'),
      row('2026-04-01', '2026-04-01', 7, '8.05'),
    ]);
    expect(report.byWeek).toEqual([
      row('2026-02-23', '2026-W09', 60, '90'),
      row('2026-03-02', '2026-W10', 30, '30'),
      row('2026-03-30', '2026-W14', 22, '30.55'),
    ]);
    expect(report.byMonth).toEqual([
      row('2026-03', '2026-03', 105, '142.5'),
      row('2026-04', '2026-04', 7, '8.05'),
    ]);
    expect(report.byProject).toEqual([
      row(site.id, 'Site', 67, '98.05'),
      row(shop.id, 'Shop', 30, '30'),
      row(blog.id, 'Blog', 15, '22.5'),
    ]);
    expect(report.byCategory).toEqual([
      row(coding.id, 'Coding', 75, '112.5'),
      row(null, 'No category', 37, '38.05'),
    ]);
    expect(report.byClient).toEqual([row('Acme', 'Acme', 97, '128.05'), row(null, 'No client', 15, '22.5')]);

    const onlySite = (
      await api.call('GET', `/worklogs/reports?from=2026-03-01&to=2026-04-01&projectId=${site.id}`)
    ).body;
    expect(onlySite.total).toEqual({ duration: 67, durationWithBreaks: '98.05', count: 2 });
    expect(onlySite.byProject).toEqual([row(site.id, 'Site', 67, '98.05')]);
  });

  it('answer an empty range with zeros and no rows', async () => {
    const api = await worklogUser(t);
    const report = (await api.call('GET', '/worklogs/reports?from=2026-01-01&to=2026-01-31')).body;
    expect(report.total).toEqual({ duration: 0, durationWithBreaks: '0', count: 0 });
    expect([
      report.byDay,
      report.byWeek,
      report.byMonth,
      report.byProject,
      report.byCategory,
      report.byClient,
    ]).toEqual([[], [], [], [], [], []]);
  });

  it('refuse a range that ends before it starts or spans more than about five years', async () => {
    const api = await worklogUser(t);
    const status = async (query: string) => (await api.call('GET', `/worklogs/reports?${query}`)).status;
    expect(await status('from=2021-01-01&to=2025-12-31')).toBe(200);
    expect(await status('from=2020-01-01&to=2025-12-31')).toBe(400);
    expect(await status('from=2026-03-02&to=2026-03-01')).toBe(400);
    expect(await status('from=2026-03-01')).toBe(400);
  });
});
