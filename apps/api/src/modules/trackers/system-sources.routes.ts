import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder until this part of the trackers area lands.
export const systemSourcesRoutes: FastifyPluginAsyncZod = async () => {};
