import { idParamsSchema } from '@cairn/contracts/common';
import {
  changePasswordBodySchema,
  deleteUserBodySchema,
  updateUserBodySchema,
  userDevicesSchema,
  userSchema,
  userSessionListSchema,
} from '@cairn/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import {
  changePassword,
  deleteAccount,
  listSessions,
  revokeAllUserSessions,
  revokeUserSession,
  updateProfile,
} from '../auth/auth.service';
import { getUserDevices } from './user-devices.service';
import { getUser } from './users.service';

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
    (request) => updateProfile(app.ctx, { userId: request.auth.userId, changes: request.body }),
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

  app.get(
    '/users/me/sessions',
    {
      schema: {
        tags,
        summary: 'The devices signed in to the account, most recently used first',
        response: { 200: userSessionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await listSessions(app.ctx, request.auth) }),
  );

  app.get(
    '/users/me/devices',
    {
      schema: {
        tags,
        summary:
          'The devices signed in to the account (as GET /users/me/sessions) and those that take its ' +
          'notifications (as GET /push/subscriptions), in one read',
        response: { 200: userDevicesSchema, ...errorResponses(401) },
      },
    },
    (request) => getUserDevices(app.ctx, request.auth),
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign one device out',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await revokeUserSession(app.ctx, { userId: request.auth.userId, sessionId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/me/sessions/sign-out-everywhere',
    {
      schema: {
        tags,
        summary: 'Sign every device out, this one included',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await revokeAllUserSessions(app.ctx, { userId: request.auth.userId });
      return reply.status(204).send(null);
    },
  );
};
