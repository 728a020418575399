import {
  startWorklogTimerBodySchema,
  stopWorklogTimerBodySchema,
  worklogSchema,
  worklogTimerStateSchema,
} from '@cairn/contracts/worklogs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './timer.service';

export const worklogTimerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['worklogs'];

  app.get(
    '/worklogs/timer',
    {
      schema: {
        tags,
        summary: 'The running timer, or null',
        response: { 200: worklogTimerStateSchema, ...errorResponses(401) },
      },
    },
    (request) => service.getTimer(app.ctx, { userId: request.auth.userId }),
  );

  app.post(
    '/worklogs/timer/start',
    {
      schema: {
        tags,
        summary: 'Start the timer (409 while one is running)',
        body: startWorklogTimerBodySchema,
        response: { 201: worklogTimerStateSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.startTimer(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.post(
    '/worklogs/timer/stop',
    {
      schema: {
        tags,
        summary: "Stop the timer and log its time as an entry on the day it started, in the user's time zone",
        body: stopWorklogTimerBodySchema,
        response: { 201: worklogSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.stopTimer(app.ctx, {
          userId: request.auth.userId,
          requestTimeZone: request.requestTimeZone,
          description: request.body.description,
        }),
      ),
  );

  app.delete(
    '/worklogs/timer',
    {
      schema: {
        tags,
        summary: 'Discard the running timer without logging its time',
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.discardTimer(app.ctx, { userId: request.auth.userId });
      return reply.status(204).send(null);
    },
  );
};
