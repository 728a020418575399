import { idParamsSchema } from '@cairn/contracts/common';
import {
  createListBodySchema,
  listSchema,
  listSummariesSchema,
  reorderBodySchema,
  updateListBodySchema,
} from '@cairn/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './lists.service';

export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lists'];

  app.get(
    '/lists',
    {
      schema: {
        tags,
        summary: 'Every list with its open and completed task counts',
        response: { 200: listSummariesSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await service.findListSummaries(app.ctx, { userId: request.auth.userId }) }),
  );

  app.post(
    '/lists',
    {
      schema: {
        tags,
        summary: 'Create a list (it goes last)',
        body: createListBodySchema,
        response: { 201: listSchema, ...errorResponses(400, 401, 402) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createList(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.put(
    '/lists/order',
    {
      schema: {
        tags,
        summary: 'Reorder the lists: every id once, first to last',
        body: reorderBodySchema,
        response: { 200: listSummariesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      items: await service.reorderLists(app.ctx, { userId: request.auth.userId, body: request.body }),
    }),
  );

  app.get(
    '/lists/:id',
    {
      schema: {
        tags,
        summary: 'One list',
        params: idParamsSchema,
        response: { 200: listSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getList(app.ctx, { userId: request.auth.userId, listId: request.params.id }),
  );

  app.patch(
    '/lists/:id',
    {
      schema: {
        tags,
        summary: 'Rename, recolour or regroup a list',
        params: idParamsSchema,
        body: updateListBodySchema,
        response: { 200: listSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      service.updateList(app.ctx, {
        userId: request.auth.userId,
        listId: request.params.id,
        changes: request.body,
      }),
  );

  app.delete(
    '/lists/:id',
    {
      schema: {
        tags,
        summary: 'Delete a list; its tasks stay, in no list',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteList(app.ctx, { userId: request.auth.userId, listId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
