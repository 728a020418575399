import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Multipart parsing, for the route plugins that take uploads: each registers this plugin in its own
 * scope, so every other route keeps refusing anything but JSON. One file per request; the size limit
 * is the route's, given to receiveFile.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
      // The client's file name is kept whole for display; it never reaches a path (names are generated).
      preservePath: true,
      // Truncation is checked by receiveFile, which answers 413 in the app's error shape.
      throwFileSizeLimit: false,
    });
  },
  { name: 'uploads' },
);

export type Upload = {
  filename: string;
  mimetype: string;
  /** The plain fields sent before the file (a field sent after it cannot steer where the file goes). */
  fields: Record<string, string>;
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
  if (error instanceof AppError) return error;
  // Everything else the parser throws (a missing boundary, a malformed part, a body cut off) is the request's fault.
  return new AppError('VALIDATION_FAILED', 'The multipart/form-data body is malformed or incomplete');
}

/** Room for the boundaries, part headers and fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses, before reading any of it, a body whose declared length cannot hold a file within the limit
 * (the form's other parts are small: few fields, 1 kB each), so a huge upload is not read at all.
 */
export function assertDeclaredLengthFits(request: FastifyRequest, maxBytes: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(maxBytes);
}

/**
 * Whether a refused upload's connection should close rather than be read to its end. Closing under a
 * client that is still sending resets the connection, and the answer is often lost with it (a 401 to
 * refresh the token on, a 503 to try again later): a body no larger than the route takes is read and
 * dropped instead, so the answer arrives; a larger one, or one of unknown length, is not worth reading.
 */
function shouldCloseRefusedUpload(request: FastifyRequest, maxBytes: number): boolean {
  if (request.raw.complete) return false;
  const declared = Number(request.headers['content-length']);
  return !(Number.isFinite(declared) && declared <= maxBytes + FORM_OVERHEAD_BYTES);
}

/**
 * For a route plugin taking uploads of at most `maxBytes` (or a request's own limit): a refused upload is
 * answered before its body has arrived; one too large to be worth reading to its end closes the
 * connection, which stops the client sending the rest (shouldCloseRefusedUpload).
 */
export function closeRefusedUploads(
  app: FastifyInstance,
  maxBytes: number | ((request: FastifyRequest) => number),
): void {
  app.addHook('onSend', async (request, reply) => {
    const limit = typeof maxBytes === 'number' ? maxBytes : maxBytes(request);
    if (reply.statusCode >= 400 && shouldCloseRefusedUpload(request, limit)) {
      reply.header('connection', 'close');
    }
  });
}

/**
 * The form's fields up to its file, and the file. Fields that come after the file are never read: the
 * file is on its way to storage by then, so they cannot say where it goes.
 */
async function readUntilFile(request: FastifyRequest, maxBytes: number) {
  const parts = request.parts({ limits: { fileSize: maxBytes } });
  const fields: Record<string, string> = {};
  for (let next = await parts.next(); !next.done; next = await parts.next()) {
    const part = next.value;
    if (part.type === 'file') return { part, fields };
    if (Object.hasOwn(fields, part.fieldname)) {
      throw new AppError('VALIDATION_FAILED', `Send the field ${part.fieldname} once`);
    }
    if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  throw new AppError('VALIDATION_FAILED', 'Attach a file');
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
  const { part, fields } = await readUntilFile(request, options.maxBytes).catch((error: unknown) => {
    throw toAppError(error);
  });
  const { file } = part;
  // Busboy stops passing data at the limit but ends the stream only when the part ends, which a
  // client sending an endless body never does: the limit itself fails the stream.
  file.once('limit', () => file.destroy(tooLarge(options.maxBytes)));
  const guarded = async function* () {
    try {
      for await (const chunk of file) {
        if (file.truncated) throw tooLarge(options.maxBytes);
        yield chunk as Buffer;
      }
    } catch (error) {
      // The request was cut off or malformed mid-file: a 4xx, whatever busboy called it.
      throw toAppError(error);
    }
    // Busboy ends a stream cut at the limit normally; only the flag tells.
    if (file.truncated) throw tooLarge(options.maxBytes);
  };
  try {
    return await options.store({
      filename: part.filename,
      mimetype: part.mimetype,
      fields,
      stream: Readable.from(guarded()),
    });
  } catch (error) {
    // Refused before reading the file (a 404, a 409): let the parser drain it, so the request ends.
    if (!file.readableEnded && !file.destroyed) file.resume();
    throw error;
  }
}
