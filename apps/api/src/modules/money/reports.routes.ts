import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const moneyReportsRoutes: FastifyPluginAsyncZod = async () => {};
