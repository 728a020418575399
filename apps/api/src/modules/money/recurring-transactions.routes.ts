import { idParamsSchema } from '@cairn/contracts/common';
import {
  createMoneyRecurringBodySchema,
  moneyRecurringListSchema,
  moneyRecurringSchema,
  skipMoneyOccurrenceBodySchema,
  upcomingMoneyQuerySchema,
  upcomingMoneyTransactionsSchema,
  updateMoneyRecurringBodySchema,
} from '@cairn/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './recurring-transactions.service';

export const moneyRecurringTransactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['money'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    recurringId: request.params.id,
  });

  app.get(
    '/recurring',
    {
      schema: {
        tags,
        summary: 'The recurring transactions, the next to post first',
        response: { 200: moneyRecurringListSchema, ...errorResponses(401) },
      },
    },
    (request) => service.listRecurring(app.ctx, { userId: request.auth.userId }),
  );

  app.post(
    '/recurring',
    {
      schema: {
        tags,
        summary: 'Create a recurring transaction; occurrences already due are posted at once',
        body: createMoneyRecurringBodySchema,
        response: { 201: moneyRecurringSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createRecurring(app.ctx, {
          userId: request.auth.userId,
          requestTimeZone: request.requestTimeZone,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/recurring/upcoming',
    {
      schema: {
        tags,
        summary: 'The occurrences still to post, soonest first (30 days ahead unless told, at most a year)',
        querystring: upcomingMoneyQuerySchema,
        response: { 200: upcomingMoneyTransactionsSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      service.findUpcoming(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
        to: request.query.to,
      }),
  );

  app.get(
    '/recurring/:id',
    {
      schema: {
        tags,
        summary: 'A recurring transaction',
        params: idParamsSchema,
        response: { 200: moneyRecurringSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getRecurring(app.ctx, scope(request)),
  );

  app.patch(
    '/recurring/:id',
    {
      schema: {
        tags,
        summary: 'Change a recurring transaction; what it already posted stays as it is',
        params: idParamsSchema,
        body: updateMoneyRecurringBodySchema,
        response: { 200: moneyRecurringSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateRecurring(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/recurring/:id',
    {
      schema: {
        tags,
        summary: 'Delete a recurring transaction; the transactions it posted stay',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteRecurring(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/recurring/:id/skip',
    {
      schema: {
        tags,
        summary: 'Skip an occurrence still to come: it is never posted',
        params: idParamsSchema,
        body: skipMoneyOccurrenceBodySchema,
        response: { 200: moneyRecurringSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.skipOccurrence(app.ctx, { ...scope(request), date: request.body.date }),
  );
};
