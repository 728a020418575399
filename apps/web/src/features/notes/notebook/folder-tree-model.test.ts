import type { Folder } from '@cairn/contracts/notes';
import { describe, expect, it } from 'vitest';
import { ancestorIds, buildFolderTree, canMoveFolder, flattenFolderTree } from './folder-tree-model';

const at = new Date(Date.UTC(2026, 0, 1));
function folder(id: string, parentId: string | null, name = id): Folder {
  return { id, name, parentId, notesCount: 0, deletedAt: null, createdAt: at, updatedAt: at };
}

// work ─ projects ─ launch
//      └ admin
// home
const folders = [
  folder('launch', 'projects', 'Launch'),
  folder('home', null, 'Home'),
  folder('work', null, 'Work'),
  folder('projects', 'work', 'Projects'),
  folder('admin', 'work', 'admin'),
];

describe('folder tree', () => {
  it('nests folders under their parents, each level sorted by name', () => {
    const rows = flattenFolderTree(buildFolderTree(folders)).map(
      ({ folder, depth }) => `${depth}:${folder.name}`,
    );
    expect(rows).toEqual(['0:Home', '0:Work', '1:admin', '1:Projects', '2:Launch']);
  });

  it('shows only the children of open folders', () => {
    const rows = flattenFolderTree(buildFolderTree(folders), (id) => id === 'work').map(
      ({ folder }) => folder.id,
    );
    expect(rows).toEqual(['home', 'work', 'admin', 'projects']);
  });

  it('puts a folder whose parent is not listed at the top level, and survives a cycle', () => {
    const orphan = flattenFolderTree(buildFolderTree([folder('a', 'gone')]));
    expect(orphan.map(({ folder, depth }) => [folder.id, depth])).toEqual([['a', 0]]);
    expect(buildFolderTree([folder('a', 'b'), folder('b', 'a')])).toEqual([]);
  });

  it.each([
    ['work', 'launch', false],
    ['work', 'work', false],
    ['projects', 'work', false],
    ['launch', 'home', true],
    ['projects', null, true],
    ['home', null, false],
    ['missing', 'home', false],
  ] as const)('moving %s under %s is allowed: %s', (id, parentId, allowed) => {
    expect(canMoveFolder(folders, id, parentId)).toBe(allowed);
  });

  it('lists the ancestors from the top down', () => {
    expect(ancestorIds(folders, 'launch')).toEqual(['work', 'projects']);
    expect(ancestorIds(folders, 'home')).toEqual([]);
  });
});
