import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tarStream from 'tar-stream';

/** The snapshots' archive format: plain tar through tar-stream, contents streamed in and out. */

export type TarEntry = {
  name: string;
  size: number;
  content: Readable | Uint8Array;
  /** Seconds since the epoch. */
  modifiedAt?: number;
};

export type TarFile = { name: string; content: Buffer };

/** The tar archive of the entries, as a stream; a content whose length differs from `size` fails it. */
export function writeTar(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): Readable {
  const pack = tarStream.pack();
  const fill = async () => {
    for await (const entry of entries) {
      const sink = pack.entry({
        name: entry.name,
        size: entry.size,
        mtime: new Date((entry.modifiedAt ?? Date.now() / 1000) * 1000),
      });
      const content = entry.content instanceof Uint8Array ? Readable.from([entry.content]) : entry.content;
      await pipeline(content, sink).catch((error: unknown) => {
        throw new Error(`${entry.name} could not be archived (did it change size?)`, { cause: error });
      });
    }
    pack.finalize();
  };
  fill().catch((error: unknown) => pack.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.from(pack);
}

/** The regular files of a tar archive held in memory, in archive order. */
export async function readTar(archive: Buffer): Promise<TarFile[]> {
  const files: TarFile[] = [];
  const extract = tarStream.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type === 'file')
        files.push({ name: entry.header.name, content: Buffer.concat(chunks) });
    }
  })();
  await Promise.all([pipeline(Readable.from([archive]), extract), reading]).catch((error: unknown) => {
    throw new Error('not a tar archive, or a damaged one', { cause: error });
  });
  return files;
}
