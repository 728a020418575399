import { recentTrackerValuesQuerySchema, recentTrackerValuesSchema } from '@cairn/contracts/trackers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './tracker-overview.service';

export const trackerOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trackers/recent-values',
    {
      schema: {
        tags: ['trackers'],
        summary:
          "Each tracker's value per day (its latest log of the day) over the last days, for sparklines",
        querystring: recentTrackerValuesQuerySchema,
        response: { 200: recentTrackerValuesSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      service.getRecentValues(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
        days: request.query.days,
      }),
  );
};
