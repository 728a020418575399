import { idParamsSchema } from '@cairn/contracts/common';
import { currencyListSchema } from '@cairn/contracts/currencies';
import {
  currencyRateHistorySchema,
  currencyRateSchema,
  currencyRatesQuerySchema,
  ratesRefreshResultSchema,
  setCurrencyRateBodySchema,
} from '@cairn/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/require-admin';
import { errorResponses } from '../../plugins/error-responses';
import { listCurrencies } from './currencies.service';
import * as rates from './rates.service';

export const currenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['currencies'];

  app.get(
    '/currencies',
    {
      schema: { tags, summary: 'ISO 4217 currencies', response: { 200: currencyListSchema } },
    },
    async () => ({ items: await listCurrencies(app.ctx) }),
  );

  app.get(
    '/currencies/:id/rates',
    {
      schema: {
        tags,
        summary: 'A currency’s rate history (units per 1 USD, one a day), oldest first',
        params: idParamsSchema,
        querystring: currencyRatesQuerySchema,
        response: { 200: currencyRateHistorySchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      rates.findCurrencyRates(app.ctx, {
        currencyId: request.params.id,
        from: request.query.from,
        to: request.query.to,
      }),
  );

  app.put(
    '/currencies/:id/rate',
    {
      schema: {
        tags,
        summary:
          'Set a day’s rate (administrators; today in UTC when no date); the newest day’s is the current rate',
        params: idParamsSchema,
        body: setCurrencyRateBodySchema,
        response: { 200: currencyRateSchema, ...errorResponses(400, 401, 404) },
      },
      onRequest: adminOnly(app),
    },
    (request) => rates.setCurrencyRate(app.ctx, { currencyId: request.params.id, body: request.body }),
  );

  app.post(
    '/currencies/rates/refresh',
    {
      schema: {
        tags,
        summary: 'Fetch the exchange rates from RATES_URL now, as the daily job does (administrators)',
        response: { 200: ratesRefreshResultSchema, ...errorResponses(401, 404, 409, 503) },
      },
      onRequest: adminOnly(app),
    },
    () => rates.refreshRates(app.ctx),
  );
};
