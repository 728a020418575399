import { and, asc, count, eq, inArray, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inBatches } from '../../lib/batches';
import { attachments } from './attachments.table';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachmentRow = typeof attachments.$inferInsert;

/** A note's or a task's attachments: exactly one of the two ids. */
export type AttachmentOwner = { noteId: string; taskId?: undefined } | { taskId: string; noteId?: undefined };

const ownedBy = (userId: string, owner: AttachmentOwner) =>
  and(
    eq(attachments.userId, userId),
    owner.noteId !== undefined ? eq(attachments.noteId, owner.noteId) : eq(attachments.taskId, owner.taskId),
  );

export async function insertAttachment(db: Db, values: NewAttachmentRow): Promise<AttachmentRow> {
  const [row] = await db.insert(attachments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findAttachment(
  db: Db,
  options: { userId: string; attachmentId: string },
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.userId, options.userId), eq(attachments.id, options.attachmentId)));
  return row;
}

/** Oldest first (ids are time-ordered), the order they were added in. */
export function findAttachmentsOf(
  db: Db,
  options: { userId: string; owner: AttachmentOwner },
): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(ownedBy(options.userId, options.owner))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** The row it deleted, if there was one. */
export async function deleteAttachment(
  db: Db,
  options: { userId: string; attachmentId: string },
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .delete(attachments)
    .where(and(eq(attachments.userId, options.userId), eq(attachments.id, options.attachmentId)))
    .returning();
  return row;
}

/** Where the files of these notes' or tasks' attachments are stored. */
export async function findStoragePaths(
  db: Db,
  options: { userId: string; column: 'noteId' | 'taskId'; ids: readonly string[] },
): Promise<string[]> {
  const paths: string[] = [];
  for (const batch of inBatches(options.ids)) {
    const rows = await db
      .select({ storagePath: attachments.storagePath })
      .from(attachments)
      .where(and(eq(attachments.userId, options.userId), inArray(attachments[options.column], batch)));
    paths.push(...rows.map((row) => row.storagePath));
  }
  return paths;
}

/** How many attachments each of these notes has; notes without any are left out. */
export async function countByNote(
  db: Db,
  options: { userId: string; noteIds: readonly string[] },
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const batch of inBatches(options.noteIds)) {
    const rows = await db
      .select({ noteId: attachments.noteId, count: count() })
      .from(attachments)
      .where(and(eq(attachments.userId, options.userId), inArray(attachments.noteId, batch)))
      .groupBy(attachments.noteId);
    for (const row of rows) if (row.noteId) counts.set(row.noteId, row.count);
  }
  return counts;
}

export async function sumUsage(db: Db, userId: string): Promise<{ usedBytes: number; count: number }> {
  const [row] = await db
    .select({ usedBytes: sum(attachments.fileSize), count: count() })
    .from(attachments)
    .where(eq(attachments.userId, userId));
  return { usedBytes: Number(row?.usedBytes ?? 0), count: row?.count ?? 0 };
}

/**
 * Which of these storage paths an attachment row names, whoever's it is: the orphan sweep looks across
 * users and must keep every file any row names.
 */
export async function findNamedStoragePaths(db: Db, storagePaths: readonly string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (const batch of inBatches(storagePaths)) {
    const rows = await db
      .select({ storagePath: attachments.storagePath })
      .from(attachments)
      .where(inArray(attachments.storagePath, batch));
    for (const row of rows) named.add(row.storagePath);
  }
  return named;
}
