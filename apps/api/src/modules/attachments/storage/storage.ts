import type { FileStorage } from '../../../lib/storage/file-storage';

/**
 * Where attachment files live, keyed "<userId>/<fileName>" (keys are made by the API, never taken
 * from a client). The disk driver serves one server; the S3 driver lets several API instances share files.
 */
export interface AttachmentStorage extends FileStorage {
  /** Removes every file stored under the user's prefix, orphans included (an account being deleted). */
  deleteAllOf(userId: string): Promise<void>;
}

/** The key of a user's file; the storage checks its segments. */
export function storageKey(userId: string, fileName: string): string {
  return `${userId}/${fileName}`;
}
