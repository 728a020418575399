import type { Folder, NoteSummary } from '@cairn/contracts/notes';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  ArchiveIcon,
  FolderTreeIcon,
  LoaderCircleIcon,
  NotebookTextIcon,
  PlusIcon,
  SearchXIcon,
  StarIcon,
  Trash2Icon,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useTimeZone } from '../../../lib/time-zone';
import { toast } from '../../../lib/toasts';
import { useDeferredRows } from '../../../lib/use-deferred-rows';
import { useArchiveNoteMutation } from '../api/archive-note';
import { useCreateNoteMutation } from '../api/create-note';
import { notesInfiniteQueryOptions } from '../api/get-notes';
import { useMoveNoteMutation } from '../api/move-note';
import { usePurgeNoteMutation } from '../api/purge-note';
import { useRestoreNoteMutation } from '../api/restore-note';
import { useSetNoteFavoriteMutation } from '../api/set-note-favorite';
import { useTrashNoteMutation } from '../api/trash-note';
import { type NoteItemActions, NoteListItem, noteTitleOf } from './note-list-item';
import { toNoteListParams } from './note-list-params';
import { NoteSearchBox } from './note-search-box';
import { NoteSortMenu } from './note-sort-menu';
import type { NotebookSearch } from './notebook-search';
import { PaneEmpty, PaneError, PaneLoading } from './notebook-state';
import { EmptyTrashButton, TrashedFolders } from './trash-view';

/** Load the next page when the last rendered note is this close to the end of what is loaded. */
const PREFETCH_NOTES = 10;
const ESTIMATED_NOTE_HEIGHT = 88;

export interface NoteListProps {
  search: NotebookSearch;
  onSearchChange: (patch: Partial<NotebookSearch>, options?: { replace?: boolean }) => void;
  folders: readonly Folder[];
  openNoteId: string | undefined;
  /** Where the folder tree is a sheet (narrow screens), the button that opens it. */
  onOpenFolders: () => void;
}

function headingOf(search: NotebookSearch, folders: readonly Folder[]): string {
  if (search.filter === 'favorites') return 'Favorites';
  if (search.filter === 'archived') return 'Archive';
  if (search.filter === 'trash') return 'Trash';
  if (search.folder) return folders.find((folder) => folder.id === search.folder)?.name ?? 'Folder';
  return 'All notes';
}

/** Where the list stands once a note is created: a new note is no search hit, nor in the archive or trash. */
function afterNewNote({ q: _q, ...rest }: NotebookSearch): NotebookSearch {
  return rest.filter === 'trash' || rest.filter === 'archived' ? {} : rest;
}

/** Creates a note where the user is (the open folder, Favorites) and opens it in the editor. */
export function useNewNote(search: NotebookSearch) {
  const navigate = useNavigate();
  const createNote = useCreateNoteMutation();
  const create = () =>
    createNote.mutate(
      {
        title: '',
        folderId: !search.filter && search.folder ? search.folder : null,
        ...(search.filter === 'favorites' && { isFavorite: true }),
      },
      {
        onSuccess: (note) =>
          void navigate({
            to: '/notebook/$noteId',
            params: { noteId: note.id },
            search: afterNewNote(search),
          }),
      },
    );
  return { create, isPending: createNote.isPending };
}

