import { idParamsSchema } from '@cairn/contracts/common';
import {
  createFolderBodySchema,
  folderListSchema,
  folderSchema,
  listFoldersQuerySchema,
  updateFolderBodySchema,
} from '@cairn/contracts/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './folders.service';

export const foldersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notes'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    folderId: request.params.id,
  });

  app.get(
    '/folders',
    {
      schema: {
        tags,
        summary: 'Every live folder (a tree by parentId), or the folders deleted on their own',
        querystring: listFoldersQuerySchema,
        response: { 200: folderListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      items: await service.findFolders(app.ctx, { userId: request.auth.userId, in: request.query.in }),
    }),
  );

  app.post(
    '/folders',
    {
      schema: {
        tags,
        summary: 'Create a folder, at the top level or inside another',
        body: createFolderBodySchema,
        response: { 201: folderSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createFolder(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.get(
    '/folders/:id',
    {
      schema: {
        tags,
        summary: 'One folder',
        params: idParamsSchema,
        response: { 200: folderSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getFolder(app.ctx, scope(request)),
  );

  app.patch(
    '/folders/:id',
    {
      schema: {
        tags,
        summary: 'Rename a folder or move it (never inside itself)',
        params: idParamsSchema,
        body: updateFolderBodySchema,
        response: { 200: folderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => service.updateFolder(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/folders/:id',
    {
      schema: {
        tags,
        summary: 'Move a folder to the trash with the folders and notes in it',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.trashFolder(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/folders/:id/restore',
    {
      schema: {
        tags,
        summary: 'Bring a folder back from the trash with what was deleted with it',
        params: idParamsSchema,
        response: { 200: folderSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.restoreFolder(app.ctx, scope(request)),
  );

  app.delete(
    '/folders/:id/permanent',
    {
      schema: {
        tags,
        summary: 'Delete a folder in the trash for good, with its folders, notes and attachments',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.purgeFolder(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );
};
