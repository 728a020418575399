import type { Note, UpdateNoteBody } from '@cairn/contracts/notes';
import { noteSchema } from '@cairn/contracts/notes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { isHttpError } from '../../../lib/errors';
import { getNote } from './get-note';
import { placeCachedNote } from './note-cache';

/** A write refused because the note changed since the version it was based on. */
export class NoteConflictError extends Error {
  override name = 'NoteConflictError';
  /** The note as the server holds it now. */
  readonly current: Note;

  constructor(current: Note) {
    super('The note was changed elsewhere');
    this.current = current;
  }
}

export interface UpdateNoteVariables {
  noteId: string;
  body: UpdateNoteBody;
}

/**
 * Writes a change. With `baseUpdatedAt` a stale write answers 409; this rejects with a NoteConflictError
 * carrying the note as it is now, so the editor can offer to merge or overwrite.
 */
export async function updateNote({ noteId, body }: UpdateNoteVariables): Promise<Note> {
  try {
    return await apiRequest(`/api/v1/notes/${noteId}`, { method: 'PATCH', body, schema: noteSchema });
  } catch (error) {
    if (!isHttpError(error) || error.status !== 409 || error.code !== 'CONFLICT') throw error;
    // The 409 body carries the current note (noteConflictSchema), but the shared error type keeps only
    // the error fields; reading the note again gives the same version or a newer one, never an older.
    const current = await getNote(noteId);
    throw new NoteConflictError(current);
  }
}

/**
 * The autosave's writer: one PATCH; the note's new title, excerpt and version (or, on a conflict, the
 * server's current one) show at once in its page and every listing, without a refetch.
 */
export function useSaveNote() {
  const queryClient = useQueryClient();
  return useCallback(
    async (variables: UpdateNoteVariables) => {
      try {
        const note = await updateNote(variables);
        placeCachedNote(queryClient, note);
        return note;
      } catch (error) {
        // The listings show what the server holds, whichever version the editor ends up keeping.
        if (error instanceof NoteConflictError) placeCachedNote(queryClient, error.current);
        throw error;
      }
    },
    [queryClient],
  );
}
