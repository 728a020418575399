import type { Folder, NoteSummary } from '@cairn/contracts/notes';
import { useDraggable } from '@dnd-kit/core';
import { Link } from '@tanstack/react-router';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  FolderIcon,
  MoreHorizontalIcon,
  PaperclipIcon,
  RotateCcwIcon,
  StarIcon,
  StarOffIcon,
  Trash2Icon,
} from 'lucide-react';
import { memo, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { DeferredDropdownMenu } from '../../../components/ui/deferred-dropdown-menu';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import type { NotebookDragData } from './folder-tree';
import { formatNoteDate } from './format-note-date';
import { MoveToMenu } from './move-to-menu';
import type { NotebookSearch } from './notebook-search';
import { SearchSnippet } from './search-snippet';

export interface NoteItemActions {
  onFavorite: (note: NoteSummary, isFavorite: boolean) => void;
  onArchive: (note: NoteSummary, archive: boolean) => void;
  onTrash: (note: NoteSummary) => void;
  onMove: (note: NoteSummary, folderId: string | null) => void;
  onRestore: (note: NoteSummary) => void;
  onPurge: (note: NoteSummary) => void;
}

const noExclusions: ReadonlySet<string> = new Set();

export function noteTitleOf(note: { title: string }): string {
  return note.title.trim() || 'Untitled';
}

/**
 * One note in the list: its title, its excerpt (or the search hit's passage), when it changed, and its
 * actions. Memoised: scrolling renders the list again, and a note that did not change need not follow.
 */
export const NoteListItem = memo(function NoteListItem({
  note,
  search,
  folders,
  isOpen,
  showsFolder,
  now,
  timeZone,
  actions,
}: {
  note: NoteSummary;
  search: NotebookSearch;
  folders: readonly Folder[];
  isOpen: boolean;
  /** Lists across folders say which folder each note is in. */
  showsFolder: boolean;
  now: Date;
  timeZone: string;
  actions: NoteItemActions;
}) {
  const title = noteTitleOf(note);
  const isTrashed = note.deletedAt !== null;
  const isArchived = note.archivedAt !== null;
  const drag = useDraggable({
    id: `note:${note.id}`,
    data: { kind: 'note', noteId: note.id, title, folderId: note.folderId } satisfies NotebookDragData,
    disabled: isTrashed,
  });
  const folderName = useMemo(
    () =>
      showsFolder && note.folderId ? folders.find((folder) => folder.id === note.folderId)?.name : undefined,
    [showsFolder, note.folderId, folders],
  );
  const date = isTrashed && note.deletedAt ? note.deletedAt : note.updatedAt;

  return (
    <div
      className={cn(
        'group relative flex gap-1 rounded-md border border-transparent px-3 py-2.5 transition-colors hover:bg-accent/60',
        isOpen && 'border-border bg-accent',
        drag.isDragging && 'opacity-40',
      )}
      data-note-id={note.id}
    >
      <Link
        ref={drag.setNodeRef}
        {...drag.listeners}
        to="/notebook/$noteId"
        params={{ noteId: note.id }}
        search={search}
        aria-current={isOpen ? 'page' : undefined}
        className="grid min-w-0 flex-1 touch-manipulation gap-1 rounded-sm outline-none after:absolute after:inset-0 after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring"
      >
        <span className="flex min-w-0 items-center gap-1.5">
          {note.isFavorite && (
            <StarIcon className="size-3.5 shrink-0 fill-amber-400 text-amber-500" aria-label="Favorite" />
          )}
          <span className={cn('truncate font-medium', !note.title.trim() && 'text-muted-foreground italic')}>
            {title}
          </span>
        </span>
        {note.snippet ? (
          <SearchSnippet snippet={note.snippet} className="line-clamp-2 text-sm text-muted-foreground" />
        ) : (
          note.excerpt && <span className="line-clamp-2 text-sm text-muted-foreground">{note.excerpt}</span>
        )}
        <span className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
          <time dateTime={date.toISOString()}>
            {isTrashed ? 'Deleted ' : ''}
            {formatNoteDate(date, { now, timeZone })}
          </time>
          {folderName && (
            <span className="flex min-w-0 items-center gap-1">
              <FolderIcon className="size-3 shrink-0" aria-hidden />
              <span className="truncate">{folderName}</span>
            </span>
          )}
          {note.attachmentsCount > 0 && (
            <span className="flex items-center gap-0.5">
              <PaperclipIcon className="size-3" aria-hidden />
              {note.attachmentsCount}
              <span className="sr-only"> attachments</span>
            </span>
          )}
          {isArchived && !isTrashed && <span>Archived</span>}
        </span>
      </Link>
      <DeferredDropdownMenu
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="relative z-10 size-8 shrink-0 self-start opacity-70 group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100"
            aria-label={`Actions for “${title}”`}
          >
            <MoreHorizontalIcon aria-hidden />
          </Button>
        }
      >
        <DropdownMenuContent align="end">
          {isTrashed ? (
            <>
              <DropdownMenuItem onSelect={() => actions.onRestore(note)}>
                <RotateCcwIcon aria-hidden />
                Restore
              </DropdownMenuItem>
              <DropdownMenuItem
                className="text-destructive focus:text-destructive"
                onSelect={() => actions.onPurge(note)}
              >
                <Trash2Icon aria-hidden />
                Delete forever
              </DropdownMenuItem>
            </>
          ) : (
            <>
              <DropdownMenuItem onSelect={() => actions.onFavorite(note, !note.isFavorite)}>
                {note.isFavorite ? <StarOffIcon aria-hidden /> : <StarIcon aria-hidden />}
                {note.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
              </DropdownMenuItem>
              <MoveToMenu
                folders={folders}
                excludedIds={noExclusions}
                currentFolderId={note.folderId}
                topLevelLabel="No folder"
                onMove={(folderId) => actions.onMove(note, folderId)}
              />
              <DropdownMenuItem onSelect={() => actions.onArchive(note, !isArchived)}>
                {isArchived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
                {isArchived ? 'Unarchive' : 'Archive'}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                className="text-destructive focus:text-destructive"
                onSelect={() => actions.onTrash(note)}
              >
                <Trash2Icon aria-hidden />
                Move to trash
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DeferredDropdownMenu>
    </div>
  );
});
