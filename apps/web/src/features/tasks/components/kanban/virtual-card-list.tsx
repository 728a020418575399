import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { LoaderCircleIcon } from 'lucide-react';
import {
  type CSSProperties,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { useDeferredRows } from '../../../../lib/use-deferred-rows';

/** Load the next page when the last card in the page is this close to the end of what is loaded. */
const PREFETCH_CARDS = 8;

/** Where a card sits in its list: put `ref` and `style` on the card's `<li>`. */
export interface VirtualCardSlot {
  index: number;
  ref: (element: Element | null) => void;
  style: CSSProperties;
}

/** Whether two renders put a card at the same place, so a memoised card can skip rendering again. */
export function isSameSlot(before: VirtualCardSlot, after: VirtualCardSlot): boolean {
  return (
    before.index === after.index &&
    before.ref === after.ref &&
    before.style.top === after.style.top &&
    before.style.position === after.style.position
  );
}

interface VirtualCardListProps<Item extends { id: string }> {
  items: readonly Item[];
  renderCard: (item: Item, slot: VirtualCardSlot) => ReactNode;
  /** The card being dragged stays in the page even when scrolled out of view, so the drag keeps its node. */
  keepMountedId?: string | null;
  estimateCardHeight: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  isLoadMoreError: boolean;
  onLoadMore: () => void;
  /** The `<ul>`: a drop target, labelled by its column or cell. */
  listRef?: Ref<HTMLUListElement>;
  listLabelledBy?: string;
  /** Shown as the list's only item when it has none. */
  empty?: ReactNode;
  className?: string;
  /** Where the list was scrolled to, by key, so a list rendered anew opens where the last one was. */
  scrollMemory?: { offsets: Map<string, number>; key: string };
}

/**
 * A column's (or cell's) cards with only those near its visible part in the page, so a column of
 * thousands renders like one of ten. Cards may differ in height (each is measured). Scrolling near the
 * end loads the next page; a failed page offers Retry.
 */
export function VirtualCardList<Item extends { id: string }>({
  items,
  renderCard,
  keepMountedId,
  estimateCardHeight,
  hasMore,
  isLoadingMore,
  isLoadMoreError,
  onLoadMore,
  listRef,
  listLabelledBy,
  empty,
  className,
  scrollMemory,
}: VirtualCardListProps<Item>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialOffset = scrollMemory?.offsets.get(scrollMemory.key) ?? 0;
  const keptIndex = keepMountedId ? items.findIndex((item) => item.id === keepMountedId) : -1;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (keptIndex < 0 || indexes.includes(keptIndex)) return indexes;
      return [...indexes, keptIndex].sort((first, second) => first - second);
    },
    [keptIndex],
  );
  // New only with the cards: the virtualizer works out every card's place again when it changes.
  const getItemKey = useCallback((index: number) => items[index]?.id ?? index, [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateCardHeight,
    // A few cards past each edge: enough for a smooth wheel scroll, few enough that opening a board of
    // many columns renders little more than what shows.
    overscan: 2,
    getItemKey,
    rangeExtractor,
    initialOffset,
  });

  // Back where the last list of this key was, and remembered for the next one.
  const rememberOffset = useRef(() => {});
  rememberOffset.current = () => scrollMemory?.offsets.set(scrollMemory.key, virtualizer.scrollOffset ?? 0);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && initialOffset > 0) element.scrollTop = initialOffset;
    return () => rememberOffset.current();
  }, [initialOffset]);
  const inView = virtualizer.getVirtualItems();
  const lastIndex = inView.at(-1)?.index ?? -1;
  const virtualItems = useDeferredRows(inView);

  useEffect(() => {
    if (hasMore && !isLoadingMore && !isLoadMoreError && lastIndex >= items.length - PREFETCH_CARDS) {
      onLoadMore();
    }
  }, [hasMore, isLoadingMore, isLoadMoreError, lastIndex, items.length, onLoadMore]);

  return (
    <div ref={scrollRef} className={cn('-mx-1 overflow-y-auto overscroll-contain px-1', className)}>
      <ul
        ref={listRef}
        aria-labelledby={listLabelledBy}
        className="relative min-h-16"
        style={{ height: items.length > 0 ? virtualizer.getTotalSize() : undefined }}
      >
        {virtualItems.map((virtual) => {
          const item = items[virtual.index];
          if (!item) return null;
          return renderCard(item, {
            index: virtual.index,
            ref: virtualizer.measureElement,
            style: { position: 'absolute', top: virtual.start, left: 0, width: '100%' },
          });
        })}
        {items.length === 0 && empty}
      </ul>
      {isLoadMoreError ? (
        <div role="alert" className="flex items-center justify-between gap-2 px-1 py-2 text-xs">
          <span className="text-destructive">Could not load more cards.</span>
          <Button variant="outline" size="sm" onClick={onLoadMore}>
            Retry
          </Button>
        </div>
      ) : (
        (hasMore || isLoadingMore) && (
          <p role="status" className="flex items-center gap-1.5 px-1 py-2 text-xs text-muted-foreground">
            <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden />
            Loading more…
          </p>
        )
      )}
    </div>
  );
}
