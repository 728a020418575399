import { idParamsSchema } from '@cairn/contracts/common';
import {
  createMoneyAccountBodySchema,
  listMoneyAccountsQuerySchema,
  moneyAccountListWithCategoriesSchema,
  moneyAccountSchema,
  movedTransactionsSchema,
  moveMoneyAccountTransactionsBodySchema,
  updateMoneyAccountBodySchema,
} from '@cairn/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './accounts.service';

export const moneyAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['money'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    accountId: request.params.id,
  });

  app.get(
    '/accounts',
    {
      schema: {
        tags,
        summary:
          'Accounts and sub-accounts, each with its number of transactions; with include=categories, the categories too',
        querystring: listMoneyAccountsQuerySchema,
        response: { 200: moneyAccountListWithCategoriesSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      service.listAccountsWithCategories(app.ctx, {
        userId: request.auth.userId,
        isCategoriesIncluded: request.query.include === 'categories',
      }),
  );

  app.post(
    '/accounts',
    {
      schema: {
        tags,
        summary: 'Create an account, or a sub-account of a top-level account',
        body: createMoneyAccountBodySchema,
        response: { 201: moneyAccountSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createAccount(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.patch(
    '/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Rename an account, set its currency, or move it in the tree (its transactions move along)',
        params: idParamsSchema,
        body: updateMoneyAccountBodySchema,
        response: { 200: moneyAccountSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateAccount(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Delete an account and its sub-accounts; refused (409) while they have transactions',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/accounts/:id/move-transactions',
    {
      schema: {
        tags,
        summary: 'Move every transaction of an account and its sub-accounts to another account',
        params: idParamsSchema,
        body: moveMoneyAccountTransactionsBodySchema,
        response: { 200: movedTransactionsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.moveAccountTransactions(app.ctx, { ...scope(request), body: request.body }),
  );
};
