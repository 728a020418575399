import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const API_PREFIXES = ['/api/', '/auth/'];

const isApiCall = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Serves the built web app from the same origin as the API. Unknown paths that are not API
 * calls get index.html, so the client router can show the page (or its own "not found").
 */
export const staticWebPlugin = fp(async (app: FastifyInstance) => {
  // One page load fetches dozens of files: at the default level only API calls get request lines, or
  // the log drowns in them. Set before the file routes and the not-found handler so both use it.
  const createChildLogger = app.childLoggerFactory;
  app.setChildLoggerFactory(function quietWebAppLogger(logger, bindings, options, rawRequest) {
    const child = createChildLogger.call(this, logger, bindings, options, rawRequest);
    // At debug and trace everything is still logged.
    if (child.level === 'info' && !isApiCall(rawRequest.url ?? '')) child.level = 'warn';
    return child;
  });

  const root = app.ctx.config.webDistDir;
  const hasWebApp = existsSync(path.join(root, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each compressible file: they are sent as is, with
      // Content-Encoding and Vary: Accept-Encoding, instead of being compressed on every request.
      preCompressed: true,
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
    const isPageRequest =
      request.method === 'GET' && !isApiCall(request.url) && !path.extname(request.url.split('?')[0] ?? '');
    if (hasWebApp && isPageRequest) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND', `${request.method} ${request.url.split('?')[0]} not found`);
  });
});
