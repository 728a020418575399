import { healthSchema } from '@cairn/contracts/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../lib/app-version';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        security: [],
        summary: 'Whether the app and its database answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const isDatabaseUp = await app.ctx.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'database health check failed');
          return false;
        });
      return reply.status(isDatabaseUp ? 200 : 503).send({
        status: isDatabaseUp ? 'ok' : 'degraded',
        version: APP_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
        database: { status: isDatabaseUp ? 'ok' : 'unavailable', driver: app.databaseDriver },
      });
    },
  );
};
