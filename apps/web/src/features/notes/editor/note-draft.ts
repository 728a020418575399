import type { NoteFields } from './note-saver';

/** Text not yet confirmed by the server, kept in the browser so a reload or a crash loses nothing. */
export interface NoteDraft extends NoteFields {
  /** The version the text was based on (ISO instant). */
  baseUpdatedAt: string;
  /** When it was last typed (ISO instant). */
  savedAt: string;
}

const draftKey = (noteId: string) => `cairn:note-draft:${noteId}`;

export function readNoteDraft(noteId: string): NoteDraft | undefined {
  try {
    const raw = window.localStorage.getItem(draftKey(noteId));
    if (!raw) return undefined;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { title, content, baseUpdatedAt, savedAt } = value as Record<string, unknown>;
    if (
      typeof title !== 'string' ||
      typeof content !== 'string' ||
      typeof baseUpdatedAt !== 'string' ||
      typeof savedAt !== 'string'
    ) {
      return undefined;
    }
    return { title, content, baseUpdatedAt, savedAt };
  } catch {
    // Storage refused (private mode) or a damaged entry: there is no draft to offer.
    return undefined;
  }
}

export function writeNoteDraft(noteId: string, draft: NoteDraft): void {
  try {
    window.localStorage.setItem(draftKey(noteId), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the autosave still runs; only the crash copy is missing.
  }
}

export function removeNoteDraft(noteId: string): void {
  try {
    window.localStorage.removeItem(draftKey(noteId));
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/** Whether a stored draft holds text the server's version lacks, so restoring it is worth offering. */
export function isDraftWorthRestoring(draft: NoteDraft | undefined, server: NoteFields): draft is NoteDraft {
  return draft !== undefined && (draft.title !== server.title || draft.content !== server.content);
}
