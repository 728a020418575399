import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import type { ExportDocument, ExportRow } from '../export-document';
import { readTodoistCsv, todoistPriorityLevels } from './todoist-csv';

// Thursday 26 November 2026, 11:00 in Berlin.
const options = { now: new Date('2026-11-26T10:00:00Z'), timeZone: 'Europe/Berlin' };
const HEADER =
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG';

function readSample(name: string): string {
  return readFileSync(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url), 'utf8');
}

function rowsOf(document: ExportDocument, table: string): ExportRow[] {
  return document.tables[table] ?? [];
}

/** Each task with its references replaced by what they point at, so rows compare without ids. */
function describeTasks(document: ExportDocument) {
  const tasks = rowsOf(document, 'tasks');
  const nameOf = (table: string, id: unknown) =>
    rowsOf(document, table).find((row) => row.id === id)?.[table === 'tasks' ? 'title' : 'name'];
  return tasks.map((task) => ({
    title: task.title,
    parent: task.parentId === null ? null : nameOf('tasks', task.parentId),
    column: nameOf('columns', task.columnId),
    list: nameOf('lists', task.listId),
    urgency: task.urgency,
    importance: task.importance,
    priority: task.priority,
    dueDate: task.dueDate,
    dueDateHasTime: task.dueDateHasTime,
    estimatedTime: task.estimatedTime,
    rrule: task.rrule,
    note: task.note,
  }));
}

