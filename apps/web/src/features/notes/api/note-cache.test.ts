import type { Folder, NoteDetail, NoteSummary } from '@cairn/contracts/notes';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listingItems } from '../../../lib/cache-updates';
import { type NoteListData, placeCachedNote, removeCachedNotes, toNoteExcerpt } from './note-cache';
import { type NoteListParams, noteKeys } from './note-keys';

const FOLDER_A = '0190a5c4-2222-7000-8000-0000000000a1';
const FOLDER_B = '0190a5c4-2222-7000-8000-0000000000b1';

let sequence = 0;
function note(patch: Partial<NoteSummary> = {}): NoteSummary {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, sequence));
  return {
    id: `0190a5c4-2222-7000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Note ${sequence}`,
    folderId: null,
    parentId: null,
    isFavorite: false,
    archivedAt: null,
    deletedAt: null,
    createdAt: at,
    updatedAt: at,
    excerpt: '',
    childrenCount: 0,
    attachmentsCount: 0,
    ...patch,
  };
}

function listing(items: NoteSummary[], nextCursor: string | null = null): NoteListData {
  return { pages: [{ items, nextCursor }], pageParams: [null] };
}

function folder(id: string, notesCount: number): Folder {
  const at = new Date(Date.UTC(2026, 0, 1));
  return { id, name: id, parentId: null, notesCount, deletedAt: null, createdAt: at, updatedAt: at };
}

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
});
afterEach(() => queryClient.clear());

const put = (params: NoteListParams, items: NoteSummary[], nextCursor: string | null = null) =>
  queryClient.setQueryData(noteKeys.noteList(params), listing(items, nextCursor));
const titlesIn = (params: NoteListParams) =>
  listingItems<NoteSummary>(queryClient.getQueryData(noteKeys.noteList(params))).map((entry) => entry.title);
const isStale = (params: NoteListParams) =>
  queryClient
    .getQueryCache()
    .find({ queryKey: noteKeys.noteList(params), exact: true })
    ?.isStale();

