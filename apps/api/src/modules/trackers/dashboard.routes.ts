import { idParamsSchema } from '@cairn/contracts/common';
import {
  createDashboardChartBodySchema,
  dashboardChartListSchema,
  dashboardChartListWithDataSchema,
  dashboardChartSchema,
  dashboardLayoutBodySchema,
  listDashboardChartsQuerySchema,
  updateDashboardChartBodySchema,
} from '@cairn/contracts/trackers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { listChartsWithData } from './chart-data.service';
import * as service from './dashboard.service';

/** /tracker-dashboard: the user's charts and their places on the grid. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trackers'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    chartId: request.params.id,
  });

  app.get(
    '/tracker-dashboard',
    {
      schema: {
        tags,
        summary:
          'The dashboard charts, top to bottom and left to right; with include=data, each chart’s points too',
        querystring: listDashboardChartsQuerySchema,
        response: { 200: dashboardChartListWithDataSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      listChartsWithData(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
        isDataIncluded: request.query.include === 'data',
      }),
  );

  app.post(
    '/tracker-dashboard',
    {
      schema: {
        tags,
        summary: 'Add a chart (without a position: below the others; without a size: 6 by 4)',
        body: createDashboardChartBodySchema,
        response: { 201: dashboardChartSchema, ...errorResponses(400, 401, 402, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createChart(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.put(
    '/tracker-dashboard/layout',
    {
      schema: {
        tags,
        summary: 'Save the grid: every listed chart moves and resizes, all or none; answers the dashboard',
        body: dashboardLayoutBodySchema,
        response: { 200: dashboardChartListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      items: await service.saveLayout(app.ctx, { userId: request.auth.userId, body: request.body }),
    }),
  );

  app.get(
    '/tracker-dashboard/:id',
    {
      schema: {
        tags,
        summary: 'One chart',
        params: idParamsSchema,
        response: { 200: dashboardChartSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getChart(app.ctx, scope(request)),
  );

  app.patch(
    '/tracker-dashboard/:id',
    {
      schema: {
        tags,
        summary: 'Rename a chart, change what it shows, or move and resize it',
        params: idParamsSchema,
        body: updateDashboardChartBodySchema,
        response: { 200: dashboardChartSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateChart(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/tracker-dashboard/:id',
    {
      schema: {
        tags,
        summary: 'Remove a chart from the dashboard (its trackers and logs stay)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteChart(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );
};
