import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { keySegments } from '../../../lib/storage/file-storage';
import {
  attachmentsDir,
  createLocalDiskStorage,
  partialUploadsDir,
} from '../../../lib/storage/local-disk-storage';
import { type AttachmentStorage, isStorageKey, type StoredFile } from './storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Orders keys segment by segment, the order a depth-first walk of sorted folders visits them in. */
function compareSegments(a: readonly string[], b: readonly string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const [x = '', y = ''] = [a[index], b[index]];
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

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

    async removeUnfinished({ before }) {
      const partialDir = partialUploadsDir(root);
      const names = await readdir(partialDir).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      let removed = 0;
      for (const name of names) {
        const file = path.join(partialDir, name);
        const modifiedAt = await stat(file).then(
          (stats) => stats.mtimeMs,
          () => undefined,
        );
        if (modifiedAt === undefined || modifiedAt >= before.getTime()) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },

    list(options = {}) {
      const after = options.startAfter?.split('/');
      // Dot names are never keys, so `.partial` (unfinished writes) is skipped with them; symbolic
      // links are neither files nor folders here, so the walk never leaves the root.
      async function* walk(segments: string[]): AsyncGenerator<StoredFile> {
        const folder = path.join(root, ...segments);
        const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
          if (isMissing(error)) return [];
          throw error;
        });
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
          const entrySegments = [...segments, entry.name];
          if (!isStorageKey(entrySegments.join('/'))) continue;
          if (entry.isDirectory()) {
            if (after && compareSegments(entrySegments, after.slice(0, entrySegments.length)) < 0) continue;
            yield* walk(entrySegments);
          } else if (entry.isFile()) {
            if (after && compareSegments(entrySegments, after) <= 0) continue;
            try {
              const { mtime } = await stat(path.join(folder, entry.name));
              yield { key: entrySegments.join('/'), modifiedAt: mtime };
            } catch (error) {
              // Deleted since the folder was read.
              if (!isMissing(error)) throw error;
            }
          }
        }
      }
      return walk([]);
    },
  };
}
