import { idParamsSchema } from '@cairn/contracts/common';
import { reorderBodySchema } from '@cairn/contracts/lists';
import {
  createTrackerBodySchema,
  listTrackersQuerySchema,
  trackerListSchema,
  trackerListWithGroupsSchema,
  trackerSchema,
  updateTrackerBodySchema,
} from '@cairn/contracts/trackers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './definitions.service';
import * as overview from './tracker-overview.service';

export const trackerDefinitionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trackers'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    trackerId: request.params.id,
  });

  app.get(
    '/trackers',
    {
      schema: {
        tags,
        summary:
          'Trackers (of one group, when asked) by priority then name, with their newest log; with include=groups, the tracker groups too',
        querystring: listTrackersQuerySchema,
        response: { 200: trackerListWithGroupsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      overview.listCurrentTrackersWithGroups(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
        groupId: request.query.groupId,
        isGroupsIncluded: request.query.include === 'groups',
      }),
  );

  app.post(
    '/trackers',
    {
      schema: {
        tags,
        summary: 'Create a tracker, logged by hand or calculated from other trackers by a formula',
        body: createTrackerBodySchema,
        response: { 201: trackerSchema, ...errorResponses(400, 401, 402, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createTracker(app.ctx, {
          userId: request.auth.userId,
          requestTimeZone: request.requestTimeZone,
          body: request.body,
        }),
      ),
  );

  app.put(
    '/trackers/order',
    {
      schema: {
        tags,
        summary: 'Reorder the trackers: every id once, first to last',
        body: reorderBodySchema,
        response: { 200: trackerListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      items: await service.reorderTrackers(app.ctx, { userId: request.auth.userId, ids: request.body.ids }),
    }),
  );

  app.get(
    '/trackers/:id',
    {
      schema: {
        tags,
        summary: 'One tracker, with its sources in order and its newest log',
        params: idParamsSchema,
        response: { 200: trackerSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getTracker(app.ctx, scope(request)),
  );

  app.patch(
    '/trackers/:id',
    {
      schema: {
        tags,
        summary: 'Change a tracker; a system tracker only its name, group, note, unit and boundaries',
        params: idParamsSchema,
        body: updateTrackerBodySchema,
        response: { 200: trackerSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) =>
      service.updateTracker(app.ctx, {
        ...scope(request),
        requestTimeZone: request.requestTimeZone,
        changes: request.body,
      }),
  );

  app.delete(
    '/trackers/:id',
    {
      schema: {
        tags,
        summary: 'Delete a tracker and its logs; refused (409) while a calculated tracker reads it',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteTracker(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );
};
