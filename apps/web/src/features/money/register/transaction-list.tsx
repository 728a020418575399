import type { MoneyTransaction } from '@cairn/contracts/money';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { type RegisterLabels, TransactionRow } from './transaction-row';

/** Load the next page when the user is this many rows from the end of what is loaded. */
const PREFETCH_ROWS = 30;
const ESTIMATED_ROW_HEIGHT = 58;

interface TransactionListProps {
  transactions: readonly MoneyTransaction[];
  labels: RegisterLabels;
  isAccountFiltered: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  isLoadMoreError: boolean;
  onLoadMore: () => void;
  onEdit: (transaction: MoneyTransaction) => void;
  onDelete: (transaction: MoneyTransaction) => void;
}

/**
 * The register's rows with only those near the viewport in the page, so years of transactions scroll
 * like a week's; scrolling near the end loads the next page.
 */
export function TransactionList({
  transactions,
  labels,
  isAccountFiltered,
  hasMore,
  isLoadingMore,
  isLoadMoreError,
  onLoadMore,
  onEdit,
  onDelete,
}: TransactionListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (listRef.current) setScrollMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (listRef.current?.parentElement) observer.observe(listRef.current.parentElement);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: transactions.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    getItemKey: (index) => transactions[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !isLoadingMore && !isLoadMoreError && lastIndex >= transactions.length - PREFETCH_ROWS)
      onLoadMore();
  }, [hasMore, isLoadingMore, isLoadMoreError, lastIndex, transactions.length, onLoadMore]);

  return (
    <div className="rounded-xl border bg-card">
      <ul
        ref={listRef}
        aria-label="Transactions"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const transaction = transactions[item.index];
          if (!transaction) return null;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={cn(
                'absolute top-0 left-0 w-full',
                item.index < transactions.length - 1 && 'border-b',
              )}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <TransactionRow
                transaction={transaction}
                labels={labels}
                isAccountFiltered={isAccountFiltered}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            </li>
          );
        })}
      </ul>
      {isLoadMoreError ? (
        <div role="alert" className="flex items-center justify-between gap-2 border-t px-3 py-2 text-sm">
          <span className="text-destructive">Could not load more transactions.</span>
          <Button variant="outline" size="sm" onClick={onLoadMore}>
            Retry
          </Button>
        </div>
      ) : (
        (hasMore || isLoadingMore) && (
          <p
            role="status"
            className="flex items-center justify-center gap-1.5 border-t px-3 py-2 text-xs text-muted-foreground"
          >
            <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden />
            Loading more transactions…
          </p>
        )
      )}
    </div>
  );
}