/** The middle pane: what the folder or view holds (or the search's hits), newest change first unless chosen. */
export function NoteList({ search, onSearchChange, folders, openNoteId, onOpenFolders }: NoteListProps) {
  const params = useMemo(() => toNoteListParams(search), [search]);
  const query = useInfiniteQuery({
    ...notesInfiniteQueryOptions(params),
    // While typing, the previous hits stay until the next ones arrive, instead of a flash of "loading".
    placeholderData: params.q ? keepPreviousData : undefined,
  });
  const notes = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  // Read again with each answer, so "today" stays right on a list left open overnight.
  const { dataUpdatedAt } = query;
  const now = useMemo(() => new Date(dataUpdatedAt || Date.now()), [dataUpdatedAt]);
  const newNote = useNewNote(search);
  const isTrash = search.filter === 'trash';
  const [purging, setPurging] = useState<NoteSummary | null>(null);

  const setFavorite = useSetNoteFavoriteMutation();
  const archive = useArchiveNoteMutation();
  const trash = useTrashNoteMutation();
  const restore = useRestoreNoteMutation();
  const purge = usePurgeNoteMutation();
  const move = useMoveNoteMutation();

  const closeIfOpen = (noteId: string) => {
    if (openNoteId === noteId) void navigate({ to: '/notebook', search });
  };

  const latestActions = useRef<NoteItemActions | null>(null);
  latestActions.current = {
    onFavorite: (note, isFavorite) => setFavorite.mutate({ noteId: note.id, isFavorite }),
    onArchive: (note, isArchiving) =>
      archive.mutate(
        { noteId: note.id, archive: isArchiving },
        {
          onSuccess: () =>
            toast.success(
              isArchiving ? `“${noteTitleOf(note)}” archived` : `“${noteTitleOf(note)}” unarchived`,
            ),
        },
      ),
    onTrash: (note) => {
      closeIfOpen(note.id);
      trash.mutate(note.id, {
        onSuccess: () =>
          toast.success(`“${noteTitleOf(note)}” moved to the trash`, {
            action: { label: 'Undo', onClick: () => restore.mutate(note.id) },
          }),
      });
    },
    onMove: (note, folderId) => move.mutate({ noteId: note.id, folderId }),
    onRestore: (note) =>
      restore.mutate(note.id, { onSuccess: () => toast.success(`Restored “${noteTitleOf(note)}”`) }),
    onPurge: (note) => setPurging(note),
  };
  // The same functions for the list's life, calling the latest ones, so the memoised notes in view do not
  // render again when a page arrives.
  const actions = useMemo<NoteItemActions>(() => {
    const latest = () => latestActions.current as NoteItemActions;
    return {
      onFavorite: (note, isFavorite) => latest().onFavorite(note, isFavorite),
      onArchive: (note, isArchiving) => latest().onArchive(note, isArchiving),
      onTrash: (note) => latest().onTrash(note),
      onMove: (note, folderId) => latest().onMove(note, folderId),
      onRestore: (note) => latest().onRestore(note),
      onPurge: (note) => latest().onPurge(note),
    };
  }, []);

  const heading = headingOf(search, folders);
  return (
    <section aria-labelledby="note-list-heading" className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-3 border-b p-3">
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-9 lg:hidden"
            aria-label="Show folders"
            onClick={onOpenFolders}
          >
            <FolderTreeIcon aria-hidden />
          </Button>
          <h2 id="note-list-heading" className="min-w-0 flex-1 truncate text-lg font-semibold">
            {search.q ? (search.filter ? `Search in ${heading}` : 'Search results') : heading}
          </h2>
          {isTrash ? (
            <EmptyTrashButton hasNotes={notes.length > 0 || Boolean(query.hasNextPage)} />
          ) : (
            <>
              <NoteSortMenu
                sort={search.sort}
                order={search.order}
                disabled={Boolean(search.q)}
                onChange={(sort, order) => onSearchChange({ sort, order })}
              />
              <Button size="sm" onClick={newNote.create} disabled={newNote.isPending}>
                <PlusIcon aria-hidden />
                New note
              </Button>
            </>
          )}
        </div>
        <NoteSearchBox
          value={search.q}
          isSearching={Boolean(params.q) && query.isFetching && !query.isFetchingNextPage}
          onSearch={(q) => onSearchChange({ q }, { replace: true })}
        />
      </div>
      {isTrash && !search.q && <TrashedFolders />}
      {query.isPending ? (
        <PaneLoading label={params.q ? 'Searching' : 'Loading notes'} />
      ) : query.isError && notes.length === 0 ? (
        <PaneError title="Your notes could not be loaded" onRetry={() => void query.refetch()} />
      ) : notes.length === 0 ? (
        <EmptyList search={search} onNewNote={newNote.create} />
      ) : (
        <VirtualNoteList
          notes={notes}
          label={heading}
          hasMore={query.hasNextPage}
          isLoadingMore={query.isFetchingNextPage}
          isLoadMoreError={query.isFetchNextPageError}
          onLoadMore={() => void query.fetchNextPage()}
          renderNote={(note) => (
            <NoteListItem
              note={note}
              search={search}
              folders={folders}
              isOpen={note.id === openNoteId}
              showsFolder={!search.folder || Boolean(search.filter) || Boolean(search.q)}
              now={now}
              timeZone={timeZone}
              actions={actions}
            />
          )}
        />
      )}
      {query.isPlaceholderData && (
        <p className="sr-only" role="status">
          Searching…
        </p>
      )}
      <ConfirmDialog
        isOpen={purging !== null}
        onOpenChange={(isOpen) => !isOpen && setPurging(null)}
        title="Delete this note forever?"
        description={`“${purging ? noteTitleOf(purging) : ''}”, its child notes and their attachments will be deleted for good. This cannot be undone.`}
        confirmLabel="Delete forever"
        onConfirm={() => {
          if (!purging) return;
          closeIfOpen(purging.id);
          purge.mutate(purging.id, { onSuccess: () => toast.success('Note deleted for good') });
        }}
      />
    </section>
  );
}

