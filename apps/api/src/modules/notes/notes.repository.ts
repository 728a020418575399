import type { ListNotesQuery } from '@cairn/contracts/notes';
import { MAX_NOTE_TREE_DEPTH } from '@cairn/contracts/notes';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import * as tree from '../../db/tree-queries';
import { AppError } from '../../lib/app-error';
import { inBatches } from '../../lib/batches';
import { EXCERPT_SOURCE_LENGTH, type HighlightMarkers, headlineOptions, prefixQuery } from './note-search';
import { notes } from './notes.table';

/** A note as stored, without its search document (only the database reads that). */
const noteColumns = {
  userId: notes.userId,
  id: notes.id,
  title: notes.title,
  content: notes.content,
  folderId: notes.folderId,
  parentId: notes.parentId,
  isFavorite: notes.isFavorite,
  archivedAt: notes.archivedAt,
  deletedAt: notes.deletedAt,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};

/** A note as a listing reads it: the start of its content rather than all of it. */
const { content: _content, ...summaryColumns } = noteColumns;
const listingColumns = {
  ...summaryColumns,
  /** The title as the database sorts it, for the cursor of a listing by title. */
  titleKey: sql<string>`lower(${notes.title})`,
  head: sql<string>`left(${notes.content}, ${sql.raw(String(EXCERPT_SOURCE_LENGTH))})`,
};

export type NoteRow = Omit<typeof notes.$inferSelect, 'searchVector'>;
export type NoteListingRow = Omit<NoteRow, 'content'> & { head: string; titleKey: string };
export type NewNoteRow = Omit<typeof notes.$inferInsert, 'searchVector'>;
export type NoteChanges = Partial<
  Pick<NoteRow, 'title' | 'content' | 'folderId' | 'parentId' | 'isFavorite'>
>;

const byUserAndId = (userId: string, noteId: string) => and(eq(notes.userId, userId), eq(notes.id, noteId));

/**
 * The version a write gives a note: now, but always at least a millisecond past the version it
 * replaces, so two writes within one millisecond (or under a clock set back) still differ and a client
 * holding the older one is told.
 */
const nextVersion = (at: Date) =>
  sql`greatest(${at.toISOString()}::timestamptz, date_trunc('milliseconds', ${notes.updatedAt}) + interval '1 millisecond')`;

/** PostgreSQL's program_limit_exceeded: here, a search document over its 1 MB limit. */
const PROGRAM_LIMIT_EXCEEDED = '54000';

/**
 * A note's search document (a tsvector) holds at most 1 MB: a million characters of ordinary prose
 * fit, a million characters of all-different words may not. Such a write is refused as bad input.
 */
async function refusingUnindexableContent<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    let current: unknown = error;
    for (let depth = 0; current && depth < 5; depth++) {
      const candidate = current as { code?: unknown; cause?: unknown };
      if (candidate.code === PROGRAM_LIMIT_EXCEEDED) {
        throw new AppError('VALIDATION_FAILED', 'The content has too many different words to be searchable', {
          issues: [{ path: ['body', 'content'], message: 'Too many different words to index for search' }],
        });
      }
      current = candidate.cause;
    }
    throw error;
  }
}

