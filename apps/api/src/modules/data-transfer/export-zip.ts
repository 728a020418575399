import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_DOCUMENT_NAME } from '@cairn/contracts/data-transfer';
import { type Entry, openPromise, type ZipFile } from 'yauzl';
import { invalidFile } from './check-document';

/** The document is parsed whole; past this it is refused rather than exhausting memory. */
const DOCUMENT_MAX_BYTES = 256 * 1024 * 1024;

export type OpenedExport = {
  /** The document's JSON text. */
  documentText: string;
  entry(name: string): Entry | undefined;
  /** One entry's bytes, refused past `maxBytes`. */
  read(entry: Entry, maxBytes: number): Promise<Buffer>;
  close(): Promise<void>;
};

async function readAll(stream: Readable, maxBytes: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      throw invalidFile(`${name} in the zip is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A zip needs random access (its directory is at the end), so the upload goes to a temporary file
 * first; the caller closes the result, which removes the file.
 */
export async function openExportZip(upload: Readable): Promise<OpenedExport> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cairn-import-'));
  const file = path.join(folder, 'upload.zip');
  let zip: ZipFile | undefined;
  const close = async () => {
    zip?.close();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await pipeline(upload, createWriteStream(file));
    zip = await openPromise(file, { autoClose: false, strictFileNames: false }).catch(() => {
      throw invalidFile('The file is not a zip archive');
    });
    const entries = new Map<string, Entry>();
    try {
      for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    } catch {
      throw invalidFile('The zip archive is damaged');
    }
    const opened = zip;
    const read = async (entry: Entry, maxBytes: number) => {
      if (entry.uncompressedSize > maxBytes)
        throw invalidFile(`${entry.fileName} in the zip is larger than ${maxBytes} bytes`);
      try {
        return await readAll(await opened.openReadStreamPromise(entry), maxBytes, entry.fileName);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'VALIDATION_FAILED') throw error;
        throw invalidFile(`${entry.fileName} in the zip cannot be read: it is damaged`);
      }
    };
    const documentEntry = entries.get(EXPORT_DOCUMENT_NAME);
    if (!documentEntry) throw invalidFile(`The zip holds no ${EXPORT_DOCUMENT_NAME}`);
    const documentText = (await read(documentEntry, DOCUMENT_MAX_BYTES)).toString('utf8');
    return { documentText, entry: (name) => entries.get(name), read, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The document's JSON, or a 400 saying where it stops being JSON (Node names line and column). */
export function parseDocumentJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidFile(`${EXPORT_DOCUMENT_NAME} is not valid JSON: ${(error as Error).message}`);
  }
}
