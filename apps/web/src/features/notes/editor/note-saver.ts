import type { Note } from '@cairn/contracts/notes';

/** What the editor edits of a note. */
export interface NoteFields {
  title: string;
  content: string;
}

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'conflict'; theirs: Note }
  | { kind: 'failed'; reason: string };

export interface NoteSaverState {
  status: SaveStatus;
  /** The text in the editor. */
  fields: NoteFields;
  /** The version the editor's text is based on; a save sends it as baseUpdatedAt. */
  baseUpdatedAt: Date;
}

/** The outcome of one write: the saved note, or the note as it is now when the write was stale. */
export type WriteResult = { kind: 'saved'; note: Note } | { kind: 'conflict'; current: Note };

export interface NoteSaverOptions {
  initial: NoteFields & { updatedAt: Date };
  /** Sends the fields based on `baseUpdatedAt`; rejects on any failure other than a conflict. */
  write: (fields: NoteFields, baseUpdatedAt: Date) => Promise<WriteResult>;
  /** Says why a write failed, in words for the user. */
  describeError: (error: unknown) => string;
  /** How long typing must pause before a save. */
  debounceMs?: number;
}

export const AUTOSAVE_DEBOUNCE_MS = 800;

const sameFields = (a: NoteFields, b: NoteFields) => a.title === b.title && a.content === b.content;

/**
 * Autosave for one note, without lost edits. Saves wait for a pause in typing (or run at once on
 * `flush`), one at a time: the next one carries the updatedAt the previous one answered, so the editor's
 * own saves never conflict with each other. A stale write stops saving and reports a conflict; nothing
 * the user typed is dropped until they choose how to resolve it.
 */
export class NoteSaver {
  private fields: NoteFields;
  /** What the server holds, as far as this editor knows. */
  private saved: NoteFields;
  private baseUpdatedAt: Date;
  private status: SaveStatus = { kind: 'saved' };
  private inFlight: Promise<void> | undefined;
  private isFlushWanted = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isSaveForced = false;
  private readonly options: NoteSaverOptions;
  private readonly listeners = new Set<(state: NoteSaverState) => void>();
  private snapshot: NoteSaverState;

  constructor(options: NoteSaverOptions) {
    this.options = options;
    const { title, content, updatedAt } = options.initial;
    this.fields = { title, content };
    this.saved = { title, content };
    this.baseUpdatedAt = updatedAt;
    this.snapshot = this.readState();
  }

  /** The current state; the same object until something changes (for useSyncExternalStore). */
  getState = (): NoteSaverState => this.snapshot;

