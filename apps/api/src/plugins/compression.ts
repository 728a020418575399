import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses responses over 1 KB (a page of tasks shrinks to a fifth) with brotli or gzip, as the
 * client's Accept-Encoding asks. Brotli's default quality (11) is meant for files compressed once;
 * at 4 it is about as fast as gzip and still smaller.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
