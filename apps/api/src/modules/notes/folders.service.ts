import type { CreateFolderBody, Folder, UpdateFolderBody } from '@cairn/contracts/notes';
import { MAX_NOTE_TREE_DEPTH } from '@cairn/contracts/notes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import { collectNoteAttachmentFiles } from '../attachments/attachments-cleanup';
import type { FolderChanges, FolderWithCount } from './folders.repository';
import * as repository from './folders.repository';
import * as notesRepository from './notes.repository';

/** Folders: a tree of the user's own, whose contents go to the trash and come back with them. */

export type FolderScope = { userId: string; folderId: string };

function toFolder(row: FolderWithCount): Folder {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    notesCount: row.notesCount,
    deletedAt: row.deletedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The trees of notes and of folders nest at most MAX_NOTE_TREE_DEPTH levels deep. */
export function tooDeep(what: 'Folders' | 'Notes', deepestLevel?: number): AppError {
  return new AppError('TOO_DEEP', `${what} can be nested at most ${MAX_NOTE_TREE_DEPTH} levels deep`, {
    ...(deepestLevel === undefined ? {} : { detail: `The deepest one would be at level ${deepestLevel}` }),
  });
}

function inTrash(): AppError {
  return new AppError('CONFLICT', 'The folder is in the trash; restore it first');
}

async function getFolderRow(ctx: AppContext, scope: FolderScope): Promise<FolderWithCount> {
  return requireOwned(await repository.findFolder(ctx.db, scope), 'Folder');
}

export async function getFolder(ctx: AppContext, scope: FolderScope): Promise<Folder> {
  return toFolder(await getFolderRow(ctx, scope));
}

/** Throws the same 404 as a missing folder when the id is not one of the user's folders. */
export async function assertFolderExists(ctx: AppContext, scope: FolderScope): Promise<void> {
  await getFolderRow(ctx, scope);
}

/**
 * Something may be put in a folder only while the folder is live: one of the user's (else 404) and not
 * in the trash (else 400 INVALID_PARENT). Call it with the note tree locked.
 */
export async function assertFolderTakesContent(ctx: AppContext, scope: FolderScope): Promise<void> {
  const folder = await repository.findFolder(ctx.db, scope);
  if (!folder) throw notFound('Folder');
  if (folder.deletedAt) throw new AppError('INVALID_PARENT', 'The folder is in the trash; restore it first');
}

/** A parent folder must be live, must not sit at or below the folder itself, and must keep the depth limit. */
async function assertValidParent(
  ctx: AppContext,
  options: { userId: string; folderId?: string; parentId: string },
): Promise<void> {
  await assertFolderTakesContent(ctx, { userId: options.userId, folderId: options.parentId });
  const problem = await repository.findFolderParentProblem(ctx.db, options);
  switch (problem?.problem) {
    case undefined:
      return;
    case 'inside-itself':
      throw new AppError(
        'INVALID_PARENT',
        'A folder cannot be placed inside itself or one of its own folders',
      );
    case 'loop':
      throw new AppError(
        'INVALID_PARENT',
        'The chosen parent sits in a loop of folders; move one of them first',
      );
    case 'too-deep':
      throw tooDeep('Folders', problem.deepestLevel);
  }
}

export async function findFolders(
  ctx: AppContext,
  options: { userId: string; in: 'live' | 'trash' | undefined },
): Promise<Folder[]> {
  const rows = await repository.findFolders(ctx.db, { userId: options.userId, in: options.in ?? 'live' });
  return rows.map(toFolder);
}

export async function createFolder(
  ctx: AppContext,
  options: { userId: string; body: CreateFolderBody },
): Promise<Folder> {
  const { userId, body } = options;
  return inTransaction(ctx, async (tx) => {
    if (body.parentId) {
      await notesRepository.lockNoteTree(tx.db, userId);
      await assertValidParent(tx, { userId, parentId: body.parentId });
    }
    const now = tx.clock.now();
    const row = await repository.insertFolder(tx.db, {
      userId,
      name: body.name,
      parentId: body.parentId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return toFolder({ ...row, notesCount: 0 });
  });
}

/** Rename and/or move; a folder in the trash must be restored first (409). */
export async function updateFolder(
  ctx: AppContext,
  options: FolderScope & { changes: UpdateFolderBody },
): Promise<Folder> {
  const { userId, folderId, changes } = options;
  await inTransaction(ctx, async (tx) => {
    if (changes.parentId !== undefined) await notesRepository.lockNoteTree(tx.db, userId);
    const current = await getFolderRow(tx, options);
    if (current.deletedAt) throw inTrash();
    if (changes.parentId) await assertValidParent(tx, { userId, folderId, parentId: changes.parentId });
    const update: FolderChanges = { updatedAt: tx.clock.now() };
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.parentId !== undefined) update.parentId = changes.parentId;
    await repository.updateFolder(tx.db, { userId, folderId, changes: update });
  });
  return getFolder(ctx, options);
}

/**
 * Moves a folder to the trash with everything in it: the folders below it, their live notes and those
 * notes' child notes, all at one instant, which is how a restore knows what went together. What was
 * already in the trash keeps its own instant and stays there when the folder comes back.
 */
export async function trashFolder(ctx: AppContext, scope: FolderScope): Promise<void> {
  const { userId } = scope;
  await inTransaction(ctx, async (tx) => {
    await notesRepository.lockNoteTree(tx.db, userId);
    const folder = await getFolderRow(tx, scope);
    if (folder.deletedAt) throw new AppError('CONFLICT', 'The folder is already in the trash');
    const at = tx.clock.now();
    const folderIds = await repository.findFolderSubtreeIds(tx.db, { userId, folderIds: [folder.id] });
    const noteRoots = await notesRepository.findNoteIdsInFolders(tx.db, {
      userId,
      folderIds,
      deletedAt: 'live',
    });
    const noteIds = await notesRepository.findNoteSubtreeIds(tx.db, { userId, noteIds: noteRoots });
    await repository.trashFolders(tx.db, { userId, folderIds, at });
    await notesRepository.trashNotes(tx.db, { userId, noteIds, at });
  });
}

/**
 * Brings back what one deletion put in the trash: the folder, and every folder and note below it that
 * shares its deletion instant. Parent folders still in the trash come back first (only they, not
 * their other content), so the folder reappears where it was.
 */
export async function restoreFolder(ctx: AppContext, scope: FolderScope): Promise<Folder> {
  const { userId } = scope;
  await inTransaction(ctx, async (tx) => {
    await notesRepository.lockNoteTree(tx.db, userId);
    const folder = await getFolderRow(tx, scope);
    const deletedAt = folder.deletedAt;
    if (!deletedAt) return;
    const at = tx.clock.now();
    const subtree = await repository.findFolderSubtreeIds(tx.db, { userId, folderIds: [folder.id] });
    const folderIds = await repository.findFoldersDeletedAt(tx.db, { userId, folderIds: subtree, deletedAt });
    const noteRoots = await notesRepository.findNoteIdsInFolders(tx.db, { userId, folderIds, deletedAt });
    const noteIds = await notesRepository.findSubtreeIdsDeletedAt(tx.db, {
      userId,
      noteIds: noteRoots,
      deletedAt,
    });
    // Child notes keep their own folder, which may be elsewhere and in the trash since.
    const otherFolders = await notesRepository.findFolderIdsOfNotes(tx.db, { userId, noteIds });
    await repository.restoreFolderChains(tx.db, {
      userId,
      folderIds: [...(folder.parentId ? [folder.parentId] : []), ...otherFolders],
      at,
    });
    await repository.restoreFolders(tx.db, { userId, folderIds, at });
    await notesRepository.restoreNotes(tx.db, { userId, noteIds, at });
  });
  return getFolder(ctx, scope);
}

/**
 * Deletes a folder in the trash for good, with the folders and notes in it (the foreign keys cascade)
 * and their attachments' files, which are removed once the rows are gone.
 */
export async function purgeFolder(ctx: AppContext, scope: FolderScope): Promise<void> {
  const { userId } = scope;
  const removeFiles = await inTransaction(ctx, async (tx) => {
    await notesRepository.lockNoteTree(tx.db, userId);
    const folder = await getFolderRow(tx, scope);
    if (!folder.deletedAt) {
      throw new AppError('CONFLICT', 'Move the folder to the trash before deleting it for good');
    }
    const folderIds = await repository.findFolderSubtreeIds(tx.db, { userId, folderIds: [folder.id] });
    const noteRoots = await notesRepository.findNoteIdsInFolders(tx.db, {
      userId,
      folderIds,
      deletedAt: 'any',
    });
    const noteIds = await notesRepository.findNoteSubtreeIds(tx.db, { userId, noteIds: noteRoots });
    const remove = await collectNoteAttachmentFiles(tx, { userId, noteIds });
    await repository.purgeFolders(tx.db, { userId, folderIds: [folder.id] });
    return remove;
  });
  await removeFiles();
}
