import {
  columnListSchema,
  columnSchema,
  createColumnBodySchema,
  updateColumnBodySchema,
} from '@cairn/contracts/columns';
import { idParamsSchema } from '@cairn/contracts/common';
import { reorderBodySchema } from '@cairn/contracts/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './columns.service';

export const columnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['kanban columns'];

  app.get(
    '/columns',
    {
      schema: {
        tags,
        summary: 'The kanban columns, in order',
        response: { 200: columnListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await service.findColumns(app.ctx, { userId: request.auth.userId }) }),
  );

  app.post(
    '/columns',
    {
      schema: {
        tags,
        summary: 'Add a column at the end',
        body: createColumnBodySchema,
        response: { 201: columnSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createColumn(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.put(
    '/columns/order',
    {
      schema: {
        tags,
        summary: 'Reorder the columns: every id once, first to last',
        body: reorderBodySchema,
        response: { 200: columnListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      items: await service.reorderColumns(app.ctx, { userId: request.auth.userId, body: request.body }),
    }),
  );

  app.patch(
    '/columns/:id',
    {
      schema: {
        tags,
        summary: 'Rename a column, or make it the default or the completion column',
        params: idParamsSchema,
        body: updateColumnBodySchema,
        response: { 200: columnSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      service.updateColumn(app.ctx, {
        userId: request.auth.userId,
        columnId: request.params.id,
        changes: request.body,
      }),
  );

  app.delete(
    '/columns/:id',
    {
      schema: {
        tags,
        summary: 'Delete a column; its tasks move to the default column',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteColumn(app.ctx, { userId: request.auth.userId, columnId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
