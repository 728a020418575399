import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStorage, keySegments } from './file-storage';

/** Uploaded files of the self-hosted install live in DATA_DIR/attachments (and go into its snapshots). */
export function attachmentsDir(dataDir: string): string {
  return path.join(dataDir, 'attachments');
}

/**
 * mkdir -p that names the real reason it failed: on a read-only file system Node's recursive mkdir
 * reports ENOENT, whereas creating the first missing level itself reports EROFS (or EACCES).
 */
export async function makeDirectory(directory: string): Promise<void> {
  try {
    await mkdir(directory, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const parent = path.dirname(directory);
    if (parent !== directory) await makeDirectory(parent);
    await mkdir(directory).catch((retried: unknown) => {
      if ((retried as NodeJS.ErrnoException).code !== 'EEXIST') throw retried;
    });
  }
}

/** Where writes under way live until renamed into place; a crash mid-write leaves its file here. */
export function partialUploadsDir(root: string): string {
  return path.join(root, '.partial');
}

/**
 * Writes go to a temporary name in `<root>/.partial` (same file system, so the rename is atomic),
 * are flushed to disk, then renamed into place: a crash or a failed upload never leaves a half file
 * under the real name. Keys never start with a dot, so no key can reach `.partial`.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const partialDir = partialUploadsDir(root);
  const pathOf = (key: string) => path.join(root, ...keySegments(key));
  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    async put(key, content) {
      const target = pathOf(key);
      await makeDirectory(path.dirname(target));
      await makeDirectory(partialDir);
      const partial = path.join(partialDir, `${randomUUID()}.partial`);
      const sink = createWriteStream(partial, { flags: 'wx' });
      try {
        let size = 0;
        await pipeline(
          content instanceof Readable ? content : Readable.from([content]),
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              size += chunk.length;
              yield chunk;
            }
          },
          sink,
        );
        // On disk before it gets the real name, so a power cut cannot leave an empty file there.
        const handle = await open(partial, 'r+');
        await handle.sync().finally(() => handle.close());
        await rename(partial, target);
        return { size };
      } catch (error) {
        // A source that fails at once can fail before the file is even opened; removing it before the
        // sink has closed would leave the file it opens afterwards behind.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
