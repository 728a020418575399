import { worklogReportQuerySchema, worklogReportSchema } from '@cairn/contracts/worklogs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './reports.service';

export const worklogReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worklogs/reports',
    {
      schema: {
        tags: ['worklogs'],
        summary:
          'Time in a range (at most about five years) per day, ISO week, month, project, category and client, with and without breaks',
        querystring: worklogReportQuerySchema,
        response: { 200: worklogReportSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getReport(app.ctx, { userId: request.auth.userId, query: request.query }),
  );
};
