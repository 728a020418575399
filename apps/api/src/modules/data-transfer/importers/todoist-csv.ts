import { TASK_TITLE_MAX_LENGTH } from '@cairn/contracts/tasks';
import { formatRRule } from '@cairn/recurrence';
import { isValidTimeZone } from '@cairn/recurrence/time-zone';
import { newId } from '../../../db/ids';
import { priorityAfter } from '../../../lib/ordering';
import { defaultColumns } from '../../columns/columns.service';
import { toStoredRecurrence } from '../../tasks/task-recurrence-rules';
import type { ExportDocument, ExportRow } from '../export-document';
import { createImportDocument, type ImportCsvRow, lineError, readImportCsv } from './import-csv';
import { readTodoistDate, type TodoistDue } from './todoist-dates';

/**
 * A Todoist project exported as CSV ("Export as CSV template") → one list. Sections become kanban
 * columns; tasks before the first section go to a column named like a new account's default one and
 * marked default, so an import can place them in the account's own default column. INDENT nests
 * subtasks under the nearest shallower task above. A `note` row is a comment on the task above it and
 * is appended to that task's note (after its DESCRIPTION) as a "Comment: …" paragraph, since tasks have
 * one free-text field. What has no column of its own (a DATE this cannot read, a deadline beside a due
 * date, a duration in days) is kept in the note as "Todoist date: …" and so on, so nothing is lost.
 * AUTHOR and RESPONSIBLE are left out: a Cairn account has one person.
 */

const REQUIRED_COLUMNS = ['TYPE', 'CONTENT'] as const;
const MAX_INDENT = 5;
const DEFAULT_LIST_NAME = 'Todoist import';

type Level = 'low' | 'medium' | 'high';

/**
 * Todoist's PRIORITY column (4 is no priority, 1 is p1, the highest) → urgency and importance. The four
 * steps keep their order on both scales, so sorting by either keeps Todoist's order. A Todoist priority
 * says how much a task matters more than how soon it is due (the date says that), so p2 is important
 * before it is urgent. p4 is Todoist's "no priority": low on both, below every task its user marked.
 */
export const todoistPriorityLevels = {
  1: { urgency: 'high', importance: 'high' },
  2: { urgency: 'medium', importance: 'high' },
  3: { urgency: 'medium', importance: 'medium' },
  4: { urgency: 'low', importance: 'low' },
} as const satisfies Record<number, { urgency: Level; importance: Level }>;

type TodoistPriority = keyof typeof todoistPriorityLevels;

export type ReadTodoistCsvOptions = {
  now: Date;
  /** The importing user's zone: "today", "Dec 3" and whole-day dues are days there. */
  timeZone: string;
  /** The new list's name (Todoist's CSV does not carry its project's name; the file name does). */
  listName?: string | undefined;
};

type TaskDraft = { row: ExportRow; noteParts: string[]; comments: string[] };

const PRIORITY_OF_TEXT = new Map<string, TodoistPriority>([
  ['', 4],
  ['1', 1],
  ['2', 2],
  ['3', 3],
  ['4', 4],
]);

function readPriority(record: ImportCsvRow): TodoistPriority {
  const text = record.get('PRIORITY');
  const priority = PRIORITY_OF_TEXT.get(text);
  if (priority !== undefined) return priority;
  throw lineError(record.line, `PRIORITY "${text}" is not 1, 2, 3 or 4 (Todoist writes 4 for no priority)`);
}

function readIndent(record: ImportCsvRow): number {
  const text = record.get('INDENT');
  if (text === '') return 1;
  const indent = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (indent >= 1 && indent <= MAX_INDENT) return indent;
  throw lineError(record.line, `INDENT "${text}" is not a whole number from 1 to ${MAX_INDENT}`);
}

/** Minutes for estimatedTime, or a text to keep in the note (Todoist also measures durations in days). */
function readDuration(record: ImportCsvRow): { minutes: number | null; kept: string | null } {
  const text = record.get('DURATION');
  if (text === '') return { minutes: null, kept: null };
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw lineError(record.line, `DURATION "${text}" is not a whole number of minutes or days`);
  }
  const amount = Number(text);
  const unit = record.get('DURATION_UNIT').toLowerCase();
  if (unit === '' || unit === 'minute' || unit === 'minutes') return { minutes: amount, kept: null };
  const plural = amount === 1 || unit.endsWith('s') ? '' : 's';
  return { minutes: null, kept: `Todoist duration: ${amount} ${unit}${plural}` };
}

/**
 * A whole-day due is a day in the importing user's zone (the smart views count days there); a time is
 * read in the zone Todoist wrote beside it, when it wrote one.
 */
function readDue(
  record: ImportCsvRow,
  options: { text: string; language: string; now: Date; timeZone: string },
): TodoistDue | undefined {
  const due = readTodoistDate(options.text, options);
  const rowZone = record.get('TIMEZONE');
  if (!due?.dueDateHasTime || !isValidTimeZone(rowZone)) return due;
  return readTodoistDate(options.text, { ...options, timeZone: rowZone });
}

