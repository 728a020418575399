import { startUpSchema } from '@cairn/contracts/start-up';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import { getStartUp } from './start-up.service';

export const startUpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/start-up',
    {
      schema: {
        tags: ['start-up'],
        summary:
          'What every signed-in screen shows around its content, in one read: the user (as GET /users/me), ' +
          'the task-manager settings, the smart-view counts, the lists and the running timer',
        response: { 200: startUpSchema, ...errorResponses(401, 404) },
      },
    },
    (request) =>
      getStartUp(app.ctx, { userId: request.auth.userId, requestTimeZone: request.requestTimeZone }),
  );
};
