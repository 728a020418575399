import { idParamsSchema } from '@cairn/contracts/common';
import {
  createWorklogCategoryBodySchema,
  updateWorklogCategoryBodySchema,
  worklogCategoryListSchema,
  worklogCategorySchema,
} from '@cairn/contracts/worklogs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './categories.service';

export const worklogCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['worklogs'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    categoryId: request.params.id,
  });

  app.get(
    '/worklogs/categories',
    {
      schema: {
        tags,
        summary: 'Work-log categories by name',
        response: { 200: worklogCategoryListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await service.listCategories(app.ctx, { userId: request.auth.userId }) }),
  );

  app.post(
    '/worklogs/categories',
    {
      schema: {
        tags,
        summary: 'Create a work-log category (breaks multiplier 1 unless given)',
        body: createWorklogCategoryBodySchema,
        response: { 201: worklogCategorySchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCategory(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.get(
    '/worklogs/categories/:id',
    {
      schema: {
        tags,
        summary: 'A work-log category',
        params: idParamsSchema,
        response: { 200: worklogCategorySchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getCategory(app.ctx, scope(request)),
  );

  app.patch(
    '/worklogs/categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename a category or change the multiplier its new entries get',
        params: idParamsSchema,
        body: updateWorklogCategoryBodySchema,
        response: { 200: worklogCategorySchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateCategory(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/worklogs/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category; its entries stay, without it, keeping their multiplier',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteCategory(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );
};
