import type {
  CreateNoteBody,
  ListNotesQuery,
  Note,
  NoteConflict,
  NoteDetail,
  NotePage,
  NoteSummary,
  UpdateNoteBody,
} from '@cairn/contracts/notes';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import { countNoteAttachments } from '../attachments/attachment-counts';
import { collectNoteAttachmentFiles } from '../attachments/attachments-cleanup';
import * as foldersRepository from './folders.repository';
import * as folders from './folders.service';
import {
  decodeNoteCursor,
  decodeSearchCursor,
  encodeNoteCursor,
  encodeSearchCursor,
  type NoteCursorCast,
} from './note-cursor';
import { createHighlightMarkers, toExcerpt, toSnippetHtml } from './note-search';
import type { NoteListingFilter, NoteListingRow, NoteRow, NoteSortKey } from './notes.repository';
import * as repository from './notes.repository';

/** Notes: Markdown pages in folders and under each other, with an archive, a trash and search. */

export type NoteScope = { userId: string; noteId: string };

const DEFAULT_PAGE_SIZE = 50;
/** Search pages are shorter: each hit's snippet is a headline computed over its whole content. */
const DEFAULT_SEARCH_PAGE_SIZE = 20;

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    folderId: row.folderId,
    parentId: row.parentId,
    isFavorite: row.isFavorite,
    archivedAt: row.archivedAt,
    deletedAt: row.deletedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

type NoteCounts = { childrenCount: number; attachmentsCount: number };

/** Live child notes and attachments of a page of notes: two grouped queries, side by side. */
async function findNoteCounts(
  ctx: AppContext,
  options: { userId: string; noteIds: readonly string[] },
): Promise<Map<string, NoteCounts>> {
  const [children, files] = await Promise.all([
    repository.countLiveChildren(ctx.db, options),
    countNoteAttachments(ctx, options),
  ]);
  return new Map(
    options.noteIds.map((id) => [
      id,
      { childrenCount: children.get(id) ?? 0, attachmentsCount: files.get(id) ?? 0 },
    ]),
  );
}

function toSummary(
  row: NoteListingRow,
  counts: NoteCounts | undefined,
  snippet: string | undefined,
): NoteSummary {
  return {
    id: row.id,
    title: row.title,
    folderId: row.folderId,
    parentId: row.parentId,
    isFavorite: row.isFavorite,
    archivedAt: row.archivedAt,
    deletedAt: row.deletedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    excerpt: toExcerpt(row.head),
    childrenCount: counts?.childrenCount ?? 0,
    attachmentsCount: counts?.attachmentsCount ?? 0,
    ...(snippet === undefined ? {} : { snippet }),
  };
}

export async function getNoteRow(ctx: AppContext, scope: NoteScope): Promise<NoteRow> {
  return requireOwned(await repository.findNote(ctx.db, scope), 'Note');
}

function inTrash(): AppError {
  return new AppError('CONFLICT', 'The note is in the trash; restore it first');
}

/** A note in the trash can be read and restored, but not worked on. */
export async function getLiveNoteRow(ctx: AppContext, scope: NoteScope): Promise<NoteRow> {
  const row = await getNoteRow(ctx, scope);
  if (row.deletedAt) throw inTrash();
  return row;
}

export async function getNote(ctx: AppContext, scope: NoteScope): Promise<Note> {
  return toNote(await getNoteRow(ctx, scope));
}

export async function getNoteDetail(ctx: AppContext, scope: NoteScope): Promise<NoteDetail> {
  const row = await getNoteRow(ctx, scope);
  const [children, breadcrumbs] = await Promise.all([
    repository.findLiveChildren(ctx.db, scope),
    repository.findNoteAncestors(ctx.db, scope),
  ]);
  return { ...toNote(row), children, breadcrumbs };
}

/**
 * A parent note must be one of the user's (else 404), not in the trash, not the note itself or below
 * it, and must keep the whole subtree within the depth limit. Call it with the note tree locked.
 */
