import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const API_PREFIXES = ['/api/', '/auth/'];

/**
 * Serves the built web app from the same origin as the API. Unknown paths that are not API
 * calls get index.html, so the client router can show the page (or its own "not found").
 */
export const staticWebPlugin = fp(async (app: FastifyInstance) => {
  const root = app.ctx.config.webDistDir;
  const hasWebApp = existsSync(path.join(root, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(response, filePath) {
        // Vite fingerprints everything under assets/, so those never change; the rest may.
        const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header(
          'cache-control',
          isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ root }, 'no built web app found; only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApiCall = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    const isPageRequest =
      request.method === 'GET' && !isApiCall && !path.extname(request.url.split('?')[0] ?? '');
    if (hasWebApp && isPageRequest) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND', `${request.method} ${request.url.split('?')[0]} not found`);
  });
});