function EmptyList({ search, onNewNote }: { search: NotebookSearch; onNewNote: () => void }) {
  if (search.q) {
    return (
      <PaneEmpty
        icon={<SearchXIcon aria-hidden />}
        title={`No notes match “${search.q}”`}
        description="Try fewer or shorter words: the start of a word is enough."
      />
    );
  }
  if (search.filter === 'favorites') {
    return (
      <PaneEmpty
        icon={<StarIcon aria-hidden />}
        title="No favorites yet"
        description="Star the notes you come back to often, and they will wait for you here."
      />
    );
  }
  if (search.filter === 'archived') {
    return (
      <PaneEmpty
        icon={<ArchiveIcon aria-hidden />}
        title="The archive is empty"
        description="Archive notes you are done with but want to keep out of the way."
      />
    );
  }
  if (search.filter === 'trash') {
    return (
      <PaneEmpty
        icon={<Trash2Icon aria-hidden />}
        title="No notes in the trash"
        description="Notes you delete land here, so you can bring them back."
      />
    );
  }
  return (
    <PaneEmpty
      icon={<NotebookTextIcon aria-hidden />}
      title={search.folder ? 'This folder has no notes yet' : 'No notes yet'}
      description="Write down ideas, meeting notes, recipes: anything worth keeping."
      action={
        <Button size="sm" onClick={onNewNote}>
          <PlusIcon aria-hidden />
          New note
        </Button>
      }
    />
  );
}

/**
 * The notes with only those near the visible part in the page, so a folder of thousands scrolls like one
 * of ten. Scrolling near the end loads the next page; a failed page offers Retry.
 */
function VirtualNoteList({
  notes,
  label,
  hasMore,
  isLoadingMore,
  isLoadMoreError,
  onLoadMore,
  renderNote,
}: {
  notes: readonly NoteSummary[];
  label: string;
  hasMore: boolean;
  isLoadingMore: boolean;
  isLoadMoreError: boolean;
  onLoadMore: () => void;
  renderNote: (note: NoteSummary) => React.ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // New only with the notes: the virtualizer works out every row's place again when it changes.
  const getItemKey = useCallback((index: number) => notes[index]?.id ?? index, [notes]);
  const virtualizer = useVirtualizer({
    count: notes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_NOTE_HEIGHT,
    overscan: 6,
    getItemKey,
  });
  const inView = virtualizer.getVirtualItems();
  const lastIndex = inView.at(-1)?.index ?? -1;
  const items = useDeferredRows(inView);

  useEffect(() => {
    if (hasMore && !isLoadingMore && !isLoadMoreError && lastIndex >= notes.length - PREFETCH_NOTES)
      onLoadMore();
  }, [hasMore, isLoadingMore, isLoadMoreError, lastIndex, notes.length, onLoadMore]);

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto p-2">
      <ul aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const note = notes[item.index];
          if (!note) return null;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="absolute inset-x-0 top-0 pb-1"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {renderNote(note)}
            </li>
          );
        })}
      </ul>
      {isLoadingMore && (
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-3 text-sm text-muted-foreground"
        >
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
          Loading more notes…
        </p>
      )}
      {isLoadMoreError && (
        <div className="flex justify-center py-3">
          <Button variant="outline" size="sm" onClick={onLoadMore}>
            Retry loading more notes
          </Button>
        </div>
      )}
    </div>
  );
}