async function assertValidParent(
  ctx: AppContext,
  options: { userId: string; noteId?: string; parentId: string },
): Promise<NoteRow> {
  const parent = await repository.findNote(ctx.db, { userId: options.userId, noteId: options.parentId });
  if (!parent) throw notFound('Parent note');
  if (parent.deletedAt)
    throw new AppError('INVALID_PARENT', 'The parent note is in the trash; restore it first');
  const problem = await repository.findNoteParentProblem(ctx.db, {
    userId: options.userId,
    noteId: options.noteId,
    parentId: parent.id,
  });
  switch (problem?.problem) {
    case undefined:
      return parent;
    case 'inside-itself':
      throw new AppError(
        'INVALID_PARENT',
        'A note cannot be placed under itself or one of its own child notes',
      );
    case 'loop':
      throw new AppError(
        'INVALID_PARENT',
        'The chosen parent sits in a loop of notes; move one of them first',
      );
    case 'too-deep':
      throw folders.tooDeep('Notes', problem.deepestLevel);
  }
}

/** A child note created without a folder goes in its parent's, so it shows where the parent does. */
export async function createNote(
  ctx: AppContext,
  options: { userId: string; body: CreateNoteBody },
): Promise<Note> {
  const { userId, body } = options;
  return inTransaction(ctx, async (tx) => {
    let folderId = body.folderId;
    if (body.parentId || folderId) await repository.lockNoteTree(tx.db, userId);
    if (body.parentId) {
      const parent = await assertValidParent(tx, { userId, parentId: body.parentId });
      if (folderId === undefined) folderId = parent.folderId;
    }
    if (folderId) await folders.assertFolderTakesContent(tx, { userId, folderId });
    const now = tx.clock.now();
    const row = await repository.insertNote(tx.db, {
      userId,
      title: body.title ?? '',
      content: body.content ?? '',
      folderId: folderId ?? null,
      parentId: body.parentId ?? null,
      isFavorite: body.isFavorite ?? false,
      createdAt: now,
      updatedAt: now,
    });
    return toNote(row);
  });
}

export type UpdateNoteResult = { note: Note } | { conflict: NoteConflict };

function conflictWith(current: NoteRow): { conflict: NoteConflict } {
  return {
    conflict: {
      error: current.deletedAt
        ? 'The note is in the trash; restore it first'
        : 'The note was changed elsewhere',
      code: 'CONFLICT',
      current: toNote(current),
    },
  };
}

/**
 * Changes part of a note. With baseUpdatedAt, the write lands only on the version the client edited
 * (without it, it always lands). When the note has changed since, or is in the trash, nothing is
 * written and the answer is the note as it is now, for the client to merge with what the user typed:
 * nothing is overwritten unseen, and nothing typed is dropped unseen.
 */
export async function updateNote(
  ctx: AppContext,
  options: NoteScope & { changes: UpdateNoteBody },
): Promise<UpdateNoteResult> {
  const { userId, noteId } = options;
  const { baseUpdatedAt, ...changes } = options.changes;
  const base = baseUpdatedAt === undefined ? undefined : new Date(baseUpdatedAt);
  return inTransaction(ctx, async (tx) => {
    if (!hasChanges(changes)) {
      const current = await getNoteRow(tx, options);
      const isStale = base !== undefined && current.updatedAt.getTime() !== base.getTime();
      return current.deletedAt || isStale ? conflictWith(current) : { note: toNote(current) };
    }
    if (changes.folderId !== undefined || changes.parentId !== undefined) {
      await repository.lockNoteTree(tx.db, userId);
    }
    if (changes.parentId) await assertValidParent(tx, { userId, noteId, parentId: changes.parentId });
    if (changes.folderId) await folders.assertFolderTakesContent(tx, { userId, folderId: changes.folderId });
    const row = await repository.updateNoteIfCurrent(tx.db, {
      userId,
      noteId,
      changes,
      at: tx.clock.now(),
      baseUpdatedAt: base,
    });
    if (row) return { note: toNote(row) };
    return conflictWith(await getNoteRow(tx, options));
  });
}

async function setArchived(ctx: AppContext, scope: NoteScope, isArchived: boolean): Promise<Note> {
  await inTransaction(ctx, async (tx) => {
    const row = await getLiveNoteRow(tx, scope);
    if (Boolean(row.archivedAt) === isArchived) return;
    const at = tx.clock.now();
    await repository.setArchivedAt(tx.db, { ...scope, archivedAt: isArchived ? at : null, at });
  });
  return getNote(ctx, scope);
}

