import { useCallback, useState } from 'react';

const STORAGE_KEY = 'cairn:notebook:expanded-folders';

function readExpanded(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []);
  } catch {
    // Storage blocked or a value written by hand: start with every folder closed.
    return new Set();
  }
}

function writeExpanded(ids: Set<string>) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...ids]));
  } catch {
    // Remembering is a convenience; a full or blocked storage only forgets it.
  }
}

/** Which folders of the tree are open, remembered on this device across visits. */
export function useExpandedFolders() {
  const [expanded, setExpanded] = useState(readExpanded);
  const update = useCallback((change: (ids: Set<string>) => void) => {
    setExpanded((current) => {
      const next = new Set(current);
      change(next);
      writeExpanded(next);
      return next;
    });
  }, []);
  const toggle = useCallback(
    (folderId: string) =>
      update((ids) => {
        if (!ids.delete(folderId)) ids.add(folderId);
      }),
    [update],
  );
  const expand = useCallback(
    (folderIds: readonly string[]) =>
      update((ids) => {
        for (const id of folderIds) ids.add(id);
      }),
    [update],
  );
  const isExpanded = useCallback((folderId: string) => expanded.has(folderId), [expanded]);
  return { isExpanded, toggle, expand };
}
