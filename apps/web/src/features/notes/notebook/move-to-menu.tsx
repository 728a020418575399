import type { Folder } from '@cairn/contracts/notes';
import { FolderIcon, FolderInputIcon, FolderRootIcon } from 'lucide-react';
import { useMemo } from 'react';
import {
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '../../../components/ui/dropdown-menu';
import { buildFolderTree, flattenFolderTree } from './folder-tree-model';

/**
 * "Move to…": the keyboard's way to do what dragging does, as a submenu of every folder in tree order.
 * Folders it cannot go to (the current one, a folder into itself or below itself) are left out.
 */
export function MoveToMenu({
  folders,
  excludedIds,
  currentFolderId,
  topLevelLabel,
  onMove,
}: {
  folders: readonly Folder[];
  excludedIds: ReadonlySet<string>;
  currentFolderId: string | null;
  /** What the null target is called: "Top level" for folders, "No folder" for notes. */
  topLevelLabel: string;
  onMove: (folderId: string | null) => void;
}) {
  const targets = useMemo(
    () => flattenFolderTree(buildFolderTree(folders)).filter(({ folder }) => !excludedIds.has(folder.id)),
    [folders, excludedIds],
  );
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <FolderInputIcon aria-hidden />
        Move to…
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent className="max-h-80 overflow-y-auto">
        <DropdownMenuItem disabled={currentFolderId === null} onSelect={() => onMove(null)}>
          <FolderRootIcon aria-hidden />
          {topLevelLabel}
        </DropdownMenuItem>
        {targets.length > 0 && <DropdownMenuSeparator />}
        {targets.map(({ folder, depth }) => (
          <DropdownMenuItem
            key={folder.id}
            disabled={folder.id === currentFolderId}
            onSelect={() => onMove(folder.id)}
            style={{ paddingLeft: `${0.5 + depth * 0.75}rem` }}
          >
            <FolderIcon aria-hidden />
            <span className="truncate">{folder.name}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