export function archiveNote(ctx: AppContext, scope: NoteScope): Promise<Note> {
  return setArchived(ctx, scope, true);
}

export function unarchiveNote(ctx: AppContext, scope: NoteScope): Promise<Note> {
  return setArchived(ctx, scope, false);
}

/** Moves a note and its child notes to the trash, at one instant so they come back together. */
export async function trashNote(ctx: AppContext, scope: NoteScope): Promise<void> {
  const { userId } = scope;
  await inTransaction(ctx, async (tx) => {
    await repository.lockNoteTree(tx.db, userId);
    const row = await getNoteRow(tx, scope);
    if (row.deletedAt) throw new AppError('CONFLICT', 'The note is already in the trash');
    const noteIds = await repository.findNoteSubtreeIds(tx.db, { userId, noteIds: [row.id] });
    await repository.trashNotes(tx.db, { userId, noteIds, at: tx.clock.now() });
  });
}

/**
 * Brings back a note and the child notes trashed with it. Parent notes and folders still in the trash
 * come back first (only they, not their other content), so the note reappears where it was.
 */
export async function restoreNote(ctx: AppContext, scope: NoteScope): Promise<Note> {
  const { userId } = scope;
  await inTransaction(ctx, async (tx) => {
    await repository.lockNoteTree(tx.db, userId);
    const row = await getNoteRow(tx, scope);
    if (!row.deletedAt) return;
    const at = tx.clock.now();
    const ancestors = await repository.findNoteAncestors(tx.db, scope);
    const subtree = await repository.findSubtreeIdsDeletedAt(tx.db, {
      userId,
      noteIds: [row.id],
      deletedAt: row.deletedAt,
    });
    const noteIds = [...ancestors.map((ancestor) => ancestor.id), ...subtree];
    const folderIds = await repository.findFolderIdsOfNotes(tx.db, { userId, noteIds });
    await foldersRepository.restoreFolderChains(tx.db, { userId, folderIds, at });
    await repository.restoreNotes(tx.db, { userId, noteIds, at });
  });
  return getNote(ctx, scope);
}

/** Deletes for good, only from the trash; the attachments' files go once the rows are gone. */
export async function purgeNote(ctx: AppContext, scope: NoteScope): Promise<void> {
  const { userId } = scope;
  const removeFiles = await inTransaction(ctx, async (tx) => {
    await repository.lockNoteTree(tx.db, userId);
    const row = await getNoteRow(tx, scope);
    if (!row.deletedAt)
      throw new AppError('CONFLICT', 'Move the note to the trash before deleting it for good');
    const noteIds = await repository.findNoteSubtreeIds(tx.db, { userId, noteIds: [row.id] });
    const remove = await collectNoteAttachmentFiles(tx, { userId, noteIds });
    await repository.purgeNotes(tx.db, { userId, noteIds: [row.id] });
    return remove;
  });
  await removeFiles();
}

/** Deletes every note and folder in the trash for good, with what they hold. */
export async function emptyTrash(
  ctx: AppContext,
  options: { userId: string },
): Promise<{ purgedNotes: number; purgedFolders: number }> {
  const { userId } = options;
  const { removeFiles, purged } = await inTransaction(ctx, async (tx) => {
    await repository.lockNoteTree(tx.db, userId);
    const trashedFolders = await foldersRepository.findTrashedFolderIds(tx.db, userId);
    const folderIds = await foldersRepository.findFolderSubtreeIds(tx.db, {
      userId,
      folderIds: trashedFolders,
    });
    const noteRoots = [
      ...(await repository.findTrashedNoteIds(tx.db, userId)),
      ...(await repository.findNoteIdsInFolders(tx.db, { userId, folderIds, deletedAt: 'any' })),
    ];
    const noteIds = await repository.findNoteSubtreeIds(tx.db, { userId, noteIds: noteRoots });
    const remove = await collectNoteAttachmentFiles(tx, { userId, noteIds });
    await repository.purgeNotes(tx.db, { userId, noteIds });
    await foldersRepository.purgeFolders(tx.db, { userId, folderIds });
    return { removeFiles: remove, purged: { purgedNotes: noteIds.length, purgedFolders: folderIds.length } };
  });
  await removeFiles();
  return purged;
}