function readError(text: string): AppError {
  try {
    readTodoistCsv(text, options);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the file was read without an error');
}

const TASK_KEYS = [
  'id',
  'title',
  'dueDate',
  'dueDateHasTime',
  'estimatedTime',
  'parentId',
  'columnId',
  'listId',
  'urgency',
  'importance',
  'priority',
  'isAdhoc',
  'note',
  'rrule',
  'quickurrence',
  'recurrenceId',
  'reward',
  'addedToToday',
  'addedToNew',
  'rewardedAt',
  'remindAt',
  'drawSkippedAt',
  'completedAt',
  'deletedAt',
  'archivedAt',
  'createdAt',
  'updatedAt',
].sort();

describe('readTodoistCsv on a sample project', () => {
  const document = readTodoistCsv(readSample('todoist-project.csv'), options);

  it('makes one list and a column per section, after a default column for the tasks before them', () => {
    expect(document).toMatchObject({
      format: 'cairn-export',
      version: 1,
      exportedAt: '2026-11-26T10:00:00.000Z',
    });
    expect(rowsOf(document, 'lists')).toEqual([
      {
        id: expect.any(String),
        name: 'Todoist import',
        priority: 0,
        color: null,
        group: null,
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    ]);
    expect(
      rowsOf(document, 'columns').map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest),
    ).toEqual([
      { name: 'To do', isDefault: true, priority: 0, isCompletion: false },
      { name: 'Garden', isDefault: false, priority: 1024, isCompletion: false },
      { name: 'Reading', isDefault: false, priority: 2048, isCompletion: false },
    ]);
  });

  it('turns every task row into a task: nesting, priorities, dates, recurrences and comments', () => {
    const base = { list: 'Todoist import', estimatedTime: null, rrule: null };
    expect(describeTasks(document)).toEqual([
      {
        ...base,
        title: 'Renew passport',
        parent: null,
        column: 'To do',
        urgency: 'high',
        importance: 'high',
        priority: 0,
        dueDate: '2026-11-30T23:00:00.000Z',
        dueDateHasTime: false,
        note: 'Photo booth first',
      },
      {
        ...base,
        title: 'Book photo appointment',
        parent: 'Renew passport',
        column: 'To do',
        urgency: 'medium',
        importance: 'high',
        priority: 0,
        dueDate: '2026-11-27T08:00:00.000Z',
        dueDateHasTime: true,
        estimatedTime: 30,
        note: 'Comment: The booth on Main St takes cards only',
      },
      {
        ...base,
        title: 'Check old passport number',
        parent: 'Book photo appointment',
        column: 'To do',
        urgency: 'low',
        importance: 'low',
        priority: 0,
        dueDate: null,
        dueDateHasTime: true,
        note: null,
      },
      {
        ...base,
        title: 'Water the plants',
        parent: null,
        column: 'To do',
        urgency: 'medium',
        importance: 'medium',
        priority: 1024,
        dueDate: '2026-11-29T23:00:00.000Z',
        dueDateHasTime: false,
        rrule: 'FREQ=WEEKLY;BYDAY=MO',
        note: null,
      },
      {
        ...base,
        title: 'Rake leaves',
        parent: null,
        column: 'Garden',
        urgency: 'low',
        importance: 'low',
        priority: 0,
        dueDate: '2026-12-02T23:00:00.000Z',
        dueDateHasTime: false,
        note: 'Front lawn, then the path',
      },
      {
        ...base,
        title: 'Plan spring beds',
        parent: null,
        column: 'Garden',
        urgency: 'medium',
        importance: 'medium',
        priority: 1024,
        dueDate: null,
        dueDateHasTime: true,
        note: 'Todoist date: after the first frost\n\nTodoist deadline: 2027-03-01',
      },
      {
        ...base,
        title: 'Finish "The Dispossessed"',
        parent: null,
        column: 'Reading',
        urgency: 'low',
        importance: 'low',
        priority: 0,
        dueDate: '2026-11-25T23:00:00.000Z',
        dueDateHasTime: false,
        rrule: 'FREQ=WEEKLY;INTERVAL=2',
        note: 'Chapters 4-6\nthen notes\n\nTodoist duration: 2 days',
      },
      {
        ...base,
        title: 'Return library books',
        parent: null,
        column: 'Reading',
        urgency: 'medium',
        importance: 'high',
        priority: 1024,
        dueDate: '2026-12-14T23:00:00.000Z',
        dueDateHasTime: false,
        note: 'Comment: Late fee after the 20th\n\nComment: Ask about the renewal limit',
      },
    ]);
  });

  it('fills every column of a task row, and gives each recurring task its stored rule and own series', () => {
    const tasks = rowsOf(document, 'tasks');
    for (const task of tasks) expect(Object.keys(task).sort()).toEqual(TASK_KEYS);
    const ids = new Set(tasks.map((task) => task.id));
    expect(ids.size).toBe(tasks.length);
    const recurring = tasks.filter((task) => task.rrule !== null);
    expect(recurring.map((task) => task.quickurrence)).toEqual([
      { rule: 'weekly', startDate: '2026-11-25T23:00:00.000Z', timezone: 'Europe/Berlin', weekDays: [1] },
      { rule: 'weekly', startDate: '2026-11-25T23:00:00.000Z', timezone: 'Europe/Berlin', interval: 2 },
    ]);
    expect(new Set(recurring.map((task) => task.recurrenceId)).size).toBe(2);
    expect(recurring.every((task) => typeof task.recurrenceId === 'string')).toBe(true);
    const oneOff = tasks.filter((task) => task.rrule === null);
    expect(oneOff.every((task) => task.quickurrence === null && task.recurrenceId === null)).toBe(true);
  });

  it('reads the same file with a byte order mark and CRLF line ends', () => {
    const windows = `\ufeff${readSample('todoist-project.csv').replace(/\n/g, '\r\n')}`;
    expect(describeTasks(readTodoistCsv(windows, options))).toEqual(describeTasks(document));
  });
});

describe('readTodoistCsv', () => {
  it('names the list as asked', () => {
    const document = readTodoistCsv(`${HEADER}\ntask,Call the bank,,4,1`, {
      ...options,
      listName: ' Errands ',
    });
    expect(rowsOf(document, 'lists')[0]?.name).toBe('Errands');
  });

  it.each([
    ['1', todoistPriorityLevels[1], 'high', 'high'],
    ['2', todoistPriorityLevels[2], 'medium', 'high'],
    ['3', todoistPriorityLevels[3], 'medium', 'medium'],
    ['4', todoistPriorityLevels[4], 'low', 'low'],
    ['', todoistPriorityLevels[4], 'low', 'low'],
  ])('PRIORITY %j → urgency and importance', (priority, _levels, urgency, importance) => {
    const document = readTodoistCsv(`${HEADER}\ntask,Call the bank,,${priority},1`, options);
    expect(rowsOf(document, 'tasks')[0]).toMatchObject({ urgency, importance });
  });

  it('adds no default column when every task sits in a section, and merges sections of one name', () => {
    const text = [
      HEADER,
      'section,Errands',
      'task,Post office,,4,1',
      'section,Home',
      'task,Fix the tap,,4,1',
      'section,errands',
      'task,Buy stamps,,4,1',
    ].join('\n');
    const document = readTodoistCsv(text, options);
    expect(rowsOf(document, 'columns').map((column) => [column.name, column.isDefault])).toEqual([
      ['Errands', false],
      ['Home', false],
    ]);
    expect(describeTasks(document).map((task) => [task.title, task.column, task.priority])).toEqual([
      ['Post office', 'Errands', 0],
      ['Fix the tap', 'Home', 0],
      ['Buy stamps', 'Errands', 1024],
    ]);
  });

  it('hangs a deeper task under the nearest shallower one above it, and orders siblings', () => {
    const text = [
      HEADER,
      'task,Trip,,4,1',
      'task,Tickets,,4,2',
      'task,Seats,,4,4',
      'task,Hotel,,4,2',
      'task,Packing,,4,1',
    ].join('\n');
    expect(
      describeTasks(readTodoistCsv(text, options)).map((task) => [task.title, task.parent, task.priority]),
    ).toEqual([
      ['Trip', null, 0],
      ['Tickets', 'Trip', 0],
      ['Seats', 'Tickets', 0],
      ['Hotel', 'Trip', 1024],
      ['Packing', null, 1024],
    ]);
  });

  it('takes a deadline as the due date of a task without one, and reads a time (only) in the row zone', () => {
    const text = [
      HEADER,
      'task,File taxes,,4,1,,,,,,,,2027-05-31,en',
      'task,Standup,,4,1,,,every weekday at 9:30am,en,America/New_York,15,minute,,',
      'task,Retreat,,4,1,,,,,,1,day,,',
      'task,Call mum,,4,1,,,tomorrow,en,America/New_York,,,,',
    ].join('\n');
    expect(describeTasks(readTodoistCsv(text, options))).toMatchObject([
      { title: 'File taxes', dueDate: '2027-05-30T22:00:00.000Z', dueDateHasTime: false, note: null },
      {
        title: 'Standup',
        dueDate: '2026-11-26T14:30:00.000Z',
        dueDateHasTime: true,
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        estimatedTime: 15,
      },
      { title: 'Retreat', estimatedTime: null, note: 'Todoist duration: 1 day' },
      { title: 'Call mum', dueDate: '2026-11-26T23:00:00.000Z', dueDateHasTime: false },
    ]);
  });

  it('keeps a date in another language in the note', () => {
    const text = `${HEADER}\ntask,Zahnarzt,,4,1,,,jeden Montag,de,,,,,`;
    expect(describeTasks(readTodoistCsv(text, options))[0]).toMatchObject({
      dueDate: null,
      rrule: null,
      note: 'Todoist date: jeden Montag',
    });
  });

  it.each([
    ['', 'The file is empty; export a Todoist CSV and choose it again'],
    ['\ufeff\r\n\r\n', 'The file is empty; export a Todoist CSV and choose it again'],
    [HEADER, 'The file has a header but no rows below it, so there is nothing to import'],
    [
      'User,Email,Client,Project,Description\nJon,jon@example.com,,,Call',
      'Line 1: the header lacks TYPE, CONTENT, so this is not a Todoist CSV export',
    ],
    [`${HEADER}\ntask,Call,,4,1\n\nchore,Dishes,,4,1`, 'Line 4: TYPE "chore" is not task, section or note'],
    [`${HEADER}\ntask,,Nothing to call it,4,1`, 'Line 2: the task has no title in CONTENT'],
    [`${HEADER}\ntask,${'x'.repeat(501)},,4,1`, "Line 2: the task's title is longer than 500 characters"],
    [
      `${HEADER}\ntask,Call,,0,1`,
      'Line 2: PRIORITY "0" is not 1, 2, 3 or 4 (Todoist writes 4 for no priority)',
    ],
    [
      `${HEADER}\ntask,Call,,p1,1`,
      'Line 2: PRIORITY "p1" is not 1, 2, 3 or 4 (Todoist writes 4 for no priority)',
    ],
    [`${HEADER}\ntask,Call,,4,6`, 'Line 2: INDENT "6" is not a whole number from 1 to 5'],
    [`${HEADER}\ntask,Call,,4,1.5`, 'Line 2: INDENT "1.5" is not a whole number from 1 to 5'],
    [`${HEADER}\ntask,Call,,4,2`, 'Line 2: INDENT 2 but no task above it (in its section) is less indented'],
    [
      `${HEADER}\ntask,Call,,4,1\nsection,Later\ntask,Follow up,,4,2`,
      'Line 4: INDENT 2 but no task above it (in its section) is less indented',
    ],
    [`${HEADER}\nnote,Remember this,,,,`, 'Line 2: a note (comment) comes before any task'],
    [`${HEADER}\nsection,,,,,`, 'Line 2: the section has no name in CONTENT'],
    [
      `${HEADER}\ntask,"Call\nthe bank",,4,1\ntask,Pay,,4,1,,,,,,ten,minute`,
      'Line 4: DURATION "ten" is not a whole number of minutes or days',
    ],
  ])('refuses %j: %s', (text, message) => {
    const error = readError(text);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(message);
  });
});
