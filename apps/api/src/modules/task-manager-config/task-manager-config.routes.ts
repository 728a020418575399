import {
  taskManagerConfigSchema,
  updateTaskManagerConfigBodySchema,
} from '@cairn/contracts/task-manager-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import { getTaskManagerConfig, updateTaskManagerConfig } from './task-manager-config.service';

export const taskManagerConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/task-manager-config',
    {
      schema: {
        tags: ['task manager'],
        summary: "The user's task-manager settings",
        response: { 200: taskManagerConfigSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => getTaskManagerConfig(app.ctx, { userId: request.auth.userId }),
  );

  app.patch(
    '/task-manager-config',
    {
      schema: {
        tags: ['task manager'],
        summary: "Change part of the user's task-manager settings",
        body: updateTaskManagerConfigBodySchema,
        response: { 200: taskManagerConfigSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => updateTaskManagerConfig(app.ctx, { userId: request.auth.userId, changes: request.body }),
  );
};
