import type { Folder } from '@cairn/contracts/notes';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Link } from '@tanstack/react-router';
import {
  ArchiveIcon,
  ChevronRightIcon,
  FolderIcon,
  FolderOpenIcon,
  FolderPlusIcon,
  MoreHorizontalIcon,
  NotebookTextIcon,
  PencilIcon,
  StarIcon,
  Trash2Icon,
} from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import { buildFolderTree, type FolderNode, folderAndDescendants } from './folder-tree-model';
import { MoveToMenu } from './move-to-menu';
import type { NotebookSearch, NoteFilter } from './notebook-search';
import { PaneError, PaneLoading } from './notebook-state';

/** What a drag carries and where it may land: see NotebookLayout. */
export type NotebookDragData =
  | { kind: 'folder'; folder: Folder }
  | { kind: 'note'; noteId: string; title: string; folderId: string | null };
export interface FolderDropData {
  kind: 'folder-target';
  folderId: string | null;
}

export interface FolderTreeProps {
  search: NotebookSearch;
  folders: readonly Folder[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  isExpanded: (folderId: string) => boolean;
  onToggle: (folderId: string) => void;
  /** What the folders' menus and the New folder button do (see useFolderDialogs). */
  actions: FolderActions;
  /** A link was followed: the phone's sheet closes. */
  onNavigate?: () => void;
}

const rowClassName =
  'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground';

/** The search a link keeps when it changes what the list shows: the chosen order. */
export function keptSearch(search: NotebookSearch): NotebookSearch {
  return { ...(search.sort && { sort: search.sort }), ...(search.order && { order: search.order }) };
}

/** The notebook's sidebar: the fixed views (all, favorites, archive, trash), then the folders as a tree. */
export function FolderTree({
  search,
  folders,
  isPending,
  isError,
  onRetry,
  isExpanded,
  onToggle,
  actions,
  onNavigate,
}: FolderTreeProps) {
  const headingId = useId();
  const tree = useMemo(() => buildFolderTree(folders), [folders]);
  const rootDrop = useDroppable({
    id: 'folder-target:root',
    data: { kind: 'folder-target', folderId: null } satisfies FolderDropData,
  });
  const kept = keptSearch(search);
  const isView = (filter: NoteFilter | undefined) => !search.folder && search.filter === filter;

  return (
    <nav aria-label="Notebook" className="grid content-start gap-4 p-3">
      <ul className="grid gap-0.5">
        <ViewLink
          label="All notes"
          icon={<NotebookTextIcon aria-hidden />}
          search={kept}
          isCurrent={isView(undefined)}
          onNavigate={onNavigate}
        />
        <ViewLink
          label="Favorites"
          icon={<StarIcon aria-hidden />}
          search={{ ...kept, filter: 'favorites' }}
          isCurrent={isView('favorites')}
          onNavigate={onNavigate}
        />
        <ViewLink
          label="Archive"
          icon={<ArchiveIcon aria-hidden />}
          search={{ ...kept, filter: 'archived' }}
          isCurrent={isView('archived')}
          onNavigate={onNavigate}
        />
        <ViewLink
          label="Trash"
          icon={<Trash2Icon aria-hidden />}
          search={{ filter: 'trash' }}
          isCurrent={isView('trash')}
          onNavigate={onNavigate}
        />
      </ul>
      <section aria-labelledby={headingId} className="grid gap-1">
        <div
          ref={rootDrop.setNodeRef}
          className={cn(
            'flex items-center justify-between gap-2 rounded-md pl-2',
            rootDrop.isOver && 'bg-primary/10 ring-2 ring-primary',
          )}
        >
          <h2 id={headingId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Folders
          </h2>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="New folder"
            onClick={() => actions.onCreateIn(undefined)}
          >
            <FolderPlusIcon aria-hidden />
          </Button>
        </div>
        {isPending ? (
          <PaneLoading label="Loading folders" />
        ) : isError ? (
          <PaneError title="Your folders could not be loaded" onRetry={onRetry} />
        ) : tree.length === 0 ? (
          <p className="px-2 py-1 text-sm text-muted-foreground">
            No folders yet. Folders group notes the way you think about them.
          </p>
        ) : (
          <ul className="grid gap-0.5">
            {tree.map((node) => (
              <FolderRow
                key={node.folder.id}
                node={node}
                folders={folders}
                search={search}
                isExpanded={isExpanded}
                onToggle={onToggle}
                onNavigate={onNavigate}
                actions={actions}
              />
            ))}
          </ul>
        )}
      </section>
    </nav>
  );
}

function ViewLink({
  label,
  icon,
  search,
  isCurrent,
  onNavigate,
}: {
  label: string;
  icon: ReactNode;
  search: NotebookSearch;
  isCurrent: boolean;
  onNavigate: (() => void) | undefined;
}) {
  return (
    <li className="flex">
      <Link
        to="/notebook"
        search={search}
        onClick={onNavigate}
        aria-current={isCurrent ? 'page' : undefined}
        // Views differ only by their search, which the router's own marking compares too loosely.
        activeOptions={{ exact: true, includeSearch: true }}
        activeProps={{}}
        className={cn(rowClassName, '[&_svg]:size-4 [&_svg]:shrink-0')}
      >
        {icon}
        {label}
      </Link>
    </li>
  );
}

export interface FolderActions {
  /** Opens the New folder dialog, for a subfolder of `parent` or (without it) at the top level. */
  onCreateIn: (parent: Folder | undefined) => void;
  onRename: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
  onMove: (folder: Folder, parentId: string | null) => void;
}

function FolderRow({
  node,
  folders,
  search,
  isExpanded,
  onToggle,
  onNavigate,
  actions,
}: {
  node: FolderNode;
  folders: readonly Folder[];
  search: NotebookSearch;
  isExpanded: (folderId: string) => boolean;
  onToggle: (folderId: string) => void;
  onNavigate: (() => void) | undefined;
  actions: FolderActions;
}) {
  const { folder, depth, children } = node;
  const isOpen = children.length > 0 && isExpanded(folder.id);
  const isCurrent = search.folder === folder.id && !search.filter;
  const drag = useDraggable({
    id: `folder:${folder.id}`,
    data: { kind: 'folder', folder } satisfies NotebookDragData,
  });
  const drop = useDroppable({
    id: `folder-target:${folder.id}`,
    data: { kind: 'folder-target', folderId: folder.id } satisfies FolderDropData,
  });
  const FolderGlyph = isOpen ? FolderOpenIcon : FolderIcon;
  return (
    <li data-folder-id={folder.id}>
      <div
        ref={drop.setNodeRef}
        className={cn(
          'group flex items-center gap-0.5 rounded-md',
          drop.isOver && !drag.isDragging && 'bg-primary/10 ring-2 ring-primary',
          drag.isDragging && 'opacity-40',
        )}
        style={{ paddingLeft: `${depth * 0.875}rem` }}
      >
        {children.length > 0 ? (
          <button
            type="button"
            aria-label={`${isOpen ? 'Collapse' : 'Expand'} “${folder.name}”`}
            aria-expanded={isOpen}
            onClick={() => onToggle(folder.id)}
            className="flex size-6 shrink-0 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronRightIcon
              className={cn('size-4 transition-transform', isOpen && 'rotate-90')}
              aria-hidden
            />
          </button>
        ) : (
          <span className="size-6 shrink-0" aria-hidden />
        )}
        <Link
          ref={drag.setNodeRef}
          {...drag.listeners}
          to="/notebook"
          search={{ ...keptSearch(search), folder: folder.id }}
          onClick={onNavigate}
          aria-current={isCurrent ? 'page' : undefined}
          activeOptions={{ exact: true, includeSearch: true }}
          activeProps={{}}
          className={cn(rowClassName, 'touch-manipulation')}
        >
          <FolderGlyph className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1 truncate">{folder.name}</span>
          {folder.notesCount > 0 && (
            <span className="text-xs tabular-nums text-muted-foreground">
              {folder.notesCount}
              <span className="sr-only">{folder.notesCount === 1 ? ' note' : ' notes'}</span>
            </span>
          )}
        </Link>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-7 shrink-0 opacity-60 group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100"
              aria-label={`Actions for “${folder.name}”`}
            >
              <MoreHorizontalIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem onSelect={() => actions.onCreateIn(folder)}>
              <FolderPlusIcon aria-hidden />
              New subfolder
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => actions.onRename(folder)}>
              <PencilIcon aria-hidden />
              Rename
            </DropdownMenuItem>
            <MoveToMenu
              folders={folders}
              excludedIds={folderAndDescendants(folders, folder.id)}
              currentFolderId={folder.parentId}
              topLevelLabel="Top level"
              onMove={(parentId) => actions.onMove(folder, parentId)}
            />
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="text-destructive focus:text-destructive"
              onSelect={() => actions.onDelete(folder)}
            >
              <Trash2Icon aria-hidden />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {isOpen && (
        <ul className="mt-0.5 grid gap-0.5">
          {children.map((child) => (
            <FolderRow
              key={child.folder.id}
              node={child}
              folders={folders}
              search={search}
              isExpanded={isExpanded}
              onToggle={onToggle}
              onNavigate={onNavigate}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
