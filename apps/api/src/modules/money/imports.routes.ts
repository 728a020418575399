import {
  MONEY_IMPORT_MAX_CHARACTERS,
  moneyImportBodySchema,
  moneyImportPreviewSchema,
  moneyImportResultSchema,
} from '@cairn/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './imports.service';

/**
 * The file's text travels in the JSON body: its 5,000,000 characters, plus room for the escapes
 * JSON adds (every quote and line break of a CSV takes two bytes) and a little non-ASCII text.
 */
const IMPORT_BODY_LIMIT = Math.ceil(MONEY_IMPORT_MAX_CHARACTERS * 1.25) + 64 * 1024;

export const moneyImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['money'];

  app.post(
    '/imports/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Read a bank’s CSV export: its columns, and with a mapping what each row would become',
        body: moneyImportBodySchema,
        response: { 200: moneyImportPreviewSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    (request) => service.previewImport(app.ctx, { userId: request.auth.userId, body: request.body }),
  );

  app.post(
    '/imports',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import the new rows of a bank’s CSV export in one go, skipping duplicates',
        body: moneyImportBodySchema,
        response: { 200: moneyImportResultSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    (request) => service.importTransactions(app.ctx, { userId: request.auth.userId, body: request.body }),
  );
};
