import {
  changePasswordBodySchema,
  deleteUserBodySchema,
  updateUserBodySchema,
  userSchema,
} from '@cairn/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { changePassword, deleteAccount } from '../auth/auth.service';
import { getUser, updateUser } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: userSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => getUser(app.ctx, { userId: request.auth.userId }),
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'Change username, e-mail, currency or time zone',
        body: updateUserBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => updateUser(app.ctx, { userId: request.auth.userId, changes: request.body }),
  );

  app.post(
    '/users/me/password',
    {
      schema: {
        tags,
        summary: 'Change the password; every other session is signed out',
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      await changePassword(app.ctx, { ...request.auth, ...request.body });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'Delete the account and everything it owns',
        body: deleteUserBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.ctx, { userId: request.auth.userId, password: request.body.password });
      return reply.status(204).send(null);
    },
  );
};