export async function insertNote(db: Db, values: NewNoteRow): Promise<NoteRow> {
  const [row] = await refusingUnindexableContent(db.insert(notes).values(values).returning(noteColumns));
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findNote(
  db: Db,
  options: { userId: string; noteId: string },
): Promise<NoteRow | undefined> {
  const [row] = await db.select(noteColumns).from(notes).where(byUserAndId(options.userId, options.noteId));
  return row;
}

/**
 * Writes the changes to a live note, only if it is still the version the client edited (when
 * `baseUpdatedAt` is given, compared to the millisecond the API shows): the check is part of the
 * UPDATE, so of two writes based on one version only the first lands. Undefined when nothing was
 * written (no such note, in the trash, or changed since).
 */
export async function updateNoteIfCurrent(
  db: Db,
  options: {
    userId: string;
    noteId: string;
    changes: NoteChanges;
    at: Date;
    baseUpdatedAt: Date | undefined;
  },
): Promise<NoteRow | undefined> {
  const base = options.baseUpdatedAt;
  const [row] = await refusingUnindexableContent(
    db
      .update(notes)
      .set({ ...options.changes, updatedAt: nextVersion(options.at) })
      .where(
        and(
          byUserAndId(options.userId, options.noteId),
          isNull(notes.deletedAt),
          base
            ? sql`date_trunc('milliseconds', ${notes.updatedAt}) = ${base.toISOString()}::timestamptz`
            : undefined,
        ),
      )
      .returning(noteColumns),
  );
  return row;
}

export async function setArchivedAt(
  db: Db,
  options: { userId: string; noteId: string; archivedAt: Date | null; at: Date },
): Promise<void> {
  await db
    .update(notes)
    .set({ archivedAt: options.archivedAt, updatedAt: nextVersion(options.at) })
    .where(byUserAndId(options.userId, options.noteId));
}

/**
 * Serializes every change to where a user's notes and folders hang, and to what is in their trash,
 * until the transaction ends: two moves checked at once cannot build a loop together, and nothing is
 * put into a folder while it goes to the trash. Other users are not held up.
 */
export async function lockNoteTree(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`note-tree:${userId}`}, 0))`);
}

/** The notes and every note below them, trashed ones included, each once. */
export function findNoteSubtreeIds(
  db: Db,
  options: { userId: string; noteIds: readonly string[] },
): Promise<string[]> {
  return tree.findSubtreeIds(db, notes, { userId: options.userId, rootIds: options.noteIds });
}

/** Why the note (or a new one) cannot go under `parentId`, or undefined when it can; see tree-queries. */
export function findNoteParentProblem(
  db: Db,
  options: { userId: string; noteId?: string | undefined; parentId: string },
): Promise<tree.ParentProblem | undefined> {
  return tree.findParentProblem(db, notes, {
    userId: options.userId,
    id: options.noteId,
    parentId: options.parentId,
    maxDepth: MAX_NOTE_TREE_DEPTH,
    label: notes.title,
  });
}

/** The notes above a note, from the top-level one down to its parent. */
export async function findNoteAncestors(
  db: Db,
  options: { userId: string; noteId: string },
): Promise<{ id: string; title: string }[]> {
  const ancestry = await tree.findAncestry(db, notes, {
    userId: options.userId,
    id: options.noteId,
    maxDepth: MAX_NOTE_TREE_DEPTH,
    label: notes.title,
  });
  return (ancestry?.ancestors ?? []).map((row) => ({ id: row.id, title: row.label }));
}

/** The child notes shown under a note: neither archived nor in the trash. */
export function findLiveChildren(db: Db, options: { userId: string; noteId: string }) {
  return db
    .select({ id: notes.id, title: notes.title, updatedAt: notes.updatedAt })
    .from(notes)
    .where(
      and(
        eq(notes.userId, options.userId),
        eq(notes.parentId, options.noteId),
        isNull(notes.deletedAt),
        isNull(notes.archivedAt),
      ),
    )
    .orderBy(asc(sql`lower(${notes.title})`), asc(notes.id));
}

/** Notes in the folders: all, the live ones, or those one deletion (at `deletedAt`) took. */
export async function findNoteIdsInFolders(
  db: Db,
  options: { userId: string; folderIds: readonly string[]; deletedAt: Date | 'live' | 'any' },
): Promise<string[]> {
  const ids: string[] = [];
  for (const batch of inBatches(options.folderIds)) {
    const rows = await db
      .select({ id: notes.id })
      .from(notes)
      .where(
        and(
          eq(notes.userId, options.userId),
          inArray(notes.folderId, batch),
          options.deletedAt === 'any'
            ? undefined
            : options.deletedAt === 'live'
              ? isNull(notes.deletedAt)
              : eq(notes.deletedAt, options.deletedAt),
        ),
      );
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * The given notes and the notes below them, following only notes deleted at exactly `deletedAt`: what
 * one deletion took, leaving out what was trashed before on its own.
 */
export async function findSubtreeIdsDeletedAt(
  db: Db,
  options: { userId: string; noteIds: readonly string[]; deletedAt: Date },
): Promise<string[]> {
  const ids = new Set<string>();
  const at = options.deletedAt.toISOString();
  for (const batch of inBatches(options.noteIds)) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`with recursive subtree(id, depth) as (
            select id, 0 from ${notes}
             where user_id = ${options.userId} and id in ${batch} and deleted_at = ${at}::timestamptz
            union all
            select n.id, s.depth + 1 from ${notes} n join subtree s on n.parent_id = s.id
             where n.user_id = ${options.userId} and n.deleted_at = ${at}::timestamptz
               and s.depth < ${tree.SUBTREE_CHANGE_LIMIT}
          ) cycle id set is_loop using path
          select distinct id from subtree where not is_loop`,
    );
    for (const row of rows) ids.add(row.id);
  }
  return [...ids];
}

/** Moves the live ones among the notes to the trash at `at`; those already there keep their instant. */
export async function trashNotes(db: Db, options: { userId: string; noteIds: readonly string[]; at: Date }) {
  for (const batch of inBatches(options.noteIds)) {
    await db
      .update(notes)
      .set({ deletedAt: options.at, updatedAt: nextVersion(options.at) })
      .where(and(eq(notes.userId, options.userId), inArray(notes.id, batch), isNull(notes.deletedAt)));
  }
}

export async function restoreNotes(
  db: Db,
  options: { userId: string; noteIds: readonly string[]; at: Date },
) {
  for (const batch of inBatches(options.noteIds)) {
    await db
      .update(notes)
      .set({ deletedAt: null, updatedAt: nextVersion(options.at) })
      .where(and(eq(notes.userId, options.userId), inArray(notes.id, batch), isNotNull(notes.deletedAt)));
  }
}

/** The folders the notes are in, each once. */
export async function findFolderIdsOfNotes(
  db: Db,
  options: { userId: string; noteIds: readonly string[] },
): Promise<string[]> {
  const ids = new Set<string>();
  for (const batch of inBatches(options.noteIds)) {
    const rows = await db
      .selectDistinct({ folderId: notes.folderId })
      .from(notes)
      .where(and(eq(notes.userId, options.userId), inArray(notes.id, batch), isNotNull(notes.folderId)));
    for (const row of rows) if (row.folderId) ids.add(row.folderId);
  }
  return [...ids];
}

export async function findTrashedNoteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.userId, userId), isNotNull(notes.deletedAt)));
  return rows.map((row) => row.id);
}

/** Deletes notes for good; their child notes and attachment rows go too (the foreign keys cascade). */
export async function purgeNotes(db: Db, options: { userId: string; noteIds: readonly string[] }) {
  for (const batch of inBatches(options.noteIds)) {
    await db.delete(notes).where(and(eq(notes.userId, options.userId), inArray(notes.id, batch)));
  }
}

export type NoteListingFilter = {
  userId: string;
  filter: ListNotesQuery['filter'];
  folderId: ListNotesQuery['folderId'];
  parentId: ListNotesQuery['parentId'];
};

function filterCondition(filter: ListNotesQuery['filter']): SQL {
  switch (filter ?? 'all') {
    case 'all':
      return and(isNull(notes.deletedAt), isNull(notes.archivedAt)) as SQL;
    case 'favorites':
      return and(isNull(notes.deletedAt), isNull(notes.archivedAt), eq(notes.isFavorite, true)) as SQL;
    case 'archived':
      return and(isNull(notes.deletedAt), isNotNull(notes.archivedAt)) as SQL;
    case 'trash':
      return isNotNull(notes.deletedAt);
  }
}

/** Which notes a listing shows: by state (live by default), folder (or none) and parent (or top level). */
function listingConditions(options: NoteListingFilter): SQL[] {
  const conditions = [eq(notes.userId, options.userId), filterCondition(options.filter)];
  if (options.folderId === 'none') conditions.push(isNull(notes.folderId));
  else if (options.folderId) conditions.push(eq(notes.folderId, options.folderId));
  if (options.parentId === 'none') conditions.push(isNull(notes.parentId));
  else if (options.parentId) conditions.push(eq(notes.parentId, options.parentId));
  return conditions;
}

export type NoteSortKey = NonNullable<ListNotesQuery['sort']> | 'deletedAt';

/** What each sort orders by; the live listings' partial indexes hold these, after user_id. */
const sortExpressions: Record<NoteSortKey, { expression: SQL; cast: 'timestamptz' | 'text' }> = {
  updatedAt: { expression: sql`${notes.updatedAt}`, cast: 'timestamptz' },
  createdAt: { expression: sql`${notes.createdAt}`, cast: 'timestamptz' },
  title: { expression: sql`lower(${notes.title})`, cast: 'text' },
  deletedAt: { expression: sql`${notes.deletedAt}`, cast: 'timestamptz' },
};

/**
 * One page of a listing, read in the order of the index that matches it; `after` is the last row of
 * the page before (its sort value and id).
 */
export function findNotePage(
  db: Db,
  options: NoteListingFilter & {
    sort: NoteSortKey;
    isDescending: boolean;
    after: [string, string] | undefined;
    limit: number;
  },
): Promise<NoteListingRow[]> {
  const { expression, cast } = sortExpressions[options.sort];
  const conditions = listingConditions(options);
  if (options.after) {
    const [value, id] = options.after;
    const operator = sql.raw(options.isDescending ? '<' : '>');
    conditions.push(sql`(${expression}, ${notes.id}) ${operator} (${value}::${sql.raw(cast)}, ${id}::uuid)`);
  }
  const direction = options.isDescending ? desc : asc;
  return db
    .select(listingColumns)
    .from(notes)
    .where(and(...conditions))
    .orderBy(direction(expression), direction(notes.id))
    .limit(options.limit);
}

/**
 * The ids of one page of search hits, most relevant first: ts_rank_cd weighs title words (A) above
 * content words (B); ties go to the latest change. Only the id and what it is ranked by are read for
 * every hit: the rows shown are read afterwards, for the page alone.
 */
export async function findSearchHitIds(
  db: Db,
  options: NoteListingFilter & { text: string; limit: number; offset: number },
): Promise<string[]> {
  const query = prefixQuery(options.text);
  const rows = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(...listingConditions(options), sql`${notes.searchVector} @@ ${query}`))
    .orderBy(
      sql`ts_rank_cd(${notes.searchVector}, ${query}) desc`,
      sql`${notes.updatedAt} desc`,
      sql`${notes.id} desc`,
    )
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => row.id);
}

/**
 * A page of hits as a listing shows them, in the order given, each with its best passages: from the
 * content, or from the title when only the title matches.
 */
export async function findSearchHits(
  db: Db,
  options: { userId: string; noteIds: readonly string[]; text: string; markers: HighlightMarkers },
): Promise<(NoteListingRow & { headline: string })[]> {
  if (options.noteIds.length === 0) return [];
  const query = prefixQuery(options.text);
  const highlight = headlineOptions(options.markers);
  const rows = await db
    .select({
      ...listingColumns,
      headline: sql<string>`case when ts_filter(${notes.searchVector}, '{b}') @@ ${query}
        then ts_headline('simple', ${notes.content}, ${query}, ${highlight})
        else ts_headline('simple', ${notes.title}, ${query}, ${highlight}) end`,
    })
    .from(notes)
    .where(and(eq(notes.userId, options.userId), inArray(notes.id, [...options.noteIds])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return options.noteIds.flatMap((id) => byId.get(id) ?? []);
}

/** Live child notes of a page of notes, in one grouped query (a note without any is missing from the map). */
export async function countLiveChildren(
  db: Db,
  options: { userId: string; noteIds: readonly string[] },
): Promise<Map<string, number>> {
  if (options.noteIds.length === 0) return new Map();
  const rows = await db
    .select({ id: notes.parentId, value: count() })
    .from(notes)
    .where(
      and(
        eq(notes.userId, options.userId),
        inArray(notes.parentId, [...options.noteIds]),
        isNull(notes.deletedAt),
        isNull(notes.archivedAt),
      ),
    )
    .groupBy(notes.parentId);
  return new Map(rows.flatMap((row) => (row.id ? [[row.id, row.value]] : [])));
}
