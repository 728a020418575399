import type { Folder, FolderList, Note, NoteDetail, NotePage, NoteSummary } from '@cairn/contracts/notes';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  type ListingRules,
  listingItems,
  markQueriesStale,
  patchCachedItems,
  placeCachedItem,
  removeCachedItems,
} from '../../../lib/cache-updates';
import { type QuerySnapshot, restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import { type NoteListParams, noteKeys } from './note-keys';

/** What a paginated note listing holds in the cache. */
export type NoteListData = InfiniteData<NotePage, string | null>;

/** Where a note change shows: every listing, every detail, and the folders' counts. */
const noteCacheKeys = [noteKeys.noteLists(), noteKeys.details(), noteKeys.folderLists()] as const;

const EXCERPT_LENGTH = 200;

const paramsOf = (queryKey: QueryKey) => (queryKey[2] ?? {}) as NoteListParams;

/** The start of a note's Markdown as plain text, close to what the server sends as `excerpt`. */
export function toNoteExcerpt(content: string): string {
  return content
    .slice(0, EXCERPT_LENGTH * 2)
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, EXCERPT_LENGTH);
}

/** Whether a note's state (live, favorite, archived, trashed) and place fit a listing's filters. */
function fitsListing(note: NoteSummary, params: NoteListParams): boolean {
  const isLive = note.archivedAt === null && note.deletedAt === null;
  const filter = params.filter ?? 'all';
  const fitsFilter =
    (filter === 'all' && isLive) ||
    (filter === 'favorites' && isLive && note.isFavorite) ||
    (filter === 'archived' && note.archivedAt !== null && note.deletedAt === null) ||
    (filter === 'trash' && note.deletedAt !== null);
  if (!fitsFilter) return false;
  if (params.folderId !== undefined && (note.folderId ?? 'none') !== params.folderId) return false;
  if (params.parentId !== undefined && (note.parentId ?? 'none') !== params.parentId) return false;
  return true;
}

type SortValue = string | number;
type SortKey = NonNullable<NoteListParams['sort']> | 'deletedAt';

/** The listing's sort as the API reads it: the trash by deletion unless another sort is asked for. */
function sortKeyOf(params: NoteListParams): SortKey {
  return params.sort ?? (params.filter === 'trash' ? 'deletedAt' : 'updatedAt');
}

