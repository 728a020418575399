import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** How long a measurement of the free space is trusted: a statfs per write would cost for nothing. */
const MEASURE_EVERY_MS = 1000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The embedded database must never run its disk dry: PGlite does not survive a write-ahead log or
 * backup write failing for want of room (it spins in place, and every request hangs). Below
 * `minFreeBytes` free, requests that write answer 503 while reads go on; they pass again as soon as
 * there is room.
 */
export const diskSpaceGuardPlugin = fp(
  async (app: FastifyInstance, options: { directory: string; minFreeBytes: number }) => {
    let freeBytes = Number.POSITIVE_INFINITY;
    let measuredAt = 0;
    app.addHook('onRequest', async (request) => {
      if (READ_METHODS.has(request.method)) return;
      if (Date.now() - measuredAt > MEASURE_EVERY_MS) {
        measuredAt = Date.now();
        // A directory that cannot be measured is left to the write itself to report.
        freeBytes = await statfs(options.directory).then(
          ({ bavail, bsize }) => bavail * bsize,
          () => Number.POSITIVE_INFINITY,
        );
      }
      if (freeBytes < options.minFreeBytes) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The server cannot store data right now; try again later');
      }
    });
  },
);
