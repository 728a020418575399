import { healthSchema } from '@cairn/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { getHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        security: [],
        summary: 'Whether the app and its database answer',
        description: 'Answers 503 with `database.status: "unavailable"` while the database is unreachable.',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const { health, failure } = await getHealth({ db: app.ctx.db, driver: app.databaseDriver });
      // An outage is logged once by the database client; anything else is worth a line of its own.
      if (failure !== undefined && !isDatabaseUnavailable(failure)) {
        request.log.warn(
          { reason: failure instanceof Error ? failure.message : String(failure) },
          'database health check failed',
        );
      }
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
