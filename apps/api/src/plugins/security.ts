import { TIMEZONE_HEADER } from '@cairn/contracts/common';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type HelmetOptions = Parameters<typeof helmet>[1];
type HeaderValue = number | string | readonly string[];

/**
 * The headers @fastify/helmet sets for these options, worked out once on a throwaway instance: the
 * plugin builds Helmet's whole middleware again on every request, and the headers never change.
 */
async function findSecurityHeaders(options: HelmetOptions): Promise<[string, HeaderValue][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  // By the handler only Helmet has set headers on the raw response.
  probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
  const headers = (await probe.inject({ method: 'GET', url: '/' })).json<Record<string, HeaderValue>>();
  await probe.close();
  return Object.entries(headers);
}

/** Security headers, CORS and the rate limiter that auth routes opt into. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.ctx;
  const securityHeaders = await findSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No inline script anywhere; inline style attributes are what Radix positions popovers with.
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...config.corsOrigins],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Plain-http self-hosting on a LAN must keep working, so no HSTS by default.
    hsts: false,
  });
  // On the raw response, as Helmet does, so every answer carries them, errors and 404s included.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    allowedHeaders: ['Authorization', 'Content-Type', TIMEZONE_HEADER],
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, try again in ${context.after}`,
    }),
  });
});