  /** Calls the listener after every change; answers the function that stops it. */
  subscribe = (listener: (state: NoteSaverState) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether some of the text is not on the server yet. */
  hasUnsavedChanges(): boolean {
    return this.isSaveForced || !sameFields(this.fields, this.saved);
  }

  /** The user changed the text: saved after a pause in typing. */
  edit(changes: Partial<NoteFields>): void {
    this.fields = { ...this.fields, ...changes };
    if (this.status.kind === 'conflict') {
      // Still in conflict: the text is kept and shown, and saved once the user resolves it.
      this.notify();
      return;
    }
    if (this.status.kind !== 'saving') {
      this.status = this.hasUnsavedChanges() ? { kind: 'unsaved' } : { kind: 'saved' };
    }
    this.schedule();
    this.notify();
  }

  /** Saves now (blur, leaving the page, the tab hidden, Retry). */
  flush(): Promise<void> {
    this.clearTimer();
    if (this.status.kind === 'conflict') return Promise.resolve();
    if (this.inFlight) {
      this.isFlushWanted = true;
      return this.inFlight;
    }
    if (!this.hasUnsavedChanges()) {
      if (this.status.kind === 'failed') {
        this.status = { kind: 'saved' };
        this.notify();
      }
      return Promise.resolve();
    }
    this.inFlight = this.send();
    return this.inFlight;
  }

  /** Keep mine: write the editor's text over the version the server has now. */
  overwrite(): Promise<void> {
    if (this.status.kind !== 'conflict') return Promise.resolve();
    this.baseUpdatedAt = this.status.theirs.updatedAt;
    // The server holds their text; ours differs from it (or there would be nothing to save).
    this.saved = pickFields(this.status.theirs);
    // Written even when the text happens to match theirs: the user asked for their copy to win.
    this.isSaveForced = true;
    this.status = { kind: 'unsaved' };
    this.notify();
    return this.flush();
  }

  /** Take theirs: the editor shows the server's version and the local text is let go. */
  takeTheirs(): void {
    if (this.status.kind !== 'conflict') return;
    const { theirs } = this.status;
    this.baseUpdatedAt = theirs.updatedAt;
    this.fields = pickFields(theirs);
    this.saved = pickFields(theirs);
    this.isSaveForced = false;
    this.status = { kind: 'saved' };
    this.notify();
  }

  /** Merge: the text the user settled on, based on their version, saved at once. */
  resolveWith(fields: NoteFields): Promise<void> {
    if (this.status.kind !== 'conflict') return Promise.resolve();
    const { theirs } = this.status;
    this.baseUpdatedAt = theirs.updatedAt;
    this.saved = pickFields(theirs);
    this.isSaveForced = false;
    this.fields = fields;
    this.status = this.hasUnsavedChanges() ? { kind: 'unsaved' } : { kind: 'saved' };
    this.notify();
    return this.flush();
  }

  /**
   * The page learnt of a newer version (a favorite set here, a refetch). When only its other fields
   * changed, saves carry on from it; when its text changed and nothing here is unsaved, the editor
   * shows it. Unsaved text is never replaced: its next save meets the conflict and the user chooses.
   * Answers whether the editor's text was replaced.
   */
  acceptServerVersion(note: Pick<Note, 'title' | 'content' | 'updatedAt'>): boolean {
    if (note.updatedAt <= this.baseUpdatedAt || this.inFlight || this.status.kind === 'conflict')
      return false;
    const theirs = pickFields(note);
    if (sameFields(theirs, this.saved)) {
      this.baseUpdatedAt = note.updatedAt;
      this.notify();
      return false;
    }
    if (this.hasUnsavedChanges()) return false;
    this.baseUpdatedAt = note.updatedAt;
    this.fields = theirs;
    this.saved = theirs;
    this.notify();
    return true;
  }

  /** Brings back text kept from an earlier visit, based on the version it was typed on, and saves it. */
  restore(fields: NoteFields, baseUpdatedAt: Date): Promise<void> {
    if (this.inFlight || this.status.kind === 'conflict') return Promise.resolve();
    this.fields = fields;
    this.baseUpdatedAt = baseUpdatedAt;
    // Sent even when equal to what the server had then: a stale base must show as a conflict.
    this.isSaveForced = true;
    this.status = { kind: 'unsaved' };
    this.notify();
    return this.flush();
  }

  /** Stops a pending timer (the page is going away); a save under way still finishes. */
  dispose(): void {
    this.clearTimer();
  }

  private schedule(): void {
    this.clearTimer();
    if (!this.hasUnsavedChanges()) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async send(): Promise<void> {
    const sent = this.fields;
    this.status = { kind: 'saving' };
    this.notify();
    try {
      const result = await this.options.write(sent, this.baseUpdatedAt);
      if (result.kind === 'conflict') {
        this.status = { kind: 'conflict', theirs: result.current };
        this.isFlushWanted = false;
        this.clearTimer();
        return;
      }
      this.baseUpdatedAt = result.note.updatedAt;
      this.saved = sent;
      this.isSaveForced = false;
      this.status = this.hasUnsavedChanges() ? { kind: 'unsaved' } : { kind: 'saved' };
    } catch (error) {
      this.status = { kind: 'failed', reason: this.options.describeError(error) };
      this.isFlushWanted = false;
    } finally {
      this.inFlight = undefined;
      this.notify();
    }
    if (this.status.kind !== 'unsaved') return;
    // Typed while the save was under way: saved at once when asked to, else after the pause as usual.
    if (this.isFlushWanted) {
      this.isFlushWanted = false;
      await this.flush();
    } else if (this.timer === undefined) {
      this.schedule();
    }
  }

  private readState(): NoteSaverState {
    return { status: this.status, fields: this.fields, baseUpdatedAt: this.baseUpdatedAt };
  }

  private notify(): void {
    this.snapshot = this.readState();
    for (const listener of this.listeners) listener(this.snapshot);
  }
}

function pickFields(note: Pick<Note, 'title' | 'content'>): NoteFields {
  return { title: note.title, content: note.content };
}
