import { InfiniteQueryObserver, QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ItemPage,
  type ListingRules,
  listingItems,
  type PagedItems,
  patchCachedItems,
  placeCachedItem,
  removeCachedItems,
} from './cache-updates';

interface Note {
  id: string;
  rank: number;
  tag: 'a' | 'b' | 'unknown';
}

const note = (id: string, rank: number, tag: Note['tag'] = 'a'): Note => ({ id, rank, tag });

/** Listings keyed ['notes', { tag }], sorted by rank; a tag of 'unknown' is something only the server knows. */
const rules: ListingRules<Note> = {
  isInListing: (item, queryKey) => {
    if (item.tag === 'unknown') return undefined;
    return item.tag === (queryKey[1] as { tag: string }).tag;
  },
  compare: () => (a, b) => a.rank - b.rank || a.id.localeCompare(b.id),
};

function paged(pages: ItemPage<Note>[]): PagedItems<Note> {
  return { pages, pageParams: pages.map((_, index) => index) };
}

const keyA: QueryKey = ['notes', { tag: 'a' }];
const keyB: QueryKey = ['notes', { tag: 'b' }];

let queryClient: QueryClient;
afterEach(() => queryClient?.clear());

function setup(data: Record<string, PagedItems<Note> | { items: Note[] }>) {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const [tag, value] of Object.entries(data)) queryClient.setQueryData(['notes', { tag }], value);
}

const ids = (key: QueryKey) => listingItems<Note>(queryClient.getQueryData(key)).map((item) => item.id);
const total = (key: QueryKey) => queryClient.getQueryData<PagedItems<Note>>(key)?.pages[0]?.total;

describe('placeCachedItem', () => {
  it('moves an item from one listing to its sorted place in another, adjusting both totals', () => {
    setup({
      a: paged([
        { items: [note('1', 1), note('2', 2)], nextCursor: 'c', total: 5 },
        { items: [note('3', 3)], nextCursor: 'd' },
      ]),
      b: paged([{ items: [note('4', 1, 'b'), note('5', 5, 'b')], nextCursor: null, total: 2 }]),
    });
    const previous = note('2', 2);
    placeCachedItem(queryClient, { queryKey: ['notes'], item: note('2', 3, 'b'), previous, rules });
    expect(ids(keyA)).toEqual(['1', '3']);
    expect(total(keyA)).toBe(4);
    expect(ids(keyB)).toEqual(['4', '2', '5']);
    expect(total(keyB)).toBe(3);
  });

  it('patches an item that stays, moving it within the loaded pages by its new sort value', () => {
    setup({
      a: paged([
        { items: [note('1', 1), note('2', 2)], nextCursor: 'c', total: 4 },
        { items: [note('3', 3), note('4', 4)], nextCursor: 'x' },
      ]),
    });
    placeCachedItem(queryClient, {
      queryKey: ['notes'],
      item: note('1', 3.5),
      previous: note('1', 1),
      rules,
    });
    expect(ids(keyA)).toEqual(['2', '3', '1', '4']);
    expect(total(keyA)).toBe(4);
  });

  it('leaves an item that sorts past the last loaded page for the next page fetch', () => {
    setup({ a: paged([{ items: [note('1', 1), note('2', 2)], nextCursor: 'c', total: 9 }]) });
    placeCachedItem(queryClient, { queryKey: ['notes'], item: note('1', 50), previous: note('1', 1), rules });
    expect(ids(keyA)).toEqual(['2']);
    expect(total(keyA)).toBe(9);
    placeCachedItem(queryClient, { queryKey: ['notes'], item: note('9', 60), isNew: true, rules });
    expect(ids(keyA)).toEqual(['2']);
    expect(total(keyA)).toBe(10);
  });

  it('appends past the end of a fully loaded listing, and works on plain { items } caches', () => {
    setup({
      a: paged([{ items: [note('1', 1)], nextCursor: null, total: 1 }]),
      b: { items: [note('4', 1, 'b')] },
    });
    placeCachedItem(queryClient, { queryKey: ['notes'], item: note('7', 9), isNew: true, rules });
    placeCachedItem(queryClient, { queryKey: ['notes'], item: note('8', 0, 'b'), isNew: true, rules });
    expect(ids(keyA)).toEqual(['1', '7']);
    expect(total(keyA)).toBe(2);
    expect(ids(keyB)).toEqual(['8', '4']);
  });

  it('lowers the total of a listing that counted an unloaded item which no longer belongs', () => {
    setup({ a: paged([{ items: [note('1', 1)], nextCursor: 'c', total: 3 }]) });
    placeCachedItem(queryClient, {
      queryKey: ['notes'],
      item: note('9', 80, 'b'),
      previous: note('9', 80),
      rules,
    });
    expect(total(keyA)).toBe(2);
  });

  it('only marks stale, without refetching, a listing that cannot decide, and patches the item there', async () => {
    queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    let fetches = 0;
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: keyA,
      queryFn: async (): Promise<ItemPage<Note>> => {
        fetches += 1;
        return { items: [note('1', 1), note('2', 2)], nextCursor: 'c', total: 5 };
      },
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => fetches).toBe(1);
    await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true);

    const stale = placeCachedItem(queryClient, { queryKey: ['notes'], item: note('2', 2, 'unknown'), rules });
    expect(stale).toEqual([keyA]);
    expect(listingItems(queryClient.getQueryData(keyA))).toContainEqual(note('2', 2, 'unknown'));
    expect(queryClient.getQueryState(keyA)?.isInvalidated).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches).toBe(1);
    expect(total(keyA)).toBe(5);
    unsubscribe();
  });

  it('marks a listing stale when it cannot tell whether its total counted the item', () => {
    setup({ a: paged([{ items: [note('1', 1)], nextCursor: 'c', total: 3 }]) });
    const stale = placeCachedItem(queryClient, { queryKey: ['notes'], item: note('9', 0.5), rules });
    expect(ids(keyA)).toEqual(['9', '1']);
    expect(total(keyA)).toBe(3);
    expect(stale).toEqual([keyA]);
  });
});

describe('removeCachedItems and patchCachedItems', () => {
  it('remove items from every page and lower the totals by what was loaded', () => {
    setup({
      a: paged([
        { items: [note('1', 1), note('2', 2)], nextCursor: 'c', total: 6 },
        { items: [note('3', 3)], nextCursor: 'd' },
      ]),
      b: { items: [note('4', 1, 'b')] },
    });
    const incomplete = removeCachedItems(queryClient, { queryKey: ['notes'], ids: ['1', '3', '4'] });
    expect(ids(keyA)).toEqual(['2']);
    expect(total(keyA)).toBe(4);
    expect(ids(keyB)).toEqual([]);
    expect(incomplete).toEqual([keyA]);
  });

  it('patch matching items in place without reordering them', () => {
    setup({ a: paged([{ items: [note('1', 1), note('2', 2)], nextCursor: null, total: 2 }]) });
    patchCachedItems<Note>(queryClient, {
      queryKey: ['notes'],
      isMatch: (item) => item.id === '1',
      update: (item) => ({ ...item, rank: 10 }),
    });
    expect(listingItems<Note>(queryClient.getQueryData(keyA))).toEqual([note('1', 10), note('2', 2)]);
  });
});
