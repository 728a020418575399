import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { notes } from '../notes/notes.table';
import { tasks } from '../tasks/tasks.table';
import { users } from '../users/users.table';

/**
 * Files on notes and tasks. The row is written only once the file is stored, and removed before the
 * file is, so a row always names a file that exists (a file without a row is swept as an orphan).
 */
export const attachments = pgTable(
  'attachments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    noteId: uuid('note_id'),
    taskId: uuid('task_id'),
    /** Generated; never from client input. */
    fileName: text('file_name').notNull(),
    originalFileName: text('original_file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The storage driver's key for the file (e.g. "<userId>/<fileName>"). */
    storagePath: text('storage_path').notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    foreignKey({
      name: 'attachments_note_fkey',
      columns: [table.userId, table.noteId],
      foreignColumns: [notes.userId, notes.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attachments_task_fkey',
      columns: [table.userId, table.taskId],
      foreignColumns: [tasks.userId, tasks.id],
    }).onDelete('cascade'),
    check('attachments_one_owner', sql`(${table.noteId} is null) <> (${table.taskId} is null)`),
    index('attachments_user_note_idx').on(table.userId, table.noteId),
    index('attachments_user_task_idx').on(table.userId, table.taskId),
    // One row per stored file; the orphan sweep looks files up by it.
    uniqueIndex('attachments_storage_path_key').on(table.storagePath),
  ],
);