describe('placeCachedNote', () => {
  it('an edited note moves to the top of the newest-first listing with its new title and excerpt', () => {
    const older = note({ title: 'Older' });
    const newer = note({ title: 'Newer' });
    put({}, [newer, older]);

    placeCachedNote(queryClient, {
      ...older,
      title: 'Older, edited',
      content: '# Heading\n\nSome **bold** text',
      updatedAt: new Date(Date.UTC(2026, 1, 1)),
    });

    expect(titlesIn({})).toEqual(['Older, edited', 'Newer']);
    const [edited] = listingItems<NoteSummary>(queryClient.getQueryData(noteKeys.noteList({})));
    expect(edited?.excerpt).toBe('Heading Some bold text');
  });

  it('a favorite joins the favorites listing at its place and leaves it when unstarred', () => {
    const starred = note({ title: 'Starred', isFavorite: true });
    const plain = note({ title: 'Plain' });
    put({ filter: 'favorites' }, [starred]);
    put({}, [plain, starred]);

    placeCachedNote(queryClient, { ...plain, isFavorite: true }, { previous: plain });
    expect(titlesIn({ filter: 'favorites' })).toEqual(['Plain', 'Starred']);
    expect(titlesIn({})).toEqual(['Plain', 'Starred']);

    placeCachedNote(queryClient, { ...starred, isFavorite: false });
    expect(titlesIn({ filter: 'favorites' })).toEqual(['Plain']);
  });

  it('a note moved to another folder leaves the first folder and joins the second; the counts follow', () => {
    const moving = note({ title: 'Moving', folderId: FOLDER_A });
    const staying = note({ title: 'Staying', folderId: FOLDER_B });
    put({ folderId: FOLDER_A }, [moving]);
    put({ folderId: FOLDER_B }, [staying]);
    queryClient.setQueryData(noteKeys.folderList({}), { items: [folder(FOLDER_A, 1), folder(FOLDER_B, 1)] });

    placeCachedNote(queryClient, { ...moving, folderId: FOLDER_B }, { previous: moving });

    expect(titlesIn({ folderId: FOLDER_A })).toEqual([]);
    expect(titlesIn({ folderId: FOLDER_B })).toEqual(['Staying', 'Moving']);
    const counts = queryClient
      .getQueryData<{ items: Folder[] }>(noteKeys.folderList({}))
      ?.items.map((entry) => entry.notesCount);
    expect(counts).toEqual([0, 2]);
  });

  it('orders titles A to Z by default and by the order asked for', () => {
    const banana = note({ title: 'banana' });
    const cherry = note({ title: 'Cherry' });
    put({ sort: 'title' }, [banana, cherry]);
    put({ sort: 'title', order: 'desc' }, [cherry, banana]);

    const apple = note({ title: 'Apple' });
    placeCachedNote(queryClient, apple, { isNew: true });

    expect(titlesIn({ sort: 'title' })).toEqual(['Apple', 'banana', 'Cherry']);
    expect(titlesIn({ sort: 'title', order: 'desc' })).toEqual(['Cherry', 'banana', 'Apple']);
  });

  it('keeps a search hit where it is with its snippet, and marks the search stale', () => {
    const hit = note({ title: 'Hit', snippet: 'a <mark>word</mark> here' });
    put({ q: 'word' }, [hit]);

    placeCachedNote(queryClient, { ...hit, snippet: undefined, title: 'Hit, renamed', content: 'word' });

    const [entry] = listingItems<NoteSummary>(queryClient.getQueryData(noteKeys.noteList({ q: 'word' })));
    expect(entry).toMatchObject({ title: 'Hit, renamed', snippet: 'a <mark>word</mark> here' });
    expect(isStale({ q: 'word' })).toBe(true);
  });

  it('does not add a note to the end of a listing with more pages to come', () => {
    const first = note({ title: 'First', updatedAt: new Date(Date.UTC(2026, 5, 1)) });
    put({}, [first], 'next-page');

    placeCachedNote(queryClient, note({ title: 'Old', updatedAt: new Date(Date.UTC(2020, 0, 1)) }), {
      isNew: true,
    });

    expect(titlesIn({})).toEqual(['First']);
  });

  it('updates the detail, keeping its children and breadcrumbs', () => {
    const shown = note({ title: 'Shown' });
    const detail: NoteDetail = {
      ...shown,
      content: 'old',
      children: [{ id: FOLDER_A, title: 'Child', updatedAt: shown.updatedAt }],
      breadcrumbs: [],
    };
    queryClient.setQueryData(noteKeys.detail(shown.id), detail);

    placeCachedNote(queryClient, { ...shown, title: 'Shown, starred', isFavorite: true });

    expect(queryClient.getQueryData<NoteDetail>(noteKeys.detail(shown.id))).toMatchObject({
      title: 'Shown, starred',
      isFavorite: true,
      content: 'old',
      children: [{ title: 'Child' }],
    });
  });
});

describe('removeCachedNotes', () => {
  it('takes the note and the child notes the cache knows out of every listing', () => {
    const parent = note({ title: 'Parent' });
    const child = note({ title: 'Child', parentId: parent.id });
    const other = note({ title: 'Other' });
    put({}, [other, child, parent]);

    expect(removeCachedNotes(queryClient, [parent.id]).sort()).toEqual([parent.id, child.id].sort());
    expect(titlesIn({})).toEqual(['Other']);
  });
});

describe('toNoteExcerpt', () => {
  it.each([
    ['# Title\n\nBody', 'Title Body'],
    ['- [ ] task\n- item', 'task item'],
    ['See [the docs](https://example.com) and ![a cat](cat.png)', 'See the docs and a cat'],
    ['> quoted `code`', 'quoted code'],
  ])('%j reads %j', (content, excerpt) => {
    expect(toNoteExcerpt(content)).toBe(excerpt);
  });

  it('stops at 200 characters', () => {
    expect(toNoteExcerpt('word '.repeat(100))).toHaveLength(200);
  });
});
