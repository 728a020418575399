/** The project and category of the last entry added on this browser, offered for the next one. */
export interface LastUsed {
  projectId: string;
  categoryId: string;
}

const STORAGE_KEY = 'cairn.worklogs.last-used';

export function readLastUsed(): LastUsed | undefined {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<LastUsed> | null;
    if (typeof stored?.projectId !== 'string') return undefined;
    return {
      projectId: stored.projectId,
      categoryId: typeof stored.categoryId === 'string' ? stored.categoryId : '',
    };
  } catch {
    return undefined;
  }
}

export function rememberLastUsed(lastUsed: LastUsed): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(lastUsed));
  } catch {
    // Private mode or full storage: the next entry starts from the first project, which is harmless.
  }
}
