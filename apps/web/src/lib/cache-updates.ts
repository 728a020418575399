import type { InfiniteData, QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query';

/**
 * Updating cached listings in place after a change, instead of refetching them: the changed item is
 * patched where it stays, leaves the listings it no longer belongs to and joins, at its sorted place,
 * the one it now belongs to. A listing scrolled through many pages then costs nothing to keep right.
 *
 * It works on two shapes: a paginated listing (`InfiniteData` of `{ items, nextCursor, total? }`, the
 * first page's `total` counting the whole listing) and a plain `{ items }` collection. Pages follow
 * keyset cursors (the last item's sort value), so taking an item out of a page or putting one in
 * before a page's last item never shifts the next page.
 */

export interface CachedItem {
  id: string;
}

export interface ItemPage<Item> {
  items: Item[];
  nextCursor?: string | null;
  total?: number;
}

export type PagedItems<Item> = InfiniteData<ItemPage<Item>, unknown>;
export type ItemListing<Item> = PagedItems<Item> | { items: Item[] };

/** Where a listing puts items, decided from its cache key (its filters and its sort). */
export interface ListingRules<Item> {
  /** Whether the item belongs in the listing; undefined when only the server can tell. */
  isInListing: (item: Item, queryKey: QueryKey) => boolean | undefined;
  /** The listing's order, the server's one, ties included, so an item joins at the place a refetch would give it. */
  compare: (queryKey: QueryKey) => (a: Item, b: Item) => number;
}

function isPaged<Item>(data: ItemListing<Item>): data is PagedItems<Item> {
  return 'pages' in data && Array.isArray(data.pages);
}

function isListing<Item>(data: unknown): data is ItemListing<Item> {
  if (typeof data !== 'object' || data === null) return false;
  if ('pages' in data) return Array.isArray(data.pages);
  return 'items' in data && Array.isArray(data.items);
}

function pagesOf<Item>(data: ItemListing<Item>): ItemPage<Item>[] {
  return isPaged(data) ? data.pages : [{ items: data.items, nextCursor: null }];
}

function withPages<Item>(data: ItemListing<Item>, pages: ItemPage<Item>[]): ItemListing<Item> {
  if (isPaged(data)) return { ...data, pages };
  return { ...data, items: pages[0]?.items ?? [] };
}

/** Every item of the listing is loaded: nothing more would come from the server. */
export function isListingComplete<Item>(data: ItemListing<Item>): boolean {
  return !isPaged(data) || (data.pages.at(-1)?.nextCursor ?? null) === null;
}

/** Every loaded item, page after page. */
export function listingItems<Item>(data: ItemListing<Item> | undefined): Item[] {
  return data ? pagesOf(data).flatMap((page) => page.items) : [];
}

function addToTotal<Item>(pages: ItemPage<Item>[], delta: number): ItemPage<Item>[] {
  const [first, ...rest] = pages;
  if (!first || delta === 0 || typeof first.total !== 'number') return pages;
  return [{ ...first, total: Math.max(0, first.total + delta) }, ...rest];
}

/** The listings cached under a key prefix, with data of a listing's shape. */
function findListings<Item>(
  queryClient: QueryClient,
  queryKey: QueryKey,
): { queryKey: QueryKey; data: ItemListing<Item> }[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .flatMap((query) => {
      const data = query.state.data;
      return isListing<Item>(data) ? [{ queryKey: query.queryKey, data }] : [];
    });
}

/**
 * Marks queries out of date without refetching them, not even the ones on screen: each is refreshed
 * the next time it is shown (mounted again, window focus), never as a burst right after a change.
 */
export function markQueriesStale(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  return queryClient.invalidateQueries({ ...filters, refetchType: 'none' });
}

/** Applies a change to matching items wherever they are cached under `queryKey`; nothing moves. */
export function patchCachedItems<Item extends CachedItem>(
  queryClient: QueryClient,
  options: { queryKey: QueryKey; isMatch: (item: Item) => boolean; update: (item: Item) => Item },
): void {
  for (const query of findListings<Item>(queryClient, options.queryKey)) {
    const { data } = query;
    let isChanged = false;
    const pages = pagesOf(data).map((page) => {
      if (!page.items.some(options.isMatch)) return page;
      isChanged = true;
      return {
        ...page,
        items: page.items.map((item) => (options.isMatch(item) ? options.update(item) : item)),
      };
    });
    if (isChanged) queryClient.setQueryData(query.queryKey, withPages(data, pages));
  }
}

/**
 * Takes items out of every listing cached under `queryKey`, lowering each listing's total by the items
 * it had loaded. Answers the keys of the listings that may hold more of them beyond their loaded pages.
 */
export function removeCachedItems<Item extends CachedItem>(
  queryClient: QueryClient,
  options: { queryKey: QueryKey; ids: Iterable<string> },
): QueryKey[] {
  const ids = new Set(options.ids);
  const incomplete: QueryKey[] = [];
  for (const query of findListings<Item>(queryClient, options.queryKey)) {
    const { data } = query;
    let removed = 0;
    const pages = pagesOf(data).map((page) => {
      const items = page.items.filter((item) => !ids.has(item.id));
      removed += page.items.length - items.length;
      return items.length === page.items.length ? page : { ...page, items };
    });
    if (removed > 0) queryClient.setQueryData(query.queryKey, withPages(data, addToTotal(pages, -removed)));
    if (!isListingComplete(data)) incomplete.push(query.queryKey);
  }
  return incomplete;
}

/** Puts the item at its sorted place among the loaded pages; past the last loaded one it is left for the next page. */
function insertSorted<Item>(
  pages: ItemPage<Item>[],
  item: Item,
  compare: (a: Item, b: Item) => number,
  isComplete: boolean,
): ItemPage<Item>[] {
  for (const [pageIndex, page] of pages.entries()) {
    const at = page.items.findIndex((existing) => compare(item, existing) < 0);
    if (at < 0) continue;
    const items = [...page.items.slice(0, at), item, ...page.items.slice(at)];
    return pages.map((entry, index) => (index === pageIndex ? { ...entry, items } : entry));
  }
  const last = pages.at(-1);
  if (!isComplete || !last) return pages;
  return [...pages.slice(0, -1), { ...last, items: [...last.items, item] }];
}

export interface PlaceCachedItemOptions<Item> {
  /** The prefix of every listing key the item may be shown under. */
  queryKey: QueryKey;
  /** The item as it is now. */
  item: Item;
  /**
   * The item as the cache had it before the change, to tell whether a listing counted it in its total
   * without having loaded it. Leave it out for an item known to be new (`isNew`) or when it is unknown.
   */
  previous?: Item | undefined;
  /** A new item: no listing held it before. */
  isNew?: boolean;
  rules: ListingRules<Item>;
}

/**
 * Puts a changed (or new) item where each cached listing would now show it: patched in place, moved to
 * its sorted place, added, or taken out, with each listing's total adjusted. A listing whose rules
 * cannot decide keeps the item patched in place and is only marked stale. Answers the keys of the
 * listings it marked stale.
 */
export function placeCachedItem<Item extends CachedItem>(
  queryClient: QueryClient,
  { queryKey, item, previous, isNew = false, rules }: PlaceCachedItemOptions<Item>,
): QueryKey[] {
  const stale: QueryKey[] = [];
  for (const query of findListings<Item>(queryClient, queryKey)) {
    const { data } = query;
    const pages = pagesOf(data);
    const isLoaded = pages.some((page) => page.items.some((entry) => entry.id === item.id));
    const isIn = rules.isInListing(item, query.queryKey);
    if (isIn === undefined) {
      stale.push(query.queryKey);
      if (isLoaded) {
        const patched = pages.map((page) => ({
          ...page,
          items: page.items.map((entry) => (entry.id === item.id ? item : entry)),
        }));
        queryClient.setQueryData(query.queryKey, withPages(data, patched));
      }
      continue;
    }
    const isComplete = isListingComplete(data);
    let wasIn: boolean | undefined;
    if (isLoaded || isNew || isComplete) wasIn = isLoaded;
    else if (previous) wasIn = rules.isInListing(previous, query.queryKey);
    if (!isLoaded && !isIn) {
      // Nothing loaded to change; a total that may have counted it is all that can be off.
      if (wasIn === undefined) stale.push(query.queryKey);
      else if (wasIn) queryClient.setQueryData(query.queryKey, withPages(data, addToTotal(pages, -1)));
      continue;
    }
    let next = pages.map((page) =>
      page.items.some((entry) => entry.id === item.id)
        ? { ...page, items: page.items.filter((entry) => entry.id !== item.id) }
        : page,
    );
    if (isIn) next = insertSorted(next, item, rules.compare(query.queryKey), isComplete);
    if (wasIn === undefined) stale.push(query.queryKey);
    else next = addToTotal(next, Number(isIn) - Number(wasIn));
    queryClient.setQueryData(query.queryKey, withPages(data, next));
  }
  for (const key of stale) void markQueriesStale(queryClient, { queryKey: key, exact: true });
  return stale;
}
