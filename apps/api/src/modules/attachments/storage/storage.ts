import { type FileStorage, keySegments } from '../../../lib/storage/file-storage';

/**
 * Where attachment files live, keyed "<userId>/<fileName>" (keys are made by the API, never taken
 * from a client). The disk driver serves one server; the S3 driver lets several API instances share files.
 */
export interface AttachmentStorage extends FileStorage {
  /** Removes every file stored under the user's prefix, orphans included (an account being deleted). */
  deleteAllOf(userId: string): Promise<void>;
  /**
   * Every stored file with its last change, in an order that is the same on every call, starting after
   * the key `startAfter` when given. Files still being written (the disk's temporary uploads) and names
   * that are not storage keys are left out.
   */
  list(options?: { startAfter?: string }): AsyncIterable<StoredFile>;
  /**
   * Removes writes that never finished and were last touched before `before` (a crash mid-upload
   * leaves one behind); answers how many. Storages whose failed writes leave nothing lack it.
   */
  removeUnfinished?(options: { before: Date }): Promise<number>;
}

export type StoredFile = { key: string; modifiedAt: Date };

/** The key of a user's file; the storage checks its segments. */
export function storageKey(userId: string, fileName: string): string {
  return `${userId}/${fileName}`;
}

/** Whether a stored name is one the API could have made (anything else in the storage is not ours). */
export function isStorageKey(key: string): boolean {
  try {
    keySegments(key);
    return true;
  } catch {
    return false;
  }
}
