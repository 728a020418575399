import { Readable } from 'node:stream';
import { exportWorklogsQuerySchema } from '@cairn/contracts/worklogs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { contentDisposition } from '../attachments/content-disposition';
import { exportWorklogs } from './export.service';

/** The export's body: CSV text, streamed as it is read (never serialized). */
const csvContentSchema = z
  .custom<Readable>((value) => value instanceof Readable)
  .describe('text/csv (RFC 4180, UTF-8 with a byte order mark)');

export const worklogExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worklogs/export',
    {
      // A HEAD would run the export only to throw it away.
      exposeHeadRoute: false,
      schema: {
        tags: ['worklogs'],
        summary:
          "A project's entries in a range as CSV, with its enabled columns (or a preset's, remembered as the last used)",
        querystring: exportWorklogsQuerySchema,
        response: { 200: csvContentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { fileName, content } = await exportWorklogs(app.ctx, {
        userId: request.auth.userId,
        query: request.query,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'private, no-cache')
        .send(content);
    },
  );
};
