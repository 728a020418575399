import { idParamsSchema } from '@cairn/contracts/common';
import {
  createMoneyCategoryBodySchema,
  moneyCategoryListSchema,
  moneyCategorySchema,
  movedTransactionsSchema,
  moveMoneyCategoryTransactionsBodySchema,
  updateMoneyCategoryBodySchema,
} from '@cairn/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './categories.service';

export const moneyCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['money'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    categoryId: request.params.id,
  });

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Categories and sub-categories, each with its number of transactions',
        response: { 200: moneyCategoryListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await service.listCategories(app.ctx, { userId: request.auth.userId }) }),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Create a category, or a sub-category of a top-level category',
        body: createMoneyCategoryBodySchema,
        response: { 201: moneyCategorySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCategory(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.patch(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename a category or move it in the tree (its transactions move along)',
        params: idParamsSchema,
        body: updateMoneyCategoryBodySchema,
        response: { 200: moneyCategorySchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateCategory(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category and its sub-categories; refused (409) while they have transactions',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteCategory(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/categories/:id/move-transactions',
    {
      schema: {
        tags,
        summary:
          'Move every transaction of a category and its sub-categories to another category, or to none',
        params: idParamsSchema,
        body: moveMoneyCategoryTransactionsBodySchema,
        response: { 200: movedTransactionsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.moveCategoryTransactions(app.ctx, { ...scope(request), body: request.body }),
  );
};
