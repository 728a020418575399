import { idParamsSchema } from '@cairn/contracts/common';
import {
  createNoteBodySchema,
  emptyNotesTrashResponseSchema,
  listNotesQuerySchema,
  type Note,
  noteConflictSchema,
  noteDetailSchema,
  notePageSchema,
  noteSchema,
  updateNoteBodySchema,
} from '@cairn/contracts/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './notes.service';

/** A note's content may be 1,000,000 characters, up to 4 bytes each in UTF-8, plus the JSON around it. */
const NOTE_BODY_LIMIT = 4 * 1024 * 1024;

export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notes'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    noteId: request.params.id,
  });

  app.get(
    '/notes',
    {
      schema: {
        tags,
        summary: 'Notes matching filters a page at a time; with q, full-text search hits by relevance',
        querystring: listNotesQuerySchema,
        response: { 200: notePageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.findNotes(app.ctx, { userId: request.auth.userId, query: request.query }),
  );

  app.post(
    '/notes',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a note (a child note goes in its parent’s folder unless told otherwise)',
        body: createNoteBodySchema,
        response: { 201: noteSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createNote(app.ctx, { userId: request.auth.userId, body: request.body })),
  );

  app.delete(
    '/notes/trash',
    {
      schema: {
        tags,
        summary: 'Empty the trash of notes and folders',
        response: { 200: emptyNotesTrashResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => service.emptyTrash(app.ctx, { userId: request.auth.userId }),
  );

  app.get(
    '/notes/:id',
    {
      schema: {
        tags,
        summary: 'A note with its child notes and breadcrumbs',
        params: idParamsSchema,
        response: { 200: noteDetailSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.getNoteDetail(app.ctx, scope(request)),
  );

  app.patch(
    '/notes/:id',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Change part of a note; with baseUpdatedAt, only if unchanged since (else 409 with the current note)',
        params: idParamsSchema,
        body: updateNoteBodySchema,
        response: { 200: noteSchema, 409: noteConflictSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const result = await service.updateNote(app.ctx, { ...scope(request), changes: request.body });
      if ('conflict' in result) return reply.status(409).send(result.conflict);
      return result.note;
    },
  );

  app.delete(
    '/notes/:id',
    {
      schema: {
        tags,
        summary: 'Move a note and its child notes to the trash',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.trashNote(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/notes/:id/permanent',
    {
      schema: {
        tags,
        summary: 'Delete a note in the trash for good, with its child notes and attachments',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.purgeNote(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  const action = (path: string, summary: string, run: (noteScope: service.NoteScope) => Promise<Note>) =>
    app.post(
      `/notes/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          response: { 200: noteSchema, ...errorResponses(401, 404, 409) },
        },
      },
      (request) => run(scope(request)),
    );

  action('archive', 'Archive a note', (noteScope) => service.archiveNote(app.ctx, noteScope));
  action('unarchive', 'Bring a note back from the archive', (noteScope) =>
    service.unarchiveNote(app.ctx, noteScope),
  );
  action('restore', 'Bring a note and its child notes back from the trash, where they were', (noteScope) =>
    service.restoreNote(app.ctx, noteScope),
  );
};
