import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { summarizeEnvelope } from './sentry-envelope';

/**
 * Receives the web app's error reports (Sentry's envelope protocol), so a self-hosted
 * install sees front-end errors in its own log without any outside service. Pointing the
 * web app's DSN at a real Sentry instead needs no change here.
 */
export const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const type of ['application/x-sentry-envelope', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
  }

  app.post(
    '/:projectId/envelope',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['client errors'],
        summary: 'Error reports from the web app (Sentry envelope)',
        params: z.object({ projectId: z.string().regex(/^\d+$/) }),
        body: z.string().max(256 * 1024),
        response: { 200: z.object({}), ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => {
      for (const event of summarizeEnvelope(request.body)) {
        request.log.warn({ clientError: event }, 'error reported by the web app');
      }
      return {};
    },
  );
};
