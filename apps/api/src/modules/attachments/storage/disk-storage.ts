import { rm } from 'node:fs/promises';
import path from 'node:path';
import { keySegments } from '../../../lib/storage/file-storage';
import { attachmentsDir, createLocalDiskStorage } from '../../../lib/storage/local-disk-storage';
import type { AttachmentStorage } from './storage';

/**
 * Files in DATA_DIR/attachments/<userId>/<fileName>, where the daily snapshots pick them up. Writes go
 * to a temporary name under .partial/ and are renamed into place (see createLocalDiskStorage), so a
 * crash never leaves half a file under a real name, and snapshots skip unfinished ones.
 */
export function createDiskStorage(dataDir: string): AttachmentStorage {
  const root = attachmentsDir(dataDir);
  return {
    ...createLocalDiskStorage(root),
    async deleteAllOf(userId) {
      const segments = keySegments(userId);
      if (segments.length !== 1) throw new Error(`invalid user folder: ${JSON.stringify(userId)}`);
      await rm(path.join(root, ...segments), { recursive: true, force: true });
    },
  };
}
