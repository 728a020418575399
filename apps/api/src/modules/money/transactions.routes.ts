import { Readable } from 'node:stream';
import { idParamsSchema } from '@cairn/contracts/common';
import {
  createMoneyTransactionBodySchema,
  exportMoneyTransactionsQuerySchema,
  listMoneyTransactionsQuerySchema,
  moneyTransactionPageSchema,
  moneyTransactionSchema,
  updateMoneyTransactionBodySchema,
} from '@cairn/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { exportTransactions } from './transaction-export';
import * as service from './transactions.service';

/** The export's body: CSV text, streamed as it is read (never serialized). */
const csvContentSchema = z
  .custom<Readable>((value) => value instanceof Readable)
  .describe('text/csv (RFC 4180, UTF-8 with a byte order mark)');

export const moneyTransactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['money'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    transactionId: request.params.id,
  });

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'The register: transactions matching filters, a page at a time',
        querystring: listMoneyTransactionsQuerySchema,
        response: { 200: moneyTransactionPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.findTransactions(app.ctx, { userId: request.auth.userId, query: request.query }),
  );

  app.post(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'Enter an income, an expense, or a transfer between two accounts',
        body: createMoneyTransactionBodySchema,
        response: { 201: moneyTransactionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createTransaction(app.ctx, { userId: request.auth.userId, input: request.body })),
  );

  app.get(
    '/transactions/export',
    {
      // A HEAD would run the export only to throw it away.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Download the register, with its filters, as a CSV file',
        querystring: exportMoneyTransactionsQuerySchema,
        response: { 200: csvContentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { fileName, content } = await exportTransactions(app.ctx, {
        userId: request.auth.userId,
        query: request.query,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-cache')
        .send(content);
    },
  );

  app.get(
    '/transactions/:id',
    {
      schema: {
        tags,
        summary: 'A transaction (a transfer’s row names the other side)',
        params: idParamsSchema,
        response: { 200: moneyTransactionSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getTransaction(app.ctx, scope(request)),
  );

  app.patch(
    '/transactions/:id',
    {
      schema: {
        tags,
        summary: 'Change part of a transaction; on either row of a transfer, the whole transfer',
        params: idParamsSchema,
        body: updateMoneyTransactionBodySchema,
        response: { 200: moneyTransactionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.updateTransaction(app.ctx, { ...scope(request), changes: request.body }),
  );

  app.delete(
    '/transactions/:id',
    {
      schema: {
        tags,
        summary: 'Delete a transaction; either row of a transfer deletes both',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteTransaction(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );
};
