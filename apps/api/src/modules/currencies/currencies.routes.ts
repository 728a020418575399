import { currencyListSchema } from '@cairn/contracts/currencies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCurrencies } from './currencies.service';

export const currenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/currencies',
    {
      schema: { tags: ['currencies'], summary: 'ISO 4217 currencies', response: { 200: currencyListSchema } },
    },
    async () => ({ items: await listCurrencies(app.ctx) }),
  );
};
