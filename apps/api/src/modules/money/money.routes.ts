import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyAccountsRoutes } from './accounts.routes';
import { moneyCategoriesRoutes } from './categories.routes';
import { moneyImportsRoutes } from './imports.routes';
import { moneyBalancesReportsRoutes } from './money-balances.routes';
import { moneyRecurringTransactionsRoutes } from './recurring-transactions.routes';
import { moneyTransactionsRoutes } from './transactions.routes';

/** The money flow tracker's routes, all under /api/v1/money. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(moneyAccountsRoutes);
  await app.register(moneyCategoriesRoutes);
  await app.register(moneyTransactionsRoutes);
  await app.register(moneyImportsRoutes);
  await app.register(moneyBalancesReportsRoutes);
  await app.register(moneyRecurringTransactionsRoutes);
};
