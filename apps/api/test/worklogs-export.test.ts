import { get, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { worklogCsvColumnKeys } from '@cairn/contracts/worklogs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { type WorklogUser, worklogUser } from './support/worklog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Column = { key: string; label: string; defaultLabel: string; enabled: boolean; order: number };

const readCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: false });

async function exportCsv(api: WorklogUser, query: string) {
  const response = await api.call('GET', `/worklogs/export?${query}`);
  return { ...response, rows: response.status === 200 ? readCsv(response.text) : [] };
}

describe('export settings', () => {
  it('default to every column, some enabled, and a file name from the project name', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject({ name: 'Acme — Website (2026)' });
    const config = project.csvExportConfig;
    expect(config.defaultFilename).toBe('acme-website-2026');
    expect(config.columns.map((column: Column) => column.key)).toEqual([...worklogCsvColumnKeys]);
    expect(config.columns.map((column: Column) => column.order)).toEqual(
      worklogCsvColumnKeys.map((_, index) => index),
    );
    expect(config.columns.find((column: Column) => column.key === 'durationHours')).toEqual({
      key: 'durationHours',
      label: 'Duration (h)',
      defaultLabel: 'Duration (h)',
      enabled: false,
      order: 4,
    });
    expect(config).toMatchObject({ lastUsedPreset: null, presets: [] });
  });

  it('complete what is sent: missing columns disabled with their default labels, in order', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const response = await api.call('PUT', `/worklogs/projects/${project.id}/csv-export-config`, {
      columns: [
        { key: 'description', label: 'What', defaultLabel: 'ignored', enabled: true, order: 5 },
        { key: 'workDate', label: 'Day', defaultLabel: '', enabled: true, order: 9 },
        { key: 'duration', label: 'Minutes', defaultLabel: '', enabled: false, order: 1 },
      ],
      defaultFilename: 'timesheet',
      lastUsedPreset: 'Gone',
      presets: [
        {
          name: 'Client',
          columns: [{ key: 'durationHours', label: 'Hours', defaultLabel: '', enabled: true, order: 0 }],
        },
      ],
    });
    expect(response.status).toBe(200);
    const config = response.body.csvExportConfig;
    expect(config.columns.slice(0, 3)).toEqual([
      { key: 'duration', label: 'Minutes', defaultLabel: 'Duration (min)', enabled: false, order: 0 },
      { key: 'description', label: 'What', defaultLabel: 'Description', enabled: true, order: 1 },
      { key: 'workDate', label: 'Day', defaultLabel: 'Date', enabled: true, order: 2 },
    ]);
    expect(config.columns).toHaveLength(worklogCsvColumnKeys.length);
    expect(
      config.columns
        .slice(3)
        .every((column: Column) => !column.enabled && column.label === column.defaultLabel),
    ).toBe(true);
    expect(config.columns[3]).toMatchObject({ key: 'startTime', label: 'Start', order: 3 });
    expect(config.presets[0].columns).toHaveLength(worklogCsvColumnKeys.length);
    // The preset named as last used no longer exists.
    expect(config.lastUsedPreset).toBeNull();
    expect((await api.call('GET', `/worklogs/projects/${project.id}`)).body.csvExportConfig).toEqual(config);
  });

  it('refuse a column twice, no enabled column, a path in the file name and twin preset names', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const column = (key: string, enabled = true) => ({
      key,
      label: key,
      defaultLabel: key,
      enabled,
      order: 0,
    });
    const put = (body: Record<string, unknown>) =>
      api.call('PUT', `/worklogs/projects/${project.id}/csv-export-config`, {
        columns: [column('workDate')],
        defaultFilename: 'file',
        lastUsedPreset: null,
        presets: [],
        ...body,
      });
    const twice = await put({ columns: [column('workDate'), column('duration'), column('workDate')] });
    expect(twice.status).toBe(400);
    expect(twice.body.issues[0].path).toEqual(['body', 'columns', 2, 'key']);
    expect((await put({ columns: [column('workDate', false)] })).status).toBe(400);
    expect((await put({ defaultFilename: '../etc/passwd' })).status).toBe(400);
    expect((await put({ columns: [column('unknownKey')] })).status).toBe(400);
    const twins = await put({
      presets: [
        { name: 'A', columns: [column('duration')] },
        { name: 'A', columns: [column('workDate')] },
      ],
    });
    expect(twins.status).toBe(400);
    expect(twins.body.issues[0].path).toEqual(['body', 'presets', 1, 'name']);
    expect(
      (await api.call('GET', `/worklogs/projects/${project.id}`)).body.csvExportConfig.defaultFilename,
    ).toBe('website');
  });
});

