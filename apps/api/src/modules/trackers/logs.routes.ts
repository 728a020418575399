import { idParamsSchema } from '@cairn/contracts/common';
import {
  createTrackerLogBodySchema,
  listTrackerLogsQuerySchema,
  trackerLogPageSchema,
  trackerLogSchema,
  updateTrackerLogBodySchema,
} from '@cairn/contracts/trackers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './logs.service';

export const trackerLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trackers'];
  const scope = (request: {
    auth: { userId: string };
    params: { id: string };
    requestTimeZone: string | undefined;
  }) => ({
    userId: request.auth.userId,
    logId: request.params.id,
    requestTimeZone: request.requestTimeZone,
  });

  app.get(
    '/tracker-logs',
    {
      schema: {
        tags,
        summary: 'Logs newest first, of one tracker or all, between two days of the user’s time zone',
        querystring: listTrackerLogsQuerySchema,
        response: { 200: trackerLogPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      service.listLogs(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
        query: request.query,
      }),
  );

  app.post(
    '/tracker-logs',
    {
      schema: {
        tags,
        summary: 'Log a value (now, unless logDate says when); a calculated or system tracker answers 409',
        body: createTrackerLogBodySchema,
        response: { 201: trackerLogSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createLog(app.ctx, {
          userId: request.auth.userId,
          requestTimeZone: request.requestTimeZone,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/tracker-logs/:id',
    {
      schema: {
        tags,
        summary: 'One log, flagged when outside its tracker’s boundaries',
        params: idParamsSchema,
        response: { 200: trackerLogSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getLog(app.ctx, { userId: request.auth.userId, logId: request.params.id }),
  );

  app.patch(
    '/tracker-logs/:id',
    {
      schema: {
        tags,
        summary: 'Change a logged value, its note or its date',
        params: idParamsSchema,
        body: updateTrackerLogBodySchema,
        response: { 200: trackerLogSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => service.updateLog(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/tracker-logs/:id',
    {
      schema: {
        tags,
        summary: 'Delete a logged value',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteLog(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );
};
