import { isValidTimeZone, TIMEZONE_HEADER } from '@cairn/contracts/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Validates the browser's time-zone header once, so services can trust request.requestTimeZone. */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('requestTimeZone', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[TIMEZONE_HEADER];
    if (header === undefined) return;
    const zone = Array.isArray(header) ? header[0] : header;
    if (!zone || !isValidTimeZone(zone)) {
      throw new AppError('INVALID_TIMEZONE', `The ${TIMEZONE_HEADER} header must be an IANA time zone`, {
        detail: `Received "${String(zone).slice(0, 64)}"; expected something like Europe/Warsaw`,
      });
    }
    request.requestTimeZone = zone;
  });
});