// Listing and search

/** How each sort reads back from a cursor, and its direction unless the query names one. */
const sorts: Record<
  NoteSortKey,
  { cast: NoteCursorCast; valueOf(row: NoteListingRow): string; isDescending: boolean }
> = {
  updatedAt: { cast: 'timestamptz', valueOf: (row) => row.updatedAt.toISOString(), isDescending: true },
  createdAt: { cast: 'timestamptz', valueOf: (row) => row.createdAt.toISOString(), isDescending: true },
  // The title as the database lowers it, so the next page starts exactly where this one ended.
  title: { cast: 'text', valueOf: (row) => row.titleKey, isDescending: false },
  // The trash reads newest deletion first; every note in it has a deletion instant.
  deletedAt: {
    cast: 'timestamptz',
    valueOf: (row) => row.deletedAt?.toISOString() ?? '',
    isDescending: true,
  },
};

/**
 * One page of notes: the live ones by default, favourites, the archive or the trash, in a folder
 * (or in none) and under a note (or at the top level); with q, the search hits among them, most
 * relevant first, each with a highlighted snippet.
 */
export async function findNotes(
  ctx: AppContext,
  options: { userId: string; query: ListNotesQuery },
): Promise<NotePage> {
  const { userId, query } = options;
  if (query.folderId && query.folderId !== 'none') {
    await folders.assertFolderExists(ctx, { userId, folderId: query.folderId });
  }
  if (query.parentId && query.parentId !== 'none') await getNoteRow(ctx, { userId, noteId: query.parentId });
  const filter: NoteListingFilter = {
    userId,
    filter: query.filter,
    folderId: query.folderId,
    parentId: query.parentId,
  };
  return query.q
    ? searchNotes(ctx, {
        ...filter,
        text: query.q,
        cursor: query.cursor,
        limit: query.limit ?? DEFAULT_SEARCH_PAGE_SIZE,
      })
    : listNotes(ctx, { ...filter, query, limit: query.limit ?? DEFAULT_PAGE_SIZE });
}

async function listNotes(
  ctx: AppContext,
  options: NoteListingFilter & { query: ListNotesQuery; limit: number },
): Promise<NotePage> {
  const { query, limit } = options;
  const sortKey: NoteSortKey = query.sort ?? (query.filter === 'trash' ? 'deletedAt' : 'updatedAt');
  const sort = sorts[sortKey];
  const rows = await repository.findNotePage(ctx.db, {
    ...options,
    sort: sortKey,
    isDescending: query.order ? query.order === 'desc' : sort.isDescending,
    after: query.cursor ? decodeNoteCursor(query.cursor, sort.cast) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const counts = await findNoteCounts(ctx, { userId: options.userId, noteIds: page.map((row) => row.id) });
  const last = page.at(-1);
  return {
    items: page.map((row) => toSummary(row, counts.get(row.id), undefined)),
    nextCursor: rows.length > limit && last ? encodeNoteCursor([sort.valueOf(last), last.id]) : null,
  };
}

async function searchNotes(
  ctx: AppContext,
  options: NoteListingFilter & { text: string; cursor: string | undefined; limit: number },
): Promise<NotePage> {
  const { userId, limit } = options;
  const offset = options.cursor ? decodeSearchCursor(options.cursor) : 0;
  const hitIds = await repository.findSearchHitIds(ctx.db, { ...options, limit: limit + 1, offset });
  const noteIds = hitIds.slice(0, limit);
  const markers = createHighlightMarkers();
  const [counts, hits] = await Promise.all([
    findNoteCounts(ctx, { userId, noteIds }),
    repository.findSearchHits(ctx.db, { userId, noteIds, text: options.text, markers }),
  ]);
  return {
    items: hits.map((row) => toSummary(row, counts.get(row.id), toSnippetHtml(row.headline, markers))),
    nextCursor: hitIds.length > limit ? encodeSearchCursor(offset + limit) : null,
  };
}
