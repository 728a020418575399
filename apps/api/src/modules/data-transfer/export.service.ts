import { PassThrough, Readable } from 'node:stream';
import { EXPORT_DOCUMENT_NAME, EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from '@cairn/contracts/data-transfer';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../lib/app-context';
import { notFound } from '../../lib/app-error';
import * as repository from './data-transfer.repository';
import { CURRENCIES_TABLE, exportTables } from './export-tables';

/** Where an attachment's file sits in the zip, beside the document. */
export const attachmentEntryName = (attachmentId: string) => `attachments/${attachmentId}`;

export type UserExport = {
  fileName: string;
  /** How many rows the document holds, for a progress estimate. */
  itemCount: number;
  content: Readable;
};

type StoredFile = { id: string; storagePath: string };

/**
 * Writes a chunk, waiting while the reader is behind, so memory holds a few chunks at most; fails
 * once the stream is closed (the download was cut off), which ends the reading transaction.
 */
async function write(stream: PassThrough, chunk: string): Promise<void> {
  if (stream.destroyed) throw new Error('the export stream was closed');
  if (stream.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('the export stream was closed'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/**
 * Everything the user owns as a zip, streamed: the document is written a batch of rows at a time
 * while the zip is being sent, all read in one repeatable-read transaction so it is consistent; the
 * attachment files follow, each opened only when the zip reaches it. Resolves once the transaction
 * has started, so a failure to begin is still an error answer and not a cut-off download.
 */
export async function exportUserData(ctx: AppContext, options: { userId: string }): Promise<UserExport> {
  const { userId } = options;
  const now = ctx.clock.now();
  const zip = new ZipFile();
  // yazl's typings call it a NodeJS.ReadableStream; it is a stream.PassThrough.
  const output = zip.outputStream as Readable;
  const document = new PassThrough();
  zip.addReadStream(document, EXPORT_DOCUMENT_NAME, { mtime: now });
  // A download cut off closes the output; yazl would then simply stop reading the document.
  output.once('close', () => {
    if (!document.writableFinished) document.destroy();
  });

  let announceStart: (itemCount: number) => void = () => {};
  const started = new Promise<number>((resolve) => {
    announceStart = resolve;
  });
  const files: StoredFile[] = [];

  const writing = ctx.db.transaction(
    async (tx) => {
      const user = await repository.findExportUser(tx, userId);
      if (!user) throw notFound('User');
      const counts = await repository.countRowsPerTable(tx, userId);
      announceStart([...counts.values()].reduce((sum, count) => sum + count, 0));

      const header = {
        format: EXPORT_FORMAT,
        version: EXPORT_FORMAT_VERSION,
        exportedAt: now.toISOString(),
        user,
      };
      await write(document, `${JSON.stringify(header).slice(0, -1)},"tables":{`);
      const currencyIds = new Set<string>();
      for (const [tableIndex, table] of exportTables.entries()) {
        const currencyColumns = Object.entries(table.references)
          .filter(([, target]) => target === CURRENCIES_TABLE)
          .map(([column]) => column);
        await write(document, `${tableIndex === 0 ? '' : ','}\n${JSON.stringify(table.name)}:[`);
        let isFirst = true;
        for await (const rows of repository.readRowsInBatches(tx, { table, userId })) {
          // One row per line: a reader (or an error message) can point at a line.
          const lines = rows.map((row) => JSON.stringify(row));
          await write(document, `${isFirst ? '' : ','}\n${lines.join(',\n')}`);
          isFirst = false;
          for (const row of rows) {
            for (const column of currencyColumns)
              if (typeof row[column] === 'string') currencyIds.add(row[column]);
            if (table.name === 'attachments')
              files.push({ id: String(row.id), storagePath: String(row.storagePath) });
          }
        }
        await write(document, ']');
      }
      const codes = await repository.findCurrencyCodes(tx, [...currencyIds]);
      await write(document, `},\n"currencies":${JSON.stringify(Object.fromEntries(codes))}}\n`);
      document.end();
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  writing.then(
    () => {
      for (const file of files) {
        zip.addReadStreamLazy(attachmentEntryName(file.id), { mtime: now }, (callback) => {
          ctx.storage.get(file.storagePath).then(
            // A file gone since the row was read (deleted meanwhile) leaves an empty entry.
            (content) => callback(null, content ?? Readable.from([])),
            (error: Error) => callback(error, undefined as never),
          );
        });
      }
      zip.end();
    },
    (error: unknown) => {
      document.destroy(error as Error);
      output.destroy(error as Error);
    },
  );

  const itemCount = await Promise.race([started, writing.then(() => started)]);
  return {
    fileName: `cairn-export-${now.toISOString().slice(0, 10)}.zip`,
    itemCount,
    content: output,
  };
}
