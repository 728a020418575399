import {
  adminUserPageSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  clientErrorReportPageSchema,
  clientErrorReportsQuerySchema,
  updateAdminUserBodySchema,
} from '@cairn/contracts/admin';
import { idParamsSchema } from '@cairn/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/require-admin';
import { errorResponses } from '../../plugins/error-responses';
import { getAdminUser, listAdminClientErrors, listAdminUsers, updateAdminUser } from './admin.service';

/** Everything here answers 404 to anyone but an administrator, exactly as a missing route does. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.addHook('onRequest', adminOnly(app));

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Every account, newest first, with search by username or e-mail (administrators only)',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => listAdminUsers(app.ctx, request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'One account (administrators only)',
        params: idParamsSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => getAdminUser(app.ctx, { userId: request.params.id }),
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Set an account’s plan, administrator role or access (administrators only)',
        params: idParamsSchema,
        body: updateAdminUserBodySchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) =>
      updateAdminUser(app.ctx, {
        adminId: request.auth.userId,
        userId: request.params.id,
        changes: request.body,
      }),
  );

  app.get(
    '/admin/client-errors',
    {
      schema: {
        tags,
        summary: 'Errors the web app reported, newest first (administrators only)',
        querystring: clientErrorReportsQuerySchema,
        response: { 200: clientErrorReportPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => listAdminClientErrors(app.ctx, request.query),
  );
};
