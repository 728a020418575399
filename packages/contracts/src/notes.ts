import { z } from 'zod';
import { idSchema, instantSchema, textSchema } from './common';

/** Content is Markdown, up to 1 MB of characters. */
export const NOTE_CONTENT_MAX_LENGTH = 1_000_000;
export const NOTE_TITLE_MAX_LENGTH = 500;
export const FOLDER_NAME_MAX_LENGTH = 255;
/** How deep folders and child notes may nest; deeper trees are refused with TOO_DEEP. */
export const MAX_NOTE_TREE_DEPTH = 50;

// Folders

export const folderSchema = z.object({
  id: idSchema,
  name: z.string(),
  parentId: idSchema.nullable(),
  /** Notes directly in this folder that are neither archived nor in the trash. */
  notesCount: z.number().int(),
  deletedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Folder = z.infer<typeof folderSchema>;

export const folderListSchema = z.object({ items: z.array(folderSchema) });
export type FolderList = z.infer<typeof folderListSchema>;

export const listFoldersQuerySchema = z.strictObject({
  /** The trash lists only the folders deleted on their own (not those inside a deleted folder). */
  in: z.enum(['live', 'trash']).optional(),
});
export type ListFoldersQuery = z.infer<typeof listFoldersQuerySchema>;

const folderNameSchema = textSchema()
  .trim()
  .min(1, 'Name is required')
  .max(FOLDER_NAME_MAX_LENGTH, `Name must be ${FOLDER_NAME_MAX_LENGTH} characters or less`);

export const createFolderBodySchema = z.strictObject({
  name: folderNameSchema,
  parentId: idSchema.nullable().optional(),
});
export type CreateFolderBody = z.infer<typeof createFolderBodySchema>;

/** Rename and/or move; moving under itself or one of its descendants is a 400 INVALID_PARENT. */
export const updateFolderBodySchema = z
  .strictObject({
    name: folderNameSchema,
    parentId: idSchema.nullable(),
  })
  .partial();
export type UpdateFolderBody = z.infer<typeof updateFolderBodySchema>;

// Notes

export const noteSchema = z.object({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  folderId: idSchema.nullable(),
  parentId: idSchema.nullable(),
  isFavorite: z.boolean(),
  archivedAt: instantSchema.nullable(),
  deletedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  /** The version a client edits: PATCH sends it back as baseUpdatedAt. */
  updatedAt: instantSchema,
});
export type Note = z.infer<typeof noteSchema>;

/** A note as a listing shows it: the start of its content instead of all of it. */
export const noteSummarySchema = noteSchema.omit({ content: true }).extend({
  /** The first 200 characters of the content as plain text. */
  excerpt: z.string(),
  childrenCount: z.number().int(),
  attachmentsCount: z.number().int(),
  /**
   * On a search hit: the best matching passage, HTML-escaped, with each matched word wrapped in
   * <mark>…</mark> and nothing else as markup.
   */
  snippet: z.string().optional(),
});
export type NoteSummary = z.infer<typeof noteSummarySchema>;

export const notePageSchema = z.object({
  items: z.array(noteSummarySchema),
  nextCursor: z.string().nullable(),
});
export type NotePage = z.infer<typeof notePageSchema>;

/** A note with what its page shows around it. */
export const noteDetailSchema = noteSchema.extend({
  children: z.array(z.object({ id: idSchema, title: z.string(), updatedAt: instantSchema })),
  /** From the top-level note down to the parent. */
  breadcrumbs: z.array(z.object({ id: idSchema, title: z.string() })),
});
export type NoteDetail = z.infer<typeof noteDetailSchema>;

export const noteSorts = ['updatedAt', 'createdAt', 'title'] as const;
export const noteFilters = ['all', 'favorites', 'archived', 'trash'] as const;

/**
 * One listing: by default every live (not archived, not deleted) note, newest change first. With q,
 * the hits of a full-text search ranked by relevance (sort is then ignored), each with a snippet.
 */
export const listNotesQuerySchema = z.strictObject({
  filter: z.enum(noteFilters).optional(),
  /** A folder's notes; "none" for the notes in no folder. */
  folderId: z.union([idSchema, z.literal('none')]).optional(),
  /** A note's child notes; "none" for top-level notes only. */
  parentId: z.union([idSchema, z.literal('none')]).optional(),
  q: textSchema().trim().min(1).max(200).optional(),
  sort: z.enum(noteSorts).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  cursor: textSchema().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ListNotesQuery = z.infer<typeof listNotesQuerySchema>;

const noteTitleSchema = textSchema()
  .trim()
  .max(NOTE_TITLE_MAX_LENGTH, `Title must be ${NOTE_TITLE_MAX_LENGTH} characters or less`);
const noteContentSchema = textSchema().max(
  NOTE_CONTENT_MAX_LENGTH,
  'Content must be 1,000,000 characters or less',
);

export const createNoteBodySchema = z.strictObject({
  /** May be empty: the screens show "Untitled". */
  title: noteTitleSchema.optional(),
  content: noteContentSchema.optional(),
  folderId: idSchema.nullable().optional(),
  parentId: idSchema.nullable().optional(),
  isFavorite: z.boolean().optional(),
});
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

/**
 * Change part of a note. baseUpdatedAt is the updatedAt of the version the client edited; when the
 * note has changed since, the answer is 409 CONFLICT with the current note (noteConflictSchema) and
 * nothing is written. Without it the write always applies (overwrite).
 */
export const updateNoteBodySchema = z
  .strictObject({
    title: noteTitleSchema,
    content: noteContentSchema,
    folderId: idSchema.nullable(),
    parentId: idSchema.nullable(),
    isFavorite: z.boolean(),
    baseUpdatedAt: z.iso.datetime({ offset: true }),
  })
  .partial();
export type UpdateNoteBody = z.infer<typeof updateNoteBodySchema>;

/** The 409 answer to a stale write: the error shape plus the note as it is now. */
export const noteConflictSchema = z.object({
  error: z.string(),
  code: z.literal('CONFLICT'),
  current: noteSchema,
});
export type NoteConflict = z.infer<typeof noteConflictSchema>;

export const emptyNotesTrashResponseSchema = z.object({
  purgedNotes: z.number().int(),
  purgedFolders: z.number().int(),
});
