import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const moneyRecurringRoutes: FastifyPluginAsyncZod = async () => {};
