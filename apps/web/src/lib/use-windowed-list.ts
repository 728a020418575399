import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDeferredRows } from './use-deferred-rows';

/** Load the next page when the user is this many rows from the end of what is loaded. */
const PREFETCH_ROWS = 30;

interface WindowedListOptions<Row> {
  /** Every loaded row, in order; a new array only when the rows change (memoise it). */
  rows: readonly Row[];
  /** A row's stable identity, so a row keeps its measured height and its element as pages come in. */
  keyOf: (row: Row) => string | number;
  /** A row's height before it is measured. */
  estimateSize: (row: Row) => number;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** While the last page failed, wait for the user's retry instead of asking again on every scroll. */
  isLoadMoreError?: boolean;
  onLoadMore: () => void;
  overscan?: number;
}

/**
 * A long paged list that scrolls with the window: only the rows near the viewport are in the page, so
 * years of rows scroll like a week's, and scrolling near the end asks for the next page. Attach
 * `containerRef` to the element the rows are laid out in; row offsets are relative to its top.
 */
export function useWindowedList<Container extends HTMLElement, Row>({
  rows,
  keyOf,
  estimateSize,
  hasMore,
  isLoadingMore,
  isLoadMoreError = false,
  onLoadMore,
  // A few rows past each edge: enough that a wheel turn shows no blank rows, few enough that each
  // scroll renders little more than what comes into view.
  overscan = 6,
}: WindowedListOptions<Row>) {
  const containerRef = useRef<Container>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (containerRef.current)
        setScrollMargin(containerRef.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    // Content above the list (filters, banners) can grow or shrink; the list's offset moves with it.
    const observer = new ResizeObserver(measure);
    if (containerRef.current?.parentElement) observer.observe(containerRef.current.parentElement);
    return () => observer.disconnect();
  }, []);

  // The virtualizer works out every loaded row's place again whenever its key function changes. Made
  // afresh on each render, that happened on every scroll event, and grew with every page: 2.4 s of a
  // minute's scroll through a register of 30,000 transactions. These change only with the rows; the
  // callers' functions are read at call time, so they may be made afresh on every render.
  const latest = useRef({ keyOf, estimateSize });
  latest.current = { keyOf, estimateSize };
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : latest.current.keyOf(row);
    },
    [rows],
  );
  const estimateRowSize = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? 0 : latest.current.estimateSize(row);
    },
    [rows],
  );
  const count = rows.length;
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: estimateRowSize,
    overscan,
    scrollMargin,
    getItemKey,
  });
  const inView = virtualizer.getVirtualItems();
  const lastIndex = inView.at(-1)?.index ?? 0;
  const items = useDeferredRows(inView);

  useEffect(() => {
    if (hasMore && !isLoadingMore && !isLoadMoreError && lastIndex >= count - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, isLoadingMore, isLoadMoreError, lastIndex, count, onLoadMore]);

  return {
    containerRef,
    virtualizer,
    items,
    /** A row's offset from the top of the container. */
    offsetOf: (item: { start: number }) => item.start - scrollMargin,
  };
}
