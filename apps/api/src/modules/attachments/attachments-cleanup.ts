import type { AppContext } from '../../lib/app-context';
import * as repository from './attachments.repository';

/**
 * Purging removes attachment rows through the foreign keys' cascade; their files are removed here. The
 * paths are read before the purge (the rows are gone after it), the files deleted once it has committed,
 * so a purge that rolls back keeps every file its rows name.
 */

/** Deletes the files, every one even when some fail; a file already gone is not an error. */
function deleterOf(ctx: AppContext, storagePaths: string[]): () => Promise<void> {
  return async () => {
    const results = await Promise.allSettled(storagePaths.map((key) => ctx.storage.delete(key)));
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (failures.length > 0) {
      throw new AggregateError(failures, `${failures.length} attachment file(s) could not be deleted`);
    }
  };
}

/**
 * Before notes are deleted for good: finds the stored files of their attachments and answers a function
 * that removes those files, to be run once the rows' deletion has committed.
 */
export async function collectNoteAttachmentFiles(
  ctx: AppContext,
  options: { userId: string; noteIds: string[] },
): Promise<() => Promise<void>> {
  const paths = await repository.findStoragePaths(ctx.db, {
    userId: options.userId,
    column: 'noteId',
    ids: options.noteIds,
  });
  return deleterOf(ctx, paths);
}

/** The same for tasks: give every task the purge removes, subtasks included. */
export async function collectTaskAttachmentFiles(
  ctx: AppContext,
  options: { userId: string; taskIds: string[] },
): Promise<() => Promise<void>> {
  const paths = await repository.findStoragePaths(ctx.db, {
    userId: options.userId,
    column: 'taskId',
    ids: options.taskIds,
  });
  return deleterOf(ctx, paths);
}

/** After an account is deleted: every file under the user's prefix, orphans of failed writes included. */
export async function deleteAllAttachmentFiles(ctx: AppContext, options: { userId: string }): Promise<void> {
  await ctx.storage.deleteAllOf(options.userId);
}
