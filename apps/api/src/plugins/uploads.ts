import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** The largest attachment a note takes (spec section 9). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Multipart parsing, for the route plugins that take uploads: each registers this plugin in its own
 * scope, so every other route keeps refusing anything but JSON. One file per request; the size limit
 * is the route's, given to receiveFile.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
      // Truncation is checked by receiveFile, which answers 413 in the app's error shape.
      throwFileSizeLimit: false,
    });
  },
  { name: 'uploads' },
);

export type Upload = {
  filename: string;
  mimetype: string;
  /** The file's bytes; the stream fails with a 413 once it goes past the route's limit. */
  stream: Readable;
};

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'The file is too large', {
    detail: `Files can be at most ${maxBytes} bytes`,
  });
}

/** @fastify/multipart's own refusals, in the app's error shape. */
function toAppError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('VALIDATION_FAILED', 'Send one file per request');
  }
  return error;
}

/**
 * Hands the request's one file to `store` as a stream (nothing is buffered whole), and answers 413
 * when it is larger than `maxBytes`: the stream fails, so a storage that writes to a temporary name
 * keeps nothing of it.
 */
export async function receiveFile<Result>(
  request: FastifyRequest,
  options: { maxBytes: number; store: (upload: Upload) => Promise<Result> },
): Promise<Result> {
  try {
    const part = await request.file({ limits: { fileSize: options.maxBytes } });
    if (!part) throw new AppError('VALIDATION_FAILED', 'Attach a file');
    const { file } = part;
    const guarded = async function* () {
      for await (const chunk of file) {
        if (file.truncated) throw tooLarge(options.maxBytes);
        yield chunk as Buffer;
      }
      // Busboy ends a stream cut at the limit normally; only the flag tells.
      if (file.truncated) throw tooLarge(options.maxBytes);
    };
    return await options.store({
      filename: part.filename,
      mimetype: part.mimetype,
      stream: Readable.from(guarded()),
    });
  } catch (error) {
    throw toAppError(error);
  }
}
