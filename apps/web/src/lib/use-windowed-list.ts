import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDeferredRows } from './use-deferred-rows';

/** Load the next page when the user is this many rows from the end of what is loaded. */
const PREFETCH_ROWS = 30;

interface WindowedListOptions {
  count: number;
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string | number;
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
export function useWindowedList<Container extends HTMLElement>({
  count,
  estimateSize,
  getItemKey,
  hasMore,
  isLoadingMore,
  isLoadMoreError = false,
  onLoadMore,
  // A few rows past each edge: enough that a wheel turn shows no blank rows, few enough that each
  // scroll renders little more than what comes into view.
  overscan = 6,
}: WindowedListOptions) {
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

  const virtualizer = useWindowVirtualizer({ count, estimateSize, overscan, scrollMargin, getItemKey });
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
