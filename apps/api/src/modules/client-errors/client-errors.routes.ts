import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../plugins/error-responses';
import { storeClientErrorReports } from './client-errors.service';
import { MAX_ENVELOPE_ITEMS, readEnvelope } from './sentry-envelope';

/** However many events an envelope holds, the log gets one line with at most this many. */
const LOGGED_EVENTS_PER_ENVELOPE = 10;

/**
 * Receives the web app's error reports (Sentry's envelope protocol), so a self-hosted
 * install sees front-end errors in its own log and its administrators' inbox without any
 * outside service. Pointing the web app's DSN at a real Sentry instead needs no change here.
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
      const reading = readEnvelope(request.body);
      if (!reading.isValid && reading.problem === 'too-many-items') {
        throw new AppError('PAYLOAD_TOO_LARGE', `An envelope may hold at most ${MAX_ENVELOPE_ITEMS} items`);
      }
      if (!reading.isValid) throw new AppError('VALIDATION_FAILED', 'The body is not a Sentry envelope');
      if (reading.events.length > 0) {
        request.log.warn(
          {
            clientErrors: reading.events
              .slice(0, LOGGED_EVENTS_PER_ENVELOPE)
              .map(({ type, message, url, release }) => ({ type, message, url, release })),
            eventCount: reading.events.length,
          },
          'errors reported by the web app',
        );
        await storeClientErrorReports(app.ctx, { senderAddress: request.ip, events: reading.events });
      }
      return {};
    },
  );
};
