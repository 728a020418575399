import { TIMEZONE_HEADER } from '@cairn/contracts/common';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers, CORS and the rate limiter that auth routes opt into. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.ctx;
  await app.register(helmet, {
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