function sortValueOf(note: NoteSummary, key: SortKey): SortValue {
  switch (key) {
    case 'title':
      return note.title.toLowerCase();
    case 'createdAt':
      return note.createdAt.getTime();
    case 'deletedAt':
      return note.deletedAt?.getTime() ?? 0;
    default:
      return note.updatedAt.getTime();
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The API's filters and order: dates newest first and titles A to Z unless asked otherwise, ties by id. */
const noteListingRules: ListingRules<NoteSummary> = {
  isInListing: (note, queryKey) => {
    const params = paramsOf(queryKey);
    if (!fitsListing(note, params)) return false;
    // Search hits are ranked by relevance, which only the server knows.
    return params.q ? undefined : true;
  },
  compare: (queryKey) => {
    const params = paramsOf(queryKey);
    const key = sortKeyOf(params);
    const isDescending = params.order ? params.order === 'desc' : key !== 'title';
    const direction = isDescending ? -1 : 1;
    return (a, b) =>
      direction * (compareValues(sortValueOf(a, key), sortValueOf(b, key)) || compareValues(a.id, b.id));
  },
};

/** Stops refetches that would overwrite an optimistic change, and remembers what the cache held. */
export function snapshotNoteCaches(queryClient: QueryClient): Promise<QuerySnapshot> {
  return snapshotQueries(queryClient, noteCacheKeys);
}

export function restoreNoteCaches(queryClient: QueryClient, snapshot: QuerySnapshot | undefined): void {
  restoreQueries(queryClient, snapshot);
}

/** The note as a listing shows it, from any cached listing, else from its detail. */
export function findCachedNote(queryClient: QueryClient, noteId: string): NoteSummary | undefined {
  for (const [, data] of queryClient.getQueriesData<NoteListData>({ queryKey: noteKeys.noteLists() })) {
    const note = listingItems(data).find((entry) => entry.id === noteId);
    if (note) return note;
  }
  const detail = queryClient.getQueryData<NoteDetail>(noteKeys.detail(noteId));
  return detail && toSummary(detail, undefined);
}

function hasContent(note: Note | NoteSummary): note is Note {
  return 'content' in note && typeof note.content === 'string';
}

/** A note as listings hold it, keeping what only a listing knows (counts, excerpt) from the cached copy. */
function toSummary(note: Note | NoteSummary, cached: NoteSummary | undefined): NoteSummary {
  const { id, title, folderId, parentId, isFavorite, archivedAt, deletedAt, createdAt, updatedAt } = note;
  const excerpt = hasContent(note)
    ? toNoteExcerpt(note.content)
    : 'excerpt' in note
      ? note.excerpt
      : (cached?.excerpt ?? '');
  return {
    id,
    title,
    folderId,
    parentId,
    isFavorite,
    archivedAt,
    deletedAt,
    createdAt,
    updatedAt,
    excerpt,
    childrenCount: 'childrenCount' in note ? note.childrenCount : (cached?.childrenCount ?? 0),
    attachmentsCount: 'attachmentsCount' in note ? note.attachmentsCount : (cached?.attachmentsCount ?? 0),
  };
}

/** Which folder's count a note adds to: live notes only. */
function folderShare(note: NoteSummary | undefined): string | null {
  if (!note?.folderId || note.archivedAt || note.deletedAt) return null;
  return note.folderId;
}

/** The folders' note counts, moved from what the note counted for to what it counts for now. */
function updateCachedFolderCounts(
  queryClient: QueryClient,
  note: NoteSummary,
  previous: NoteSummary | undefined,
  isNew: boolean,
) {
  if (!previous && !isNew) {
    void queryClient.invalidateQueries({ queryKey: noteKeys.folderLists() });
    return;
  }
  const before = folderShare(previous);
  const after = folderShare(note);
  if (before === after) return;
  const shift = (folder: Folder): Folder => {
    const by = (folder.id === after ? 1 : 0) - (folder.id === before ? 1 : 0);
    return by === 0 ? folder : { ...folder, notesCount: Math.max(0, folder.notesCount + by) };
  };
  queryClient.setQueriesData<FolderList>(
    { queryKey: noteKeys.folderLists() },
    (data) => data && { ...data, items: data.items.map(shift) },
  );
}

/** The note's own page, and its parent's list of children. */
function updateCachedDetails(queryClient: QueryClient, note: Note | NoteSummary) {
  const { id, title, folderId, parentId, isFavorite, archivedAt, deletedAt, createdAt, updatedAt } = note;
  const fields = { id, title, folderId, parentId, isFavorite, archivedAt, deletedAt, createdAt, updatedAt };
  queryClient.setQueryData<NoteDetail>(
    noteKeys.detail(id),
    (detail) => detail && { ...detail, ...fields, ...(hasContent(note) && { content: note.content }) },
  );
  if (!parentId) return;
  queryClient.setQueryData<NoteDetail>(noteKeys.detail(parentId), (detail) => {
    if (!detail) return detail;
    const isChild = deletedAt === null;
    const children = detail.children.some((child) => child.id === id)
      ? detail.children.flatMap((child) =>
          child.id !== id ? [child] : isChild ? [{ id, title, updatedAt }] : [],
        )
      : isChild
        ? [...detail.children, { id, title, updatedAt }]
        : detail.children;
    return { ...detail, children };
  });
}

export interface PlaceCachedNoteOptions {
  /** The note as the cache had it before this change; found in the cache when left out. */
  previous?: NoteSummary | undefined;
  /** A note just created: no listing or count held it before. */
  isNew?: boolean;
  /** The change already took the note out of every listing (see removeCachedNotes). */
  isOutOfListings?: boolean;
}

/**
 * Puts a changed (or new) note wherever the cache shows notes, as a refetch would: patched in place in
 * every listing it still belongs to (search hits keep their snippet), out of those it left, at its
 * sorted place in those it joined; its detail and the folders' counts follow. Nothing is refetched.
 */
export function placeCachedNote(
  queryClient: QueryClient,
  note: Note | NoteSummary,
  options: PlaceCachedNoteOptions = {},
): void {
  const isNew = options.isNew ?? false;
  const previous = isNew ? undefined : (options.previous ?? findCachedNote(queryClient, note.id));
  const item = toSummary(note, previous);
  const snippets = cachedSnippets(queryClient, note.id);
  placeCachedItem(queryClient, {
    queryKey: noteKeys.noteLists(),
    item,
    previous,
    isNew: isNew || options.isOutOfListings === true,
    rules: noteListingRules,
  });
  for (const { queryKey, snippet } of snippets) {
    patchCachedItems<NoteSummary>(queryClient, {
      queryKey,
      isMatch: (entry) => entry.id === note.id,
      update: (entry) => ({ ...entry, snippet }),
    });
    // Writing the snippet back made the search fresh again; its ranking still is the server's to tell.
    void markQueriesStale(queryClient, { queryKey, exact: true });
  }
  updateCachedDetails(queryClient, note);
  updateCachedFolderCounts(queryClient, item, previous, isNew);
}

/** The snippets a note has in cached search hits, which a change of the note must not wipe. */
function cachedSnippets(queryClient: QueryClient, noteId: string) {
  return queryClient
    .getQueriesData<NoteListData>({ queryKey: noteKeys.noteLists() })
    .flatMap(([queryKey, data]) => {
      const snippet = listingItems(data).find((entry) => entry.id === noteId)?.snippet;
      return snippet === undefined ? [] : [{ queryKey, snippet }];
    });
}

/**
 * Takes notes, and the child notes the cache knows under them, out of every cached listing, for changes
 * that send a whole subtree elsewhere (trash, deleted for good). Answers the ids taken out.
 */
export function removeCachedNotes(queryClient: QueryClient, noteIds: readonly string[]): string[] {
  const ids = new Set(noteIds);
  const cached = queryClient
    .getQueriesData<NoteListData>({ queryKey: noteKeys.noteLists() })
    .flatMap(([, data]) => listingItems(data));
  let isGrowing = true;
  while (isGrowing) {
    isGrowing = false;
    for (const note of cached) {
      if (note.parentId && ids.has(note.parentId) && !ids.has(note.id)) {
        ids.add(note.id);
        isGrowing = true;
      }
    }
  }
  removeCachedItems<NoteSummary>(queryClient, { queryKey: noteKeys.noteLists(), ids });
  return [...ids];
}

/**
 * For useOptimisticRemovalMutation: a note that moves elsewhere (archive, trash, back out of them,
 * deleted for good) leaves every cached listing at once, with the child notes the cache knows under it.
 */
export const noteRemovalFromCache = {
  queryKeys: noteCacheKeys,
  /** Answers the note as it was, for placing the server's answer afterwards. */
  removeFromCache: (queryClient: QueryClient, noteId: string): NoteSummary | undefined => {
    const previous = findCachedNote(queryClient, noteId);
    removeCachedNotes(queryClient, [noteId]);
    return previous;
  },
};

/** The server's answer to archiving, unarchiving or restoring: the note joins the listings it now matches. */
export function placeReturnedNote(
  queryClient: QueryClient,
  note: Note | NoteSummary,
  { removed }: { removed: NoteSummary | undefined },
): void {
  placeCachedNote(queryClient, note, { previous: removed, isOutOfListings: true });
}

/**
 * For changes whose reach the cache cannot know (a folder deleted or restored with its content, the
 * trash emptied): the whole notes area is asked again, the screens on show at once.
 */
export function refreshNotesArea(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: noteKeys.all });
}
