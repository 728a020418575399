import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import type { ExportDocument, ExportRow } from '../export-document';
import { readTogglCsv, readTogglDuration } from './toggl-csv';

const options = { now: new Date('2026-11-26T10:00:00Z'), timeZone: 'Europe/Berlin' };
const HEADER =
  'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (EUR)';

function readSample(name: string): string {
  return readFileSync(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url), 'utf8');
}

function rowsOf(document: ExportDocument, table: string): ExportRow[] {
  return document.tables[table] ?? [];
}

/** Each entry with its project and category named instead of referenced. */
function describeEntries(document: ExportDocument) {
  const nameOf = (table: string, id: unknown) => rowsOf(document, table).find((row) => row.id === id)?.name;
  return rowsOf(document, 'worklogs').map((entry) => ({
    project: nameOf('worklogs_projects', entry.projectId),
    category: entry.categoryId === null ? null : nameOf('worklogs_categories', entry.categoryId),
    taskName: entry.taskName,
    description: entry.description,
    workDate: entry.workDate,
    startMinute: entry.startMinute,
    endMinute: entry.endMinute,
    crossesMidnight: entry.crossesMidnight,
    duration: entry.duration,
  }));
}

function readError(text: string): AppError {
  try {
    readTogglCsv(text, options);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the file was read without an error');
}

const ENTRY_KEYS = [
  'id',
  'projectId',
  'categoryId',
  'taskId',
  'taskName',
  'taskUrl',
  'pullRequestUrl',
  'description',
  'workDate',
  'startMinute',
  'endMinute',
  'crossesMidnight',
  'duration',
  'breaksMultiplier',
  'createdAt',
  'updatedAt',
].sort();

describe('readTogglCsv on a sample detailed report', () => {
  const document = readTogglCsv(readSample('toggl-detailed.csv'), options);
  const timestamps = { createdAt: '2026-11-26T10:00:00.000Z', updatedAt: '2026-11-26T10:00:00.000Z' };

  it('makes one project per name in any case, with its client, and one for entries without a project', () => {
    expect(rowsOf(document, 'worklogs_projects')).toEqual([
      {
        id: expect.any(String),
        name: 'Website relaunch',
        client: 'Harbor Bakery',
        csvExportConfig: null,
        endedAt: null,
        ...timestamps,
      },
      {
        id: expect.any(String),
        name: 'Internal',
        client: null,
        csvExportConfig: null,
        endedAt: null,
        ...timestamps,
      },
      {
        id: expect.any(String),
        name: 'Without project',
        client: null,
        csvExportConfig: null,
        endedAt: null,
        ...timestamps,
      },
      {
        id: expect.any(String),
        name: 'Shop audit',
        client: 'Dock Street Co',
        csvExportConfig: null,
        endedAt: null,
        ...timestamps,
      },
    ]);
  });

  it('makes a category of each first tag, once per name in any case', () => {
    expect(rowsOf(document, 'worklogs_categories')).toEqual([
      { id: expect.any(String), name: 'Design', breaksMultiplier: '1', ...timestamps },
      { id: expect.any(String), name: 'Meeting', breaksMultiplier: '1', ...timestamps },
      { id: expect.any(String), name: 'learning', breaksMultiplier: '1', ...timestamps },
    ]);
  });

  it('turns each row into an entry: day, times to the minute, midnight, long entries by duration only', () => {
    expect(describeEntries(document)).toEqual([
      {
        project: 'Website relaunch',
        category: 'Design',
        taskName: 'Menu page',
        description: 'Layout for the seasonal menu',
        workDate: '2026-11-02',
        startMinute: 540,
        endMinute: 630,
        crossesMidnight: false,
        duration: 90,
      },
      {
        project: 'Website relaunch',
        category: 'Meeting',
        taskName: '',
        description: 'Client call about photos (tags: Phone)',
        workDate: '2026-11-02',
        startMinute: 13 * 60 + 15,
        endMinute: 13 * 60 + 42,
        crossesMidnight: false,
        duration: 27,
      },
      {
        project: 'Internal',
        category: null,
        taskName: '',
        description: 'Invoices for October',
        workDate: '2026-11-03',
        startMinute: 8 * 60 + 5,
        endMinute: 8 * 60 + 6,
        crossesMidnight: false,
        duration: 1,
      },
      {
        project: 'Without project',
        category: 'learning',
        taskName: '',
        description: 'Reading about CSS container queries',
        workDate: '2026-11-03',
        startMinute: 20 * 60,
        endMinute: 21 * 60 + 10,
        crossesMidnight: false,
        duration: 70,
      },
      {
        project: 'Website relaunch',
        category: 'Design',
        taskName: 'Deploy',
        description: 'Night deploy of the new menu',
        workDate: '2026-11-04',
        startMinute: 23 * 60 + 30,
        endMinute: 75,
        crossesMidnight: true,
        duration: 105,
      },
      {
        project: 'Shop audit',
        category: null,
        taskName: '',
        description: 'Forgot to stop the timer',
        workDate: '2026-11-05',
        startMinute: null,
        endMinute: null,
        crossesMidnight: false,
        duration: 25 * 60,
      },
    ]);
  });

  it('fills every column of an entry row but the generated one, with the default multiplier', () => {
    for (const entry of rowsOf(document, 'worklogs')) {
      expect(Object.keys(entry).sort()).toEqual(ENTRY_KEYS);
      expect(entry).toMatchObject({
        taskId: null,
        taskUrl: null,
        pullRequestUrl: null,
        breaksMultiplier: '1',
      });
    }
  });

  it('reads the same file with a byte order mark and CRLF line ends', () => {
    const windows = `\ufeff${readSample('toggl-detailed.csv').replace(/\n/g, '\r\n')}`;
    expect(describeEntries(readTogglCsv(windows, options))).toEqual(describeEntries(document));
  });
});

describe('readTogglCsv', () => {
  it('finds columns in any case, and does without Task, Tags, Client, the end and the amounts', () => {
    const document = readTogglCsv(readSample('toggl-minimal.csv'), options);
    expect(rowsOf(document, 'worklogs_projects').map((project) => [project.name, project.client])).toEqual([
      ['Internal', null],
    ]);
    expect(describeEntries(document)).toEqual([
      {
        project: 'Internal',
        category: null,
        taskName: '',
        description: 'Standup',
        workDate: '2026-11-10',
        startMinute: 7 * 60 + 45,
        endMinute: 8 * 60,
        crossesMidnight: false,
        duration: 15,
      },
    ]);
  });

  it('computes the end from the duration when the file has none, across midnight too', () => {
    const text =
      'Project,Description,Start date,Start time,Duration\nOps,Backup check,2026-11-10,23:50:00,00:20:00';
    expect(describeEntries(readTogglCsv(text, options))[0]).toMatchObject({
      workDate: '2026-11-10',
      startMinute: 23 * 60 + 50,
      endMinute: 10,
      crossesMidnight: true,
      duration: 20,
    });
  });

  it('accepts 12-hour times and a Billable amount column', () => {
    const text = [
      'Project,Description,Billable,Start date,Start time,End date,End time,Duration,Billable amount',
      'Ops,Patching,Yes,2026-11-10,1:05:00 PM,2026-11-10,2:35:00 PM,1:30:00,90.00',
    ].join('\n');
    expect(describeEntries(readTogglCsv(text, options))[0]).toMatchObject({
      startMinute: 13 * 60 + 5,
      endMinute: 14 * 60 + 35,
      duration: 90,
    });
  });

  it.each([
    ['01:30:00', 5400],
    ['1:30:00', 5400],
    ['26:00:05', 93_605],
    ['0:45', 2700],
    ['0.75', 2700],
    ['2', 7200],
    ['1:60:00', undefined],
    ['1h 30m', undefined],
    ['', undefined],
  ])('duration %j → %s seconds', (text, seconds) => {
    expect(readTogglDuration(text)).toBe(seconds);
  });

  const row = (
    fields: Partial<
      Record<'project' | 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'duration', string>
    >,
  ) =>
    [
      'Jon,jon@example.com,,',
      fields.project ?? 'Ops',
      ',,Work,No,',
      fields.startDate ?? '2026-11-10',
      ',',
      fields.startTime ?? '09:00:00',
      ',',
      fields.endDate ?? '2026-11-10',
      ',',
      fields.endTime ?? '10:00:00',
      ',',
      fields.duration ?? '01:00:00',
      ',,0.00',
    ].join('');

  it('reads the row the tests below change', () => {
    expect(describeEntries(readTogglCsv(`${HEADER}\n${row({})}`, options))[0]).toMatchObject({
      project: 'Ops',
      description: 'Work',
      duration: 60,
    });
  });

  it.each([
    ['', 'The file is empty; export a Toggl Track CSV and choose it again'],
    [`${HEADER}\r\n`, 'The file has a header but no rows below it, so there is nothing to import'],
    [
      'TYPE,CONTENT,PRIORITY\ntask,Call,4',
      'Line 1: the header lacks Start date, Start time, Duration, so this is not a Toggl Track CSV export',
    ],
    [
      `${HEADER}\n${row({})}\n${row({ startDate: '10/11/2026' })}`,
      'Line 3: Start date "10/11/2026" is not a date as Toggl writes it (YYYY-MM-DD)',
    ],
    [
      `${HEADER}\n${row({ startDate: '2026-02-30' })}`,
      'Line 2: Start date "2026-02-30" is not a date as Toggl writes it (YYYY-MM-DD)',
    ],
    [
      `${HEADER}\n${row({ startTime: '24:00:00' })}`,
      'Line 2: Start time "24:00:00" is not a time of day (HH:MM:SS)',
    ],
    [`${HEADER}\n${row({ endTime: 'soon' })}`, 'Line 2: End time "soon" is not a time of day (HH:MM:SS)'],
    [
      `${HEADER}\n${row({ endDate: '' })}`,
      'Line 2: End date "" is not a date as Toggl writes it (YYYY-MM-DD)',
    ],
    [`${HEADER}\n${row({ duration: 'an hour' })}`, 'Line 2: Duration "an hour" is not a duration (HH:MM:SS)'],
    [`${HEADER}\n${row({ endTime: '08:00:00' })}`, 'Line 2: the entry ends before it starts'],
    [`${HEADER}\n\n\n${row({ endDate: '2026-11-09' })}`, 'Line 4: the entry ends before it starts'],
  ])('refuses %j: %s', (text, message) => {
    const error = readError(text);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(message);
  });
});
