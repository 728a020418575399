import { idParamsSchema } from '@cairn/contracts/common';
import { chartDataSchema } from '@cairn/contracts/trackers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './chart-data.service';

/** GET /tracker-dashboard/{id}/data: the points a chart draws, per calendar day in the user's zone. */
export const chartDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracker-dashboard/:id/data',
    {
      schema: {
        tags: ['trackers'],
        summary: "A chart's points over its time range, aggregated per calendar day in the user's time zone",
        params: idParamsSchema,
        response: { 200: chartDataSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      service.getChartData(app.ctx, {
        userId: request.auth.userId,
        chartId: request.params.id,
        requestTimeZone: request.requestTimeZone,
      }),
  );
};
