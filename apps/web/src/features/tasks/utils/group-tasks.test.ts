import { describe, expect, it } from 'vitest';
import { groupTasks, toTaskRows } from './group-tasks';

const lists = [
  { id: 'work', name: 'Work', color: '#f00' },
  { id: 'home', name: 'Home', color: null },
  { id: 'empty', name: 'Empty', color: null },
];

function task(id: string, listId: string | null, dueDate: string | null = null) {
  return { id, listId, dueDate: dueDate === null ? null : new Date(dueDate) };
}

const ids = (groups: { label: string; tasks: { id: string }[] }[]) =>
  groups.map((group) => [group.label, group.tasks.map((item) => item.id)]);

describe('groupTasks by list', () => {
  const now = new Date('2026-05-02T10:00:00Z');

  it('follows the list order, keeps the listing order inside, puts tasks without a list last', () => {
    const tasks = [task('a', 'home'), task('b', null), task('c', 'work'), task('d', 'home')];
    expect(ids(groupTasks(tasks, { by: 'list', lists, now, timeZone: 'UTC' }))).toEqual([
      ['Work', ['c']],
      ['Home', ['a', 'd']],
      ['No list', ['b']],
    ]);
  });

  it('shows a task whose list is unknown under "No list"', () => {
    expect(ids(groupTasks([task('a', 'gone')], { by: 'list', lists, now, timeZone: 'UTC' }))).toEqual([
      ['No list', ['a']],
    ]);
  });

  it('gives nothing for no tasks, and one group when not grouping', () => {
    expect(groupTasks([], { by: 'list', lists, now, timeZone: 'UTC' })).toEqual([]);
    expect(groupTasks([], { by: 'none', lists, now, timeZone: 'UTC' })).toEqual([]);
    expect(ids(groupTasks([task('a', 'home')], { by: 'none', lists, now, timeZone: 'UTC' }))).toEqual([
      ['All tasks', ['a']],
    ]);
  });
});

describe('groupTasks by due day', () => {
  it.each([
    // zone, now, due → label
    ['UTC', '2026-05-02T10:00:00Z', '2026-05-01T23:00:00Z', 'Overdue'],
    ['UTC', '2026-05-02T10:00:00Z', '2026-05-02T00:00:00Z', 'Today'],
    ['UTC', '2026-05-02T10:00:00Z', '2026-05-03T23:59:00Z', 'Tomorrow'],
    ['UTC', '2026-05-02T10:00:00Z', '2026-05-05T09:00:00Z', 'Tuesday'],
    ['UTC', '2026-05-02T10:00:00Z', '2026-06-15T09:00:00Z', 'Mon 15 Jun'],
    ['UTC', '2026-12-30T10:00:00Z', '2027-01-20T09:00:00Z', 'Wed 20 Jan 2027'],
    // 23:30 UTC on the 1st is already the 2nd in Tokyo, so today there.
    ['Asia/Tokyo', '2026-05-02T01:00:00Z', '2026-05-01T23:30:00Z', 'Today'],
    // and 01:00 UTC on the 2nd is still the 1st in New York: overdue by the 2nd afternoon there.
    ['America/New_York', '2026-05-02T18:00:00Z', '2026-05-02T01:00:00Z', 'Overdue'],
  ])('in %s at %s, due %s → %s', (timeZone, now, due, label) => {
    const groups = groupTasks([task('a', null, due)], { by: 'due', lists, now: new Date(now), timeZone });
    expect(groups.map((group) => group.label)).toEqual([label]);
  });

  it('orders overdue, today, later days, then no due date', () => {
    const tasks = [
      task('none', null),
      task('later', null, '2026-05-09T09:00:00Z'),
      task('today', null, '2026-05-02T12:00:00Z'),
      task('late', null, '2026-04-01T12:00:00Z'),
      task('late2', null, '2026-05-01T12:00:00Z'),
    ];
    const groups = groupTasks(tasks, {
      by: 'due',
      lists,
      now: new Date('2026-05-02T10:00:00Z'),
      timeZone: 'UTC',
    });
    expect(ids(groups)).toEqual([
      ['Overdue', ['late', 'late2']],
      ['Today', ['today']],
      ['Sat 9 May', ['later']],
      ['No due date', ['none']],
    ]);
  });
});

describe('toTaskRows', () => {
  const groups = [
    { key: 'work', label: 'Work', tasks: ['a', 'b'] },
    { key: 'home', label: 'Home', tasks: ['c'] },
  ];

  it('puts each heading before its tasks and hides the tasks of collapsed groups', () => {
    const rows = toTaskRows(groups, new Set(['work']), { hasHeadings: true });
    expect(rows.map((row) => (row.type === 'group' ? `#${row.group.key}` : row.task))).toEqual([
      '#work',
      '#home',
      'c',
    ]);
  });

  it('lists only tasks without headings', () => {
    expect(toTaskRows(groups, new Set(['work']), { hasHeadings: false }).map((row) => row.type)).toEqual([
      'task',
      'task',
      'task',
    ]);
  });
});
