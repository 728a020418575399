import { type SQL, sql } from 'drizzle-orm';
import { boolean, customType, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant, timestamps } from '../../db/columns';
import { users } from '../users/users.table';

/** PostgreSQL's full-text document type; only the database writes it (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const folders = pgTable(
  'folders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    /** A folder deleted with its parent shares the parent's instant, so restoring the parent brings it back. */
    deletedAt: instant('deleted_at'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    // Purging a folder purges the folders inside it; they are in the trash with it.
    foreignKey({
      name: 'folders_parent_fkey',
      columns: [table.userId, table.parentId],
      foreignColumns: [table.userId, table.id],
    }).onDelete('cascade'),
    index('folders_user_parent_idx').on(table.userId, table.parentId),
  ],
);

export const notes = pgTable(
  'notes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    folderId: uuid('folder_id'),
    parentId: uuid('parent_id'),
    isFavorite: boolean('is_favorite').notNull().default(false),
    archivedAt: instant('archived_at'),
    /** Notes deleted together (a subtree, a folder's notes) share one instant, so they come back together. */
    deletedAt: instant('deleted_at'),
    /**
     * Title (weight A) and content (weight B) as words of the `simple` configuration: no stemming and
     * no stop words, so every language matches the same way; prefix queries (word:*) match partial words.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', ${notes.title}), 'A') || setweight(to_tsvector('simple', ${notes.content}), 'B')`,
    ),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    foreignKey({
      name: 'notes_parent_fkey',
      columns: [table.userId, table.parentId],
      foreignColumns: [table.userId, table.id],
    }).onDelete('cascade'),
    // A purged folder takes its notes with it: they went to the trash together.
    foreignKey({
      name: 'notes_folder_fkey',
      columns: [table.userId, table.folderId],
      foreignColumns: [folders.userId, folders.id],
    }).onDelete('cascade'),
    index('notes_user_folder_idx').on(table.userId, table.folderId),
    index('notes_user_parent_idx').on(table.userId, table.parentId),
    // The listing sorts, on live notes, so a page walks its rows in order.
    index('notes_live_updated_idx')
      .on(table.userId, table.updatedAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.archivedAt} is null`),
    index('notes_live_created_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.archivedAt} is null`),
    index('notes_live_title_idx')
      .on(table.userId, sql`lower(${table.title})`, table.id)
      .where(sql`${table.deletedAt} is null and ${table.archivedAt} is null`),
    index('notes_search_idx').using('gin', table.searchVector),
  ],
);
