import { reorderBodySchema } from '@cairn/contracts/lists';
import {
  checklistItemListSchema,
  checklistItemParamsSchema,
  checklistItemSchema,
  createChecklistItemBodySchema,
  taskChecklistParamsSchema,
  updateChecklistItemBodySchema,
} from '@cairn/contracts/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './checklist-items.service';

export const checklistItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checklists'];
  const base = '/tasks/:taskId/checklist-items';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A task's checklist",
        params: taskChecklistParamsSchema,
        response: { 200: checklistItemListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      items: await service.listChecklistItems(app.ctx, {
        userId: request.auth.userId,
        taskId: request.params.taskId,
      }),
    }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Add a checklist item at the end',
        params: taskChecklistParamsSchema,
        body: createChecklistItemBodySchema,
        response: { 201: checklistItemSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createChecklistItem(app.ctx, {
          userId: request.auth.userId,
          taskId: request.params.taskId,
          ...request.body,
        }),
      ),
  );

  app.put(
    `${base}/order`,
    {
      schema: {
        tags,
        summary: 'Reorder a checklist: every id once, first to last',
        params: taskChecklistParamsSchema,
        body: reorderBodySchema,
        response: { 200: checklistItemListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      items: await service.reorderChecklistItems(app.ctx, {
        userId: request.auth.userId,
        taskId: request.params.taskId,
        body: request.body,
      }),
    }),
  );

  app.patch(
    `${base}/:itemId`,
    {
      schema: {
        tags,
        summary: 'Rename, tick or untick, or make optional a checklist item',
        params: checklistItemParamsSchema,
        body: updateChecklistItemBodySchema,
        response: { 200: checklistItemSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      service.updateChecklistItem(app.ctx, {
        userId: request.auth.userId,
        ...request.params,
        changes: request.body,
      }),
  );

  app.delete(
    `${base}/:itemId`,
    {
      schema: {
        tags,
        summary: 'Remove a checklist item',
        params: checklistItemParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteChecklistItem(app.ctx, { userId: request.auth.userId, ...request.params });
      return reply.status(204).send(null);
    },
  );
};
