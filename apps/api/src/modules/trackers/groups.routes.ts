import { idParamsSchema } from '@cairn/contracts/common';
import { reorderBodySchema } from '@cairn/contracts/lists';
import {
  createTrackerGroupBodySchema,
  trackerGroupListSchema,
  trackerGroupSchema,
  updateTrackerGroupBodySchema,
} from '@cairn/contracts/trackers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './groups.service';

export const trackerGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trackers'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    groupId: request.params.id,
  });

  app.get(
    '/tracker-groups',
    {
      schema: {
        tags,
        summary: 'Tracker groups by priority then name, each with its number of trackers',
        response: { 200: trackerGroupListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await service.listGroups(app.ctx, { userId: request.auth.userId }) }),
  );

  app.post(
    '/tracker-groups',
    {
      schema: {
        tags,
        summary: 'Create a tracker group (without a priority, it goes last)',
        body: createTrackerGroupBodySchema,
        response: { 201: trackerGroupSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createGroup(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.put(
    '/tracker-groups/order',
    {
      schema: {
        tags,
        summary: 'Reorder the tracker groups: every id once, first to last',
        body: reorderBodySchema,
        response: { 200: trackerGroupListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      items: await service.reorderGroups(app.ctx, { userId: request.auth.userId, ids: request.body.ids }),
    }),
  );

  app.get(
    '/tracker-groups/:id',
    {
      schema: {
        tags,
        summary: 'One tracker group',
        params: idParamsSchema,
        response: { 200: trackerGroupSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getGroup(app.ctx, scope(request)),
  );

  app.patch(
    '/tracker-groups/:id',
    {
      schema: {
        tags,
        summary: 'Rename, describe, recolour or move a tracker group',
        params: idParamsSchema,
        body: updateTrackerGroupBodySchema,
        response: { 200: trackerGroupSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateGroup(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/tracker-groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a tracker group; its trackers stay, in no group',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteGroup(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );
};
