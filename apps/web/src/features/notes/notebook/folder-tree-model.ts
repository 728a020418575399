import type { Folder } from '@cairn/contracts/notes';

/** A folder with its subfolders, sorted by name, as the tree shows it. */
export interface FolderNode {
  folder: Folder;
  depth: number;
  children: FolderNode[];
}

const byName = (a: Folder, b: Folder) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id.localeCompare(b.id);

/**
 * The folders as a forest. A folder whose parent is not in the list (in the trash, say) shows at the top
 * level rather than vanishing.
 */
export function buildFolderTree(folders: readonly Folder[]): FolderNode[] {
  const ids = new Set(folders.map((folder) => folder.id));
  const childrenOf = new Map<string | null, Folder[]>();
  for (const folder of folders) {
    const parent = folder.parentId && ids.has(folder.parentId) ? folder.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), folder]);
  }
  const seen = new Set<string>();
  const build = (parentId: string | null, depth: number): FolderNode[] =>
    (childrenOf.get(parentId) ?? []).sort(byName).flatMap((folder) => {
      // A cycle in bad data must not hang the screen.
      if (seen.has(folder.id)) return [];
      seen.add(folder.id);
      return [{ folder, depth, children: build(folder.id, depth + 1) }];
    });
  return build(null, 0);
}

/** Every node in display order, depth first; with `isExpanded`, only those whose ancestors are open. */
export function flattenFolderTree(
  nodes: readonly FolderNode[],
  isExpanded: (folderId: string) => boolean = () => true,
): FolderNode[] {
  return nodes.flatMap((node) => [
    node,
    ...(isExpanded(node.folder.id) ? flattenFolderTree(node.children, isExpanded) : []),
  ]);
}

/** The folder and everything under it: where it may not be moved. */
export function folderAndDescendants(folders: readonly Folder[], folderId: string): Set<string> {
  const ids = new Set([folderId]);
  let isGrowing = true;
  while (isGrowing) {
    isGrowing = false;
    for (const folder of folders) {
      if (folder.parentId && ids.has(folder.parentId) && !ids.has(folder.id)) {
        ids.add(folder.id);
        isGrowing = true;
      }
    }
  }
  return ids;
}

/** Whether moving the folder under `parentId` (null: the top level) would change anything and is allowed. */
export function canMoveFolder(
  folders: readonly Folder[],
  folderId: string,
  parentId: string | null,
): boolean {
  const folder = folders.find((entry) => entry.id === folderId);
  if (!folder || folder.parentId === parentId) return false;
  return parentId === null || !folderAndDescendants(folders, folderId).has(parentId);
}

/** The ids from the top-level folder down to the folder's parent. */
export function ancestorIds(folders: readonly Folder[], folderId: string): string[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const ids: string[] = [];
  let parentId = byId.get(folderId)?.parentId ?? null;
  while (parentId && !ids.includes(parentId)) {
    ids.unshift(parentId);
    parentId = byId.get(parentId)?.parentId ?? null;
  }
  return ids;
}
