import {
  moneyBalanceHistorySchema,
  moneyBalancesQuerySchema,
  moneyBalancesSchema,
  moneyCategoryReportQuerySchema,
  moneyCategoryReportSchema,
  moneyMonthlyReportSchema,
  moneyRangeQuerySchema,
} from '@cairn/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './money-balances.service';

/** Balances and reports, in the user's currency at each transaction's own date's rate. */
export const moneyBalancesReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['money'];

  app.get(
    '/balances',
    {
      schema: {
        tags,
        summary: 'Balances per account and sub-account, per currency and converted, at the end of a day',
        querystring: moneyBalancesQuerySchema,
        response: { 200: moneyBalancesSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      service.getBalances(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
        date: request.query.date,
      }),
  );

  app.get(
    '/balances/history',
    {
      schema: {
        tags,
        summary: 'The converted balance at the end of each day of a range (net worth over time)',
        querystring: moneyRangeQuerySchema,
        response: { 200: moneyBalanceHistorySchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getBalanceHistory(app.ctx, { userId: request.auth.userId, query: request.query }),
  );

  app.get(
    '/reports/monthly',
    {
      schema: {
        tags,
        summary: 'Income, expense and net per calendar month of a range, transfers left out',
        querystring: moneyRangeQuerySchema,
        response: { 200: moneyMonthlyReportSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getMonthlyReport(app.ctx, { userId: request.auth.userId, query: request.query }),
  );

  app.get(
    '/reports/categories',
    {
      schema: {
        tags,
        summary:
          'Income or expense of a range per category, sub-categories rolled up and listed, largest first',
        querystring: moneyCategoryReportQuerySchema,
        response: { 200: moneyCategoryReportSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getCategoryReport(app.ctx, { userId: request.auth.userId, query: request.query }),
  );
};