describe('the CSV file', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and defuses formulas, read back by a CSV parser', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject({ name: 'Site', client: '=cmd|" /C calc"!A0' });
    const category = await api.createCategory({ name: '@SUM(1+1)', breaksMultiplier: '1.15' });
    const description = 'He said "hi", then left\nNext line, with a comma\r\nand CRLF';
    await api.createEntry({
      projectId: project.id,
      categoryId: category.id,
      workDate: '2026-03-05',
      startTime: '09:00',
      endTime: '09:07',
      description,
      taskName: '+SUM(A1:A9)',
    });
    await api.createEntry({
      projectId: project.id,
      workDate: '2026-03-04',
      duration: 90,
      description: '-2+3',
    });
    await api.createEntry({
      projectId: project.id,
      workDate: '2026-03-04',
      startTime: '23:00',
      endTime: '00:30',
      crossesMidnight: true,
      description: '\tTabbed',
    });
    await api.createEntry({
      projectId: project.id,
      workDate: '2026-02-28',
      duration: 5,
      description: 'Outside the range',
    });
    const other = await api.createProject({ name: 'Other' });
    await api.createEntry({
      projectId: other.id,
      workDate: '2026-03-05',
      duration: 5,
      description: 'Other project',
    });
    const columns = [
      'workDate',
      'startTime',
      'endTime',
      'duration',
      'durationHours',
      'breaksMultiplier',
      'durationWithBreaks',
      'durationWithBreaksHours',
      'project',
      'client',
      'category',
      'taskName',
      'description',
    ];
    await api.call('PUT', `/worklogs/projects/${project.id}/csv-export-config`, {
      columns: columns.map((key, order) => ({
        key,
        label: key === 'description' ? 'Notes, "quoted"' : key,
        defaultLabel: '',
        enabled: true,
        order,
      })),
      defaultFilename: 'Zeitnachweis März',
      lastUsedPreset: null,
      presets: [],
    });

    const response = await exportCsv(api, `projectId=${project.id}&from=2026-03-01&to=2026-03-31`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Zeitnachweis M_rz_2026-03-01_2026-03-31.csv"; filename*=UTF-8''Zeitnachweis%20M%C3%A4rz_2026-03-01_2026-03-31.csv`,
    );
    expect(response.text.startsWith('\uFEFF')).toBe(true);
    expect(response.text).toContain('"He said ""hi"", then left\nNext line, with a comma\r\nand CRLF"');
    expect(response.text).toContain('\r\n');
    expect(response.rows).toEqual([
      [...columns.slice(0, -1), 'Notes, "quoted"'],
      ['2026-03-04', '', '', '90', '1.50', '1', '90', '1.50', 'Site', `'=cmd|" /C calc"!A0`, '', '', `'-2+3`],
      [
        '2026-03-04',
        '23:00',
        '00:30',
        '90',
        '1.50',
        '1',
        '90',
        '1.50',
        'Site',
        `'=cmd|" /C calc"!A0`,
        '',
        '',
        `'\tTabbed`,
      ],
      [
        '2026-03-05',
        '09:00',
        '09:07',
        '7',
        '0.12',
        '1.15',
        '8.05',
        '0.13',
        'Site',
        `'=cmd|" /C calc"!A0`,
        `'@SUM(1+1)`,
        `'+SUM(A1:A9)`,
        description,
      ],
    ]);
  });

  it('uses a preset when asked, remembers it, and answers 404 for an unknown one', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject({ name: 'Site' });
    await api.createEntry({
      projectId: project.id,
      workDate: '2026-03-05',
      duration: 45,
      description: 'Work',
    });
    const column = (key: string, label: string, order: number) => ({
      key,
      label,
      defaultLabel: '',
      enabled: true,
      order,
    });
    await api.call('PUT', `/worklogs/projects/${project.id}/csv-export-config`, {
      columns: [column('workDate', 'Date', 0), column('description', 'Description', 1)],
      defaultFilename: 'site',
      lastUsedPreset: null,
      presets: [
        {
          name: 'For the client',
          columns: [column('durationHours', 'Hours', 0), column('workDate', 'Day', 1)],
        },
      ],
    });
    const range = `projectId=${project.id}&from=2026-03-01&to=2026-03-31`;
    expect((await exportCsv(api, range)).rows).toEqual([
      ['Date', 'Description'],
      ['2026-03-05', 'Work'],
    ]);
    expect(
      (await api.call('GET', `/worklogs/projects/${project.id}`)).body.csvExportConfig.lastUsedPreset,
    ).toBeNull();
    const preset = await exportCsv(api, `${range}&preset=${encodeURIComponent('For the client')}`);
    expect(preset.rows).toEqual([
      ['Hours', 'Day'],
      ['0.75', '2026-03-05'],
    ]);
    expect(
      (await api.call('GET', `/worklogs/projects/${project.id}`)).body.csvExportConfig.lastUsedPreset,
    ).toBe('For the client');
    const unknown = await exportCsv(api, `${range}&preset=Nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect((await exportCsv(api, `projectId=${project.id}&from=2026-03-31&to=2026-03-01`)).status).toBe(400);
  });
});

/** The collector, reachable without starting Node with --expose-gc. */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('a large export', () => {
  it('streams 100,000 rows in batches, holding a small part of the file in memory at any time', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject({ name: 'Big' });
    const category = await api.createCategory({ breaksMultiplier: '1.15' });
    const userId = (await api.call('GET', '/users/me')).body.id;
    await t.database.db.execute(sql`
      insert into worklogs (user_id, id, project_id, category_id, task_name, description, work_date,
                            start_minute, end_minute, duration, breaks_multiplier, created_at, updated_at)
      select ${userId}, gen_random_uuid(), ${project.id}, ${category.id}, 'Task ' || n,
             'Entry ' || n || ', with "quotes", a comma and some more text: ' || repeat('lorem ipsum ', 8),
             date '2020-01-01' + n / 100, (n % 100) * 10 + 60, (n % 100) * 10 + 67, 7, 1.15, now(), now()
        from generate_series(0, 99999) n`);

    // Over a real socket, so the server writes only as fast as the client reads, as in production.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const gc = exposeGc();
    gc();
    const baseline = process.memoryUsage().heapUsed;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      get(
        `${address}/api/v1/worklogs/export?projectId=${project.id}&from=2020-01-01&to=2022-12-31`,
        { headers: { authorization: `Bearer ${api.token}` } },
        resolve,
      ).on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    let bytes = 0;
    let lineBreaks = 0;
    let chunks = 0;
    let peakGrowth = 0;
    let tail = '';
    for await (const chunk of response) {
      const text = (chunk as Buffer).toString('utf8');
      bytes += (chunk as Buffer).length;
      // The records hold no line breaks of their own; a CRLF may be split between two chunks.
      lineBreaks += text.split('\n').length - 1;
      tail = (tail + text).slice(-500);
      chunks += 1;
      if (chunks % 50 === 0) {
        gc();
        peakGrowth = Math.max(peakGrowth, process.memoryUsage().heapUsed - baseline);
      }
    }
    // The header and 100,000 records, each ended by CRLF.
    expect(lineBreaks).toBe(100_001);
    expect(bytes).toBeGreaterThan(15_000_000);
    expect(chunks).toBeGreaterThan(100);
    const lastRecord = readCsv(tail.slice(tail.lastIndexOf('\r\n', tail.length - 3) + 2)).at(-1);
    expect(lastRecord?.slice(0, 4)).toEqual(['2022-09-26', '17:30', '17:37', '7']);
    expect(peakGrowth, `heap grew by ${peakGrowth} bytes for a ${bytes}-byte file`).toBeLessThan(bytes / 5);
  }, 120_000);
});
