import type { Note } from '@cairn/contracts/notes';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { NoteConflictError, useSaveNote } from '../api/update-note';
import { isDraftWorthRestoring, readNoteDraft, removeNoteDraft, writeNoteDraft } from './note-draft';
import { NoteSaver } from './note-saver';

const SAVE_FAILED = 'Could not save the note';

/**
 * Autosave for the note on the page: a NoteSaver that writes through the API, keeps unsaved text in
 * the browser until the server has it, and saves at once when the tab is hidden or the page is left.
 * Mount it once per note (key the component by the note's id).
 */
export function useNoteAutosave(note: Pick<Note, 'id' | 'title' | 'content' | 'updatedAt'>) {
  const saveNote = useSaveNote();
  const noteId = note.id;
  const [saver] = useState(
    () =>
      new NoteSaver({
        initial: note,
        write: async (fields, baseUpdatedAt) => {
          try {
            const saved = await saveNote({
              noteId,
              body: { ...fields, baseUpdatedAt: baseUpdatedAt.toISOString() },
            });
            return { kind: 'saved', note: saved };
          } catch (error) {
            if (error instanceof NoteConflictError) return { kind: 'conflict', current: error.current };
            throw error;
          }
        },
        describeError: (error) => getErrorToastMessage(error, SAVE_FAILED) ?? SAVE_FAILED,
      }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.getState);
  // Text kept from an earlier visit that the server lacks, offered until restored or discarded.
  const [draft, setDraft] = useState(() => {
    const found = readNoteDraft(noteId);
    return isDraftWorthRestoring(found, note) ? found : undefined;
  });
  // While the offer stands, the stored draft is left alone, so typing first cannot overwrite it.
  const isDraftOffered = useRef(draft !== undefined);

  useEffect(() => {
    if (!isDraftOffered.current) removeNoteDraft(noteId);
    return saver.subscribe((next) => {
      if (isDraftOffered.current) return;
      if (saver.hasUnsavedChanges()) {
        writeNoteDraft(noteId, {
          ...next.fields,
          baseUpdatedAt: next.baseUpdatedAt.toISOString(),
          savedAt: new Date().toISOString(),
        });
      } else {
        removeNoteDraft(noteId);
      }
    });
  }, [saver, noteId]);

  useEffect(() => {
    const saveNow = () => void saver.flush();
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsavedChanges()) return;
      saveNow();
      // The browser asks whether to leave; the text is kept in the draft either way.
      event.preventDefault();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', saveNow);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', saveNow);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Leaving the note (another note, another screen): what is pending goes out now.
      saveNow();
      saver.dispose();
    };
  }, [saver]);

  function endDraftOffer() {
    isDraftOffered.current = false;
    setDraft(undefined);
  }

  return {
    saver,
    state,
    draft,
    /** Puts the draft's text back in the editor and saves it (a conflict if the note moved on since). */
    restoreDraft: () => {
      if (!draft) return;
      endDraftOffer();
      void saver.restore({ title: draft.title, content: draft.content }, new Date(draft.baseUpdatedAt));
    },
    discardDraft: () => {
      endDraftOffer();
      const current = saver.getState();
      if (saver.hasUnsavedChanges()) {
        writeNoteDraft(noteId, {
          ...current.fields,
          baseUpdatedAt: current.baseUpdatedAt.toISOString(),
          savedAt: new Date().toISOString(),
        });
      } else {
        removeNoteDraft(noteId);
      }
    },
  };
}
