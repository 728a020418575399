import type { ListTasksQuery } from '@cairn/contracts/tasks';
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DayBounds } from '../../lib/day-bounds';
import { smartViewFilter } from './smart-view-filters';
import { type CursorCast, decodeTaskCursor, type TaskCursor } from './task-cursor';
import type { TaskRow } from './tasks.repository';
import { tasks } from './tasks.table';

type SortKey = NonNullable<ListTasksQuery['sort']>;

function instantSort(column: AnyPgColumn, read: (row: TaskRow) => Date | null) {
  return {
    expression: sql`coalesce(${column}, '-infinity'::timestamptz)`,
    valueOf: (row: TaskRow) => read(row)?.toISOString() ?? '-infinity',
    cast: 'timestamptz' as const,
  };
}

/** Each sort's SQL expression, how a row's value is written into a cursor, and the cast to read it back. */
const sorts: Record<SortKey, { expression: SQL; valueOf(row: TaskRow): string | number; cast: CursorCast }> =
  {
    position: { expression: sql`${tasks.priority}`, valueOf: (row) => row.priority, cast: 'integer' },
    // Tasks without a due date sort after every dated one.
    dueDate: {
      expression: sql`coalesce(${tasks.dueDate}, 'infinity'::timestamptz)`,
      valueOf: (row) => row.dueDate?.toISOString() ?? 'infinity',
      cast: 'timestamptz',
    },
    createdAt: {
      expression: sql`${tasks.createdAt}`,
      valueOf: (row) => row.createdAt.toISOString(),
      cast: 'timestamptz',
    },
    title: {
      expression: sql`lower(${tasks.title})`,
      valueOf: (row) => row.title.toLowerCase(),
      cast: 'text',
    },
    urgency: { expression: sql`${tasks.urgency}`, valueOf: (row) => row.urgency, cast: 'level' },
    importance: { expression: sql`${tasks.importance}`, valueOf: (row) => row.importance, cast: 'level' },
    // Trash, archive and done lists read newest first with order=desc; rows without the date sort first.
    completedAt: instantSort(tasks.completedAt, (row) => row.completedAt),
    deletedAt: instantSort(tasks.deletedAt, (row) => row.deletedAt),
    archivedAt: instantSort(tasks.archivedAt, (row) => row.archivedAt),
  };

/** LIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Turns the listing query into a WHERE clause, an ORDER BY and a way to write the cursor. */
export function buildTaskQuery(options: { userId: string; query: ListTasksQuery; bounds: DayBounds }) {
  const { query, bounds } = options;
  const sortKey = query.sort ?? 'position';
  const sort = sorts[sortKey];
  const isDescending = query.order === 'desc';
  const conditions: (SQL | undefined)[] = [
    eq(tasks.userId, options.userId),
    query.isDeleted === 'true' ? isNotNull(tasks.deletedAt) : isNull(tasks.deletedAt),
  ];
  if (query.view) conditions.push(smartViewFilter(query.view, bounds));
  else if (query.isDeleted !== 'true') conditions.push(isNull(tasks.archivedAt));
  if (query.listId) conditions.push(eq(tasks.listId, query.listId));
  if (query.columnId) conditions.push(eq(tasks.columnId, query.columnId));
  if (query.parentId === 'none') conditions.push(isNull(tasks.parentId));
  else if (query.parentId) conditions.push(eq(tasks.parentId, query.parentId));
  if (query.urgency) conditions.push(eq(tasks.urgency, query.urgency));
  if (query.importance) conditions.push(eq(tasks.importance, query.importance));
  if (query.dueFrom) conditions.push(gte(tasks.dueDate, new Date(query.dueFrom)));
  if (query.dueTo) conditions.push(lte(tasks.dueDate, new Date(query.dueTo)));
  if (query.completedFrom) conditions.push(gte(tasks.completedAt, new Date(query.completedFrom)));
  if (query.status === 'open') conditions.push(isNull(tasks.completedAt));
  if (query.status === 'completed') conditions.push(isNotNull(tasks.completedAt));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(sql`${tasks.title} ilike ${pattern}`, sql`${tasks.note} ilike ${pattern}`));
  }
  if (query.cursor) {
    const [value, id] = decodeTaskCursor(query.cursor, sort.cast);
    const operator = sql.raw(isDescending ? '<' : '>');
    conditions.push(
      sql`(${sort.expression}, ${tasks.id}) ${operator} (${value}::${sql.raw(sort.cast)}, ${id}::uuid)`,
    );
  }
  const direction = isDescending ? desc : asc;
  return {
    /** Every condition but doneSince, which the statement reads apart: see ListingText.page. */
    where: and(...conditions) as SQL,
    doneSince: query.doneSince ? new Date(query.doneSince) : undefined,
    orderBy: [direction(sort.expression), direction(tasks.id)],
    /** The value the rows are ordered by (then by id), for a query that merges several listings. */
    sortExpression: sort.expression,
    isDescending,
    cursorOf: (row: TaskRow): TaskCursor => [sort.valueOf(row), row.id],
  };
}
