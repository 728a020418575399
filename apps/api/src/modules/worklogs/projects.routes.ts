import { idParamsSchema } from '@cairn/contracts/common';
import {
  createWorklogProjectBodySchema,
  listWorklogProjectsQuerySchema,
  updateCsvExportConfigBodySchema,
  updateWorklogProjectBodySchema,
  worklogProjectListSchema,
  worklogProjectSchema,
} from '@cairn/contracts/worklogs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './projects.service';

export const worklogProjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['worklogs'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    projectId: request.params.id,
  });

  app.get(
    '/worklogs/projects',
    {
      schema: {
        tags,
        summary: 'Work-log projects by name; ended ones only with includeEnded=true',
        querystring: listWorklogProjectsQuerySchema,
        response: { 200: worklogProjectListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      items: await service.listProjects(app.ctx, {
        userId: request.auth.userId,
        includeEnded: request.query.includeEnded === 'true',
      }),
    }),
  );

  app.post(
    '/worklogs/projects',
    {
      schema: {
        tags,
        summary: 'Create a work-log project',
        body: createWorklogProjectBodySchema,
        response: { 201: worklogProjectSchema, ...errorResponses(400, 401, 402) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createProject(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.get(
    '/worklogs/projects/:id',
    {
      schema: {
        tags,
        summary: 'A work-log project with its CSV export settings',
        params: idParamsSchema,
        response: { 200: worklogProjectSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getProject(app.ctx, scope(request)),
  );

  app.patch(
    '/worklogs/projects/:id',
    {
      schema: {
        tags,
        summary: 'Rename a project, change its client, or end it (endedAt) and bring it back (null)',
        params: idParamsSchema,
        body: updateWorklogProjectBodySchema,
        response: { 200: worklogProjectSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateProject(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/worklogs/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project without entries (409 while it has any: end it instead)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteProject(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/worklogs/projects/:id/csv-export-config',
    {
      schema: {
        tags,
        summary:
          'Set the CSV export columns, file name and presets; missing columns are added disabled, each key at most once',
        params: idParamsSchema,
        body: updateCsvExportConfigBodySchema,
        response: { 200: worklogProjectSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateCsvExportConfig(app.ctx, { ...scope(request), config: request.body }),
  );
};
