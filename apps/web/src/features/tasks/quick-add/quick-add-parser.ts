import { useSyncExternalStore } from 'react';
import type { QuickAddResult } from './parse-quick-add';

type Parser = typeof import('./quick-add-reader');

let parser: Parser | undefined;
let loading: Promise<Parser> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the quick-add reader once. Its date reading (chrono-node, ~12 KB compressed) and the recurrence
 * library are the bulk of the task screens' add fields, so they come when a field is first pointed at,
 * focused or typed in, not with the screen; until then the field reads what is typed as a plain title.
 */
export function loadQuickAddParser(): Promise<Parser> {
  loading ??= import('./quick-add-reader').then(
    (module) => {
      parser = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed download (offline, a new version deployed) is tried again on the next use.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts the download, for event handlers; a failure leaves the field reading plain titles. */
export function preloadQuickAddParser(): void {
  loadQuickAddParser().catch((error: unknown) => console.warn('Quick add could not load', error));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getParser = () => parser;

/** The reader once it has loaded, else undefined; the component renders again when it arrives. */
export function useQuickAddParser(): Parser | undefined {
  return useSyncExternalStore(subscribe, getParser, getParser);
}

/** What the line means before the reader has loaded: all of it is the title. */
export function readAsPlainTitle(input: string): QuickAddResult {
  return {
    title: input.trim().replace(/\s+/gu, ' '),
    dueDate: null,
    dueDateHasTime: false,
    quickurrence: null,
    urgency: null,
    listId: null,
    spans: [],
  };
}
