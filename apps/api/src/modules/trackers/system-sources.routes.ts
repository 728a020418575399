import {
  setSystemSourceBodySchema,
  systemSourceListSchema,
  systemSourceOptionSchema,
} from '@cairn/contracts/trackers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './system-sources.service';

/** System trackers on offer (tasks, work logs, money), and switching each on or off. */
export const systemSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trackers'];

  app.get(
    '/trackers/system-sources',
    {
      schema: {
        tags,
        summary: 'Every system tracker on offer, with whether it is on and its tracker',
        response: { 200: systemSourceListSchema, ...errorResponses(401) },
      },
    },
    (request) => service.listSystemSources(app.ctx, { userId: request.auth.userId }),
  );

  app.put(
    '/trackers/system-sources',
    {
      schema: {
        tags,
        summary:
          'Switch a system tracker on (created and filled from your data) or off (deleted with its values; 409 while a calculated tracker reads it)',
        body: setSystemSourceBodySchema,
        response: { 200: systemSourceOptionSchema, ...errorResponses(400, 401, 402, 404, 409) },
      },
    },
    (request) =>
      service.setSystemSource(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
        body: request.body,
      }),
  );
};