export function readTodoistCsv(text: string, options: ReadTodoistCsvOptions): ExportDocument {
  const records = readImportCsv(text, { source: 'Todoist', requiredColumns: REQUIRED_COLUMNS });
  const now = options.now.toISOString();
  const timestamps = { createdAt: now, updatedAt: now };
  const list = {
    id: newId(),
    name: options.listName?.trim() || DEFAULT_LIST_NAME,
    priority: 0,
    color: null,
    group: null,
    ...timestamps,
  };

  const columns: ExportRow[] = [];
  const columnByName = new Map<string, string>();
  const addColumn = (name: string, isDefault: boolean): string => {
    const known = columnByName.get(name.toLowerCase());
    if (known) return known;
    const id = newId();
    const last = columns.at(-1)?.priority;
    columns.push({
      id,
      name,
      isDefault,
      priority: priorityAfter(typeof last === 'number' ? last : undefined),
      isCompletion: false,
      ...timestamps,
    });
    columnByName.set(name.toLowerCase(), id);
    return id;
  };
  // Created on first use, so a file whose tasks all sit in sections adds no empty column.
  let columnId: string | undefined;
  const defaultColumnId = () => addColumn(defaultColumns[0].name, true);

  const drafts: TaskDraft[] = [];
  /** The open branch of the task tree: each level's latest task, shallowest first. */
  const branch: { indent: number; id: string }[] = [];
  const lastSiblingPriority = new Map<string, number>();

  for (const record of records) {
    const type = record.get('TYPE').toLowerCase();
    const content = record.get('CONTENT');
    if (type === 'meta') continue; // view settings of the project (list or board), nothing to keep
    if (type === 'section') {
      if (content === '') throw lineError(record.line, 'the section has no name in CONTENT');
      columnId = addColumn(content, false);
      branch.length = 0;
      continue;
    }
    if (type === 'note') {
      const task = drafts.at(-1);
      if (!task) throw lineError(record.line, 'a note (comment) comes before any task');
      if (content !== '') task.comments.push(`Comment: ${content}`);
      continue;
    }
    if (type !== 'task') {
      throw lineError(record.line, `TYPE "${record.get('TYPE')}" is not task, section or note`);
    }
    if (content === '') throw lineError(record.line, 'the task has no title in CONTENT');
    if (content.length > TASK_TITLE_MAX_LENGTH) {
      throw lineError(record.line, `the task's title is longer than ${TASK_TITLE_MAX_LENGTH} characters`);
    }

    const indent = readIndent(record);
    while (branch.length > 0 && (branch.at(-1)?.indent ?? 0) >= indent) branch.pop();
    const parentId = indent > 1 ? branch.at(-1)?.id : undefined;
    if (indent > 1 && !parentId) {
      throw lineError(record.line, `INDENT ${indent} but no task above it (in its section) is less indented`);
    }
    const id = newId();
    branch.push({ indent, id });
    columnId ??= defaultColumnId();
    const siblingsKey = `${columnId}/${parentId ?? ''}`;
    const priority = priorityAfter(lastSiblingPriority.get(siblingsKey));
    lastSiblingPriority.set(siblingsKey, priority);

    const noteParts: string[] = [];
    const description = record.get('DESCRIPTION');
    if (description !== '') noteParts.push(description);
    const dateText = record.get('DATE');
    let due = readDue(record, { text: dateText, language: record.get('DATE_LANG'), ...options });
    if (dateText !== '' && !due) noteParts.push(`Todoist date: ${dateText}`);
    const deadlineText = record.get('DEADLINE');
    const deadline = readDue(record, {
      text: deadlineText,
      language: record.get('DEADLINE_LANG'),
      ...options,
    });
    // A deadline is the due date only of a task without one; a recurring deadline is not a date.
    if (!due && dateText === '' && deadline && !deadline.recurrence) due = deadline;
    else if (deadlineText !== '') noteParts.push(`Todoist deadline: ${deadlineText}`);
    const duration = readDuration(record);
    if (duration.kept) noteParts.push(duration.kept);

    const recurrence = due?.recurrence ?? null;
    drafts.push({
      noteParts,
      comments: [],
      row: {
        id,
        title: content,
        dueDate: due ? due.dueDate.toISOString() : null,
        // Like a task created without a due (the column's meaning only matters beside a date).
        dueDateHasTime: due ? due.dueDateHasTime : true,
        estimatedTime: duration.minutes,
        parentId: parentId ?? null,
        columnId,
        listId: list.id,
        ...todoistPriorityLevels[readPriority(record)],
        priority,
        isAdhoc: false,
        rrule: recurrence ? formatRRule(recurrence) : null,
        quickurrence: recurrence ? toStoredRecurrence(recurrence) : null,
        recurrenceId: recurrence ? newId() : null,
        reward: null,
        addedToToday: null,
        addedToNew: null,
        rewardedAt: null,
        remindAt: null,
        drawSkippedAt: null,
        completedAt: null,
        deletedAt: null,
        archivedAt: null,
        ...timestamps,
      },
    });
  }

  const tasks = drafts.map((draft) => {
    const note = [...draft.noteParts, ...draft.comments].join('\n\n');
    return { ...draft.row, note: note === '' ? null : note };
  });
  return createImportDocument({
    now: options.now,
    timeZone: options.timeZone,
    tables: { lists: [list], columns, tasks },
  });
}
