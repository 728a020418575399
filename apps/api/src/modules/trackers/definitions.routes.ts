import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder until this part of the trackers area lands.
export const trackerDefinitionsRoutes: FastifyPluginAsyncZod = async () => {};
