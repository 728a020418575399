import { Readable } from 'node:stream';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentListSchema,
  attachmentSchema,
  INLINE_ATTACHMENT_TYPES,
  listAttachmentsQuerySchema,
  storageUsageSchema,
} from '@cairn/contracts/attachments';
import { idParamsSchema } from '@cairn/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import {
  assertDeclaredLengthFits,
  closeRefusedUploads,
  receiveFile,
  uploadsPlugin,
} from '../../plugins/uploads';
import {
  deleteAttachment,
  getAttachmentContent,
  getStorageUsage,
  listAttachments,
  uploadAttachment,
} from './attachments.service';
import { contentDisposition } from './content-disposition';

const inlineTypes: ReadonlySet<string> = new Set(INLINE_ATTACHMENT_TYPES);

/** A download's body: the file's bytes as stored, streamed (never serialized). */
const fileContentSchema = z
  .custom<Readable>((value) => value instanceof Readable)
  .describe('The file as stored, in the type given by Content-Type');

export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['attachments'];
  // Multipart bodies are taken here only; every other route keeps refusing them.
  await app.register(uploadsPlugin);

  closeRefusedUploads(app, ATTACHMENT_MAX_BYTES);

  app.post(
    '/attachments',
    {
      schema: {
        tags,
        summary: 'Attach a file to a note or a task',
        description:
          'multipart/form-data: a `noteId` or a `taskId` field (exactly one, sent before the file), then ' +
          `the \`file\`, at most ${ATTACHMENT_MAX_BYTES} bytes. Its type is read from its content.`,
        consumes: ['multipart/form-data'],
        response: { 201: attachmentSchema, ...errorResponses(400, 401, 402, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      assertDeclaredLengthFits(request, ATTACHMENT_MAX_BYTES);
      const attachment = await receiveFile(request, {
        maxBytes: ATTACHMENT_MAX_BYTES,
        store: (upload) =>
          uploadAttachment(app.ctx, {
            userId: request.auth.userId,
            fields: upload.fields,
            fileName: upload.filename,
            content: upload.stream,
          }),
      });
      return reply.status(201).send(attachment);
    },
  );

  app.get(
    '/attachments',
    {
      schema: {
        tags,
        summary: "A note's or a task's attachments, oldest first",
        querystring: listAttachmentsQuerySchema,
        response: { 200: attachmentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => listAttachments(app.ctx, { userId: request.auth.userId, query: request.query }),
  );

  app.get(
    '/attachments/usage',
    {
      schema: {
        tags,
        summary: 'How much attachment storage the user has used',
        response: { 200: storageUsageSchema, ...errorResponses(401) },
      },
    },
    (request) => getStorageUsage(app.ctx, { userId: request.auth.userId }),
  );

  app.get(
    '/attachments/:id/content',
    {
      // Sent as stored, with its exact length: images and PDF are compressed already.
      compress: false,
      // A HEAD would open the file only to throw the stream away.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "Download an attachment's file (images and PDF may show in place)",
        params: idParamsSchema,
        response: { 200: fileContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { attachment, content } = await getAttachmentContent(app.ctx, {
        userId: request.auth.userId,
        attachmentId: request.params.id,
      });
      const disposition = inlineTypes.has(attachment.mimeType) ? 'inline' : 'attachment';
      return (
        reply
          .header('content-type', attachment.mimeType)
          .header('content-length', attachment.fileSize)
          .header('content-disposition', contentDisposition(disposition, attachment.originalFileName))
          .header('x-content-type-options', 'nosniff')
          // Opened directly, an HTML or SVG file runs nothing and reaches nothing of the app.
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, no-cache')
          .send(content)
      );
    },
  );

  app.delete(
    '/attachments/:id',
    {
      schema: {
        tags,
        summary: 'Delete an attachment and its file',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await deleteAttachment(app.ctx, { userId: request.auth.userId, attachmentId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
