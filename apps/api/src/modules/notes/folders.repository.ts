import { MAX_NOTE_TREE_DEPTH } from '@cairn/contracts/notes';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as tree from '../../db/tree-queries';
import { inBatches } from '../../lib/batches';
import { insertReturning } from '../../lib/prepared-query';
import { folders, notes } from './notes.table';

export type FolderRow = typeof folders.$inferSelect;
export type NewFolderRow = typeof folders.$inferInsert;
export type FolderChanges = Partial<Pick<FolderRow, 'name' | 'parentId' | 'deletedAt' | 'updatedAt'>>;
export type FolderWithCount = FolderRow & { notesCount: number };

const byUserAndId = (userId: string, folderId: string) =>
  and(eq(folders.userId, userId), eq(folders.id, folderId));

/**
 * Notes directly in the folder that are neither archived nor in the trash. Written with qualified
 * names: Drizzle leaves a one-table select's columns unqualified, which inside this subquery would
 * name the note's columns.
 */
const liveNotesCount = sql<number>`(select count(*)::int from ${notes} n
  where n.user_id = "folders"."user_id" and n.folder_id = "folders"."id"
    and n.deleted_at is null and n.archived_at is null)`;

const insertFolderRow = insertReturning(folders);

export async function insertFolder(db: Db, values: NewFolderRow): Promise<FolderRow> {
  const [row] = await insertFolderRow(db, values);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findFolder(
  db: Db,
  options: { userId: string; folderId: string },
): Promise<FolderWithCount | undefined> {
  const [row] = await db
    .select({ folder: folders, notesCount: liveNotesCount })
    .from(folders)
    .where(byUserAndId(options.userId, options.folderId));
  return row && { ...row.folder, notesCount: row.notesCount };
}

/**
 * The live folders, or the trash: folders deleted on their own, not those that went with a deleted
 * parent (those share the parent's instant and come back with it).
 */
export async function findFolders(
  db: Db,
  options: { userId: string; in: 'live' | 'trash' },
): Promise<FolderWithCount[]> {
  const parent = alias(folders, 'parent');
  const where: SQL | undefined =
    options.in === 'live'
      ? and(eq(folders.userId, options.userId), isNull(folders.deletedAt))
      : and(
          eq(folders.userId, options.userId),
          isNotNull(folders.deletedAt),
          sql`${parent.deletedAt} is distinct from ${folders.deletedAt}`,
        );
  const rows = await db
    .select({ folder: folders, notesCount: liveNotesCount })
    .from(folders)
    .leftJoin(parent, and(eq(parent.userId, folders.userId), eq(parent.id, folders.parentId)))
    .where(where)
    .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
  return rows.map((row) => ({ ...row.folder, notesCount: row.notesCount }));
}

export async function updateFolder(
  db: Db,
  options: { userId: string; folderId: string; changes: FolderChanges },
): Promise<void> {
  await db.update(folders).set(options.changes).where(byUserAndId(options.userId, options.folderId));
}

/** The folders and every folder below them, trashed ones included, each once. */
export function findFolderSubtreeIds(
  db: Db,
  options: { userId: string; folderIds: readonly string[] },
): Promise<string[]> {
  return tree.findSubtreeIds(db, folders, { userId: options.userId, rootIds: options.folderIds });
}

/** Why the folder (or a new one) cannot go under `parentId`, or undefined when it can; see tree-queries. */
export function findFolderParentProblem(
  db: Db,
  options: { userId: string; folderId?: string | undefined; parentId: string },
): Promise<tree.ParentProblem | undefined> {
  return tree.findParentProblem(db, folders, {
    userId: options.userId,
    id: options.folderId,
    parentId: options.parentId,
    maxDepth: MAX_NOTE_TREE_DEPTH,
    label: folders.name,
  });
}

/** Moves the live ones among the folders to the trash at `at`; those already there keep their instant. */
export async function trashFolders(
  db: Db,
  options: { userId: string; folderIds: readonly string[]; at: Date },
): Promise<void> {
  for (const batch of inBatches(options.folderIds)) {
    await db
      .update(folders)
      .set({ deletedAt: options.at, updatedAt: options.at })
      .where(and(eq(folders.userId, options.userId), inArray(folders.id, batch), isNull(folders.deletedAt)));
  }
}

/** Of the folders, those deleted at exactly `deletedAt`: the ones one deletion took. */
export async function findFoldersDeletedAt(
  db: Db,
  options: { userId: string; folderIds: readonly string[]; deletedAt: Date },
): Promise<string[]> {
  const ids: string[] = [];
  for (const batch of inBatches(options.folderIds)) {
    const rows = await db
      .select({ id: folders.id })
      .from(folders)
      .where(
        and(
          eq(folders.userId, options.userId),
          inArray(folders.id, batch),
          eq(folders.deletedAt, options.deletedAt),
        ),
      );
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export async function restoreFolders(
  db: Db,
  options: { userId: string; folderIds: readonly string[]; at: Date },
): Promise<void> {
  for (const batch of inBatches(options.folderIds)) {
    await db
      .update(folders)
      .set({ deletedAt: null, updatedAt: options.at })
      .where(
        and(eq(folders.userId, options.userId), inArray(folders.id, batch), isNotNull(folders.deletedAt)),
      );
  }
}

/**
 * Brings back the trashed folders among the given ones and above them, and nothing else they hold:
 * what a restored note or folder needs to be shown where it was.
 */
export async function restoreFolderChains(
  db: Db,
  options: { userId: string; folderIds: readonly string[]; at: Date },
): Promise<void> {
  for (const batch of inBatches(options.folderIds)) {
    await db.execute(sql`with recursive chain(id, parent_id, depth) as (
        select ${folders.id}, ${folders.parentId}, 0 from ${folders}
         where ${folders.userId} = ${options.userId} and ${folders.id} in ${batch}
        union all
        select f.id, f.parent_id, c.depth + 1 from chain c
          join ${folders} f on f.user_id = ${options.userId} and f.id = c.parent_id
         where c.depth < ${tree.SUBTREE_CHANGE_LIMIT}
      ) cycle id set is_loop using path
      update ${folders} set deleted_at = null, updated_at = ${options.at.toISOString()}::timestamptz
       where ${folders.userId} = ${options.userId} and ${folders.deletedAt} is not null
         and ${folders.id} in (select id from chain where not is_loop)`);
  }
}

export async function findTrashedFolderIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.userId, userId), isNotNull(folders.deletedAt)));
  return rows.map((row) => row.id);
}

/** Deletes folders for good; the folders and notes inside them go too (the foreign keys cascade). */
export async function purgeFolders(db: Db, options: { userId: string; folderIds: readonly string[] }) {
  for (const batch of inBatches(options.folderIds)) {
    await db.delete(folders).where(and(eq(folders.userId, options.userId), inArray(folders.id, batch)));
  }
}
