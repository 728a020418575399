import type { Note, UpdateNoteBody } from '@cairn/contracts/notes';
import { noteConflictSchema, noteSchema } from '@cairn/contracts/notes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { isHttpError, SchemaValidationError } from '../../../lib/errors';
import { reviveDates } from '../../../lib/revive-dates';
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
  const path = `/api/v1/notes/${noteId}`;
  try {
    return await apiRequest(path, { method: 'PATCH', body, schema: noteSchema });
  } catch (error) {
    if (!isHttpError(error) || error.status !== 409 || error.code !== 'CONFLICT') throw error;
    // The 409 carries the note as the server held it when it refused the write: no second request,
    // and no window in which the note could move on again before the editor learns its version.
    const conflict = noteConflictSchema.safeParse(reviveDates(error.responseBody));
    if (conflict.success) throw new NoteConflictError(conflict.data.current);
    // A body that breaks its contract is reported, as any response is; reading the note again then
    // gives the same version or a newer one, never an older.
    reportError(new SchemaValidationError(`PATCH ${path} (409)`, conflict.error.issues), {
      path,
      method: 'PATCH',
    });
    throw new NoteConflictError(await getNote(noteId));
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
