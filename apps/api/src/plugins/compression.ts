import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many characters a text body is left for Fastify to measure: the saving would not show. */
const ENCODE_ONCE_FROM = 16 * 1024;

/**
 * Compresses responses over 1 KB (a page of tasks shrinks to a fifth) with brotli or gzip, as the
 * client's Accept-Encoding asks. Brotli's default quality (11) is meant for files compressed once;
 * at 4 it is about as fast as gzip and still smaller.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Fastify measures a text body (Buffer.byteLength) before the socket or the compressor encodes it:
  // two passes over every character of a 100 KB page, slow ones once a title holds a character beyond
  // Latin-1. A body encoded here once is measured by its length. Runs before the compressor's hook.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    done(
      null,
      typeof payload === 'string' && payload.length > ENCODE_ONCE_FROM ? Buffer.from(payload) : payload,
    );
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
