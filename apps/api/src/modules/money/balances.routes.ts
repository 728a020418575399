import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const moneyBalancesRoutes: FastifyPluginAsyncZod = async () => {};
