import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, FileTextIcon, FolderIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Sheet, SheetContent } from '../../../components/ui/sheet';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../lib/use-media-query';
import { foldersQueryOptions } from '../api/get-folders';
import { useMoveNoteMutation } from '../api/move-note';
import { useUpdateFolderMutation } from '../api/update-folder';
import { useFolderDialogs } from './folder-dialogs';
import { type FolderActions, type FolderDropData, FolderTree, type NotebookDragData } from './folder-tree';
import { ancestorIds, canMoveFolder } from './folder-tree-model';
import { NoteList } from './note-list';
import type { NotebookSearch } from './notebook-search';
import { useExpandedFolders } from './use-expanded-folders';

/** Tailwind's `lg`: from here the folders have their own pane instead of a sheet. */
const WIDE_QUERY = '(min-width: 64rem)';

export interface NotebookLayoutProps {
  search: NotebookSearch;
  onSearchChange: (patch: Partial<NotebookSearch>, options?: { replace?: boolean }) => void;
  /** The note open in the editor, if any. */
  openNoteId: string | undefined;
  /** The editor pane (the route below this one). */
  children: ReactNode;
}

const nameOf = (data: unknown) => {
  const drag = data as NotebookDragData | undefined;
  if (!drag) return 'the item';
  return drag.kind === 'folder' ? `folder “${drag.folder.name}”` : `note “${drag.title}”`;
};

/**
 * The notebook: folders | notes | the open note on wide screens. Narrower, the folders move into a
 * sheet; on a phone the list and the open note take the whole width in turn.
 */
export function NotebookLayout({ search, onSearchChange, openNoteId, children }: NotebookLayoutProps) {
  const foldersQuery = useQuery(foldersQueryOptions());
  const folders = foldersQuery.data?.items ?? [];
  const expanded = useExpandedFolders();
  // One tree at a time: two would register every folder twice as a drop target.
  const isWide = useMediaQuery(WIDE_QUERY);
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const folderDialogs = useFolderDialogs({ search, folders, onExpand: expanded.expand });
  const [dragging, setDragging] = useState<NotebookDragData | null>(null);
  const updateFolder = useUpdateFolderMutation();
  const moveNote = useMoveNoteMutation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const onDragStart = ({ active }: DragStartEvent) =>
    setDragging((active.data.current as NotebookDragData | undefined) ?? null);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const drag = active.data.current as NotebookDragData | undefined;
    const target = over?.data.current as FolderDropData | undefined;
    if (!drag || target?.kind !== 'folder-target') return;
    if (drag.kind === 'folder') {
      // Onto itself or below itself: nothing to do, as the server would refuse it.
      if (!canMoveFolder(folders, drag.folder.id, target.folderId)) return;
      if (target.folderId) expanded.expand([...ancestorIds(folders, target.folderId), target.folderId]);
      updateFolder.mutate({ folderId: drag.folder.id, body: { parentId: target.folderId } });
    } else if (drag.folderId !== target.folderId) {
      moveNote.mutate({ noteId: drag.noteId, folderId: target.folderId });
    }
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.data.current)} is over a folder.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.data.current)} was moved.` : `${nameOf(active.data.current)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled.`,
  };

  // From the sheet, a menu's dialog opens once the sheet has closed, so nothing is left half covered.
  const fromSheet = (actions: FolderActions): FolderActions => ({
    onCreateIn: (parent) => {
      setIsSheetOpen(false);
      actions.onCreateIn(parent);
    },
    onRename: (folder) => {
      setIsSheetOpen(false);
      actions.onRename(folder);
    },
    onDelete: (folder) => {
      setIsSheetOpen(false);
      actions.onDelete(folder);
    },
    onMove: actions.onMove,
  });

  const tree = (onNavigate?: () => void) => (
    <FolderTree
      search={search}
      folders={folders}
      isPending={foldersQuery.isPending}
      isError={foldersQuery.isError}
      onRetry={() => void foldersQuery.refetch()}
      isExpanded={expanded.isExpanded}
      onToggle={expanded.toggle}
      actions={onNavigate ? fromSheet(folderDialogs.actions) : folderDialogs.actions}
      onNavigate={onNavigate}
    />
  );

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements }}
    >
      {/* Edge to edge under the header: the panes scroll on their own. */}
      <div className="-m-4 flex h-[calc(100dvh-3.5rem)] min-h-0 sm:-m-6 lg:-m-8">
        {isWide && <aside className="w-64 shrink-0 overflow-y-auto border-r bg-sidebar">{tree()}</aside>}
        <Sheet open={isSheetOpen && !isWide} onOpenChange={setIsSheetOpen}>
          <SheetContent title="Folders" className="overflow-y-auto pt-10">
            {tree(() => setIsSheetOpen(false))}
          </SheetContent>
        </Sheet>
        <div
          className={cn(
            'min-h-0 w-full min-w-0 flex-col md:flex md:border-r md:w-80 md:shrink-0 xl:w-96',
            openNoteId ? 'hidden' : 'flex',
          )}
        >
          <NoteList
            search={search}
            onSearchChange={onSearchChange}
            folders={folders}
            openNoteId={openNoteId}
            onOpenFolders={() => setIsSheetOpen(true)}
          />
        </div>
        <div
          className={cn(
            'min-h-0 min-w-0 flex-1 flex-col overflow-y-auto md:flex',
            openNoteId ? 'flex' : 'hidden',
          )}
        >
          {openNoteId && (
            <div className="border-b px-2 py-1 md:hidden">
              <Link
                to="/notebook"
                search={search}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <ArrowLeftIcon className="size-4" aria-hidden />
                All notes
              </Link>
            </div>
          )}
          {children}
        </div>
      </div>
      {folderDialogs.dialogs}
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <div className="flex max-w-64 items-center gap-2 rounded-md border bg-popover px-3 py-2 text-sm shadow-lg">
            {dragging.kind === 'folder' ? (
              <FolderIcon className="size-4 shrink-0" aria-hidden />
            ) : (
              <FileTextIcon className="size-4 shrink-0" aria-hidden />
            )}
            <span className="truncate">
              {dragging.kind === 'folder' ? dragging.folder.name : dragging.title}
            </span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
