import { formulaPreviewBodySchema, formulaPreviewSchema } from '@cairn/contracts/trackers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './calculated-trackers.service';

/** The formula editor's live check: the formula's value for the latest day every source has one. */
export const formulaPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/trackers/formula-preview',
    {
      schema: {
        tags: ['trackers'],
        summary:
          'Check a formula over source trackers and evaluate it for the latest day on which every source has a value',
        body: formulaPreviewBodySchema,
        response: { 200: formulaPreviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      service.previewFormula(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
        body: request.body,
      }),
  );
};
