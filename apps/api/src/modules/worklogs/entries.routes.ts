import { idParamsSchema } from '@cairn/contracts/common';
import {
  bulkDeleteWorklogsBodySchema,
  bulkDeleteWorklogsResultSchema,
  copyWorklogBodySchema,
  createWorklogBodySchema,
  listWorklogsQuerySchema,
  taskWorklogTotalsSchema,
  updateWorklogBodySchema,
  worklogPageSchema,
  worklogSchema,
} from '@cairn/contracts/worklogs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './entries.service';

export const worklogEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['worklogs'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    worklogId: request.params.id,
  });

  app.get(
    '/worklogs',
    {
      schema: {
        tags,
        summary: 'Entries matching filters, newest day first, a page at a time, with totals over all matches',
        querystring: listWorklogsQuerySchema,
        response: { 200: worklogPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.listWorklogs(app.ctx, { userId: request.auth.userId, query: request.query }),
  );

  app.post(
    '/worklogs',
    {
      schema: {
        tags,
        summary: 'Log time: a start and an end, or a duration',
        body: createWorklogBodySchema,
        response: { 201: worklogSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createWorklog(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.post(
    '/worklogs/bulk-delete',
    {
      schema: {
        tags,
        summary: 'Delete several entries at once: all of them, or none when one is not found',
        body: bulkDeleteWorklogsBodySchema,
        response: { 200: bulkDeleteWorklogsResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.bulkDeleteWorklogs(app.ctx, { userId: request.auth.userId, ids: request.body.ids }),
  );

  app.get(
    '/worklogs/:id',
    {
      schema: {
        tags,
        summary: 'An entry, with the entries its times overlap',
        params: idParamsSchema,
        response: { 200: worklogSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getWorklog(app.ctx, scope(request)),
  );

  app.patch(
    '/worklogs/:id',
    {
      schema: {
        tags,
        summary: 'Change part of an entry; times and duration must agree as they will stand',
        params: idParamsSchema,
        body: updateWorklogBodySchema,
        response: { 200: worklogSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateWorklog(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/worklogs/:id',
    {
      schema: {
        tags,
        summary: 'Delete an entry',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteWorklog(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/worklogs/:id/copy',
    {
      schema: {
        tags,
        summary: 'Copy an entry to another day',
        params: idParamsSchema,
        body: copyWorklogBodySchema,
        response: { 201: worklogSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.copyWorklog(app.ctx, { ...scope(request), workDate: request.body.workDate })),
  );

  app.get(
    '/tasks/:id/worklog-totals',
    {
      schema: {
        tags: ['worklogs', 'tasks'],
        summary: 'Time logged on a task, and on it and all its subtasks',
        params: idParamsSchema,
        response: { 200: taskWorklogTotalsSchema, ...errorResponses(401, 404) },
      },
    },
    (request) =>
      service.getTaskWorklogTotals(app.ctx, { userId: request.auth.userId, taskId: request.params.id }),
  );
};
