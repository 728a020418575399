import { Readable } from 'node:stream';
import {
  EXPORT_DOCUMENT_NAME,
  type ImportSource,
  importQuerySchema,
  importSummarySchema,
} from '@cairn/contracts/data-transfer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import {
  assertDeclaredLengthFits,
  closeRefusedUploads,
  receiveFile,
  uploadsPlugin,
} from '../../plugins/uploads';
import { contentDisposition } from '../attachments/content-disposition';
import { exportUserData } from './export.service';
import { IMPORT_MAX_BYTES, importUserData } from './import.service';

/** The export's body: a zip, streamed as it is written (never serialized). */
const zipContentSchema = z
  .custom<Readable>((value) => value instanceof Readable)
  .describe(`application/zip holding ${EXPORT_DOCUMENT_NAME} and attachments/<attachment id> files`);

export const dataTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['data transfer'];
  // Multipart bodies are taken here only; every other route keeps refusing them.
  await app.register(uploadsPlugin);

  // The limit is the source's; without a valid one, the smallest (a CSV's).
  closeRefusedUploads(app, (request) => {
    const source = (request.query as { source?: unknown } | undefined)?.source;
    return Object.hasOwn(IMPORT_MAX_BYTES, String(source))
      ? IMPORT_MAX_BYTES[source as ImportSource]
      : Math.min(...Object.values(IMPORT_MAX_BYTES));
  });

  app.get(
    '/users/me/export',
    {
      // Already compressed; and a HEAD would read the whole account only to throw it away.
      compress: false,
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Everything the user owns as one zip (docs/export-format.md)',
        description:
          'Streamed: no content-length; x-cairn-export-items gives the number of rows in the document, for a progress estimate.',
        response: { 200: zipContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { fileName, itemCount, content } = await exportUserData(app.ctx, { userId: request.auth.userId });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('x-cairn-export-items', String(itemCount))
        .header('cache-control', 'private, no-cache')
        .send(content);
    },
  );

  app.post(
    '/users/me/import',
    {
      schema: {
        tags,
        summary: 'Import a Cairn export, a Todoist CSV or a Toggl CSV, all or nothing (or a dry run)',
        description:
          'multipart/form-data with one `file`: a Cairn export zip (at most 200 MB) or a CSV (at most 20 MB). ' +
          'Every row gets a new id. A file that is not valid changes nothing and the 400 says where it is wrong; ' +
          'past a plan limit the answer is 402 (a dry run lists it among the conflicts).',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: importSummarySchema, ...errorResponses(400, 401, 402, 413, 415) },
      },
    },
    async (request) => {
      const maxBytes = IMPORT_MAX_BYTES[request.query.source];
      assertDeclaredLengthFits(request, maxBytes);
      return receiveFile(request, {
        maxBytes,
        store: (upload) =>
          importUserData(app.ctx, {
            userId: request.auth.userId,
            query: request.query,
            content: upload.stream,
            fileName: upload.filename,
            requestTimeZone: request.requestTimeZone,
          }),
      });
    },
  );
};
