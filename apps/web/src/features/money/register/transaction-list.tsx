import type { MoneyTransaction } from '@cairn/contracts/money';
import { LoadMoreStatus } from '../../../components/ui/load-more-status';
import { cn } from '../../../lib/cn';
import { useWindowedList } from '../../../lib/use-windowed-list';
import { type RegisterLabels, TransactionRow } from './transaction-row';

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
  const { containerRef, virtualizer, items, offsetOf } = useWindowedList<HTMLUListElement, MoneyTransaction>({
    rows: transactions,
    keyOf: (transaction) => transaction.id,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    hasMore,
    isLoadingMore,
    isLoadMoreError,
    onLoadMore,
  });

  return (
    <div className="rounded-xl border bg-card">
      <ul
        ref={containerRef}
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
              style={{ transform: `translateY(${offsetOf(item)}px)` }}
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
      <LoadMoreStatus
        noun="transactions"
        hasMore={hasMore}
        isLoadingMore={isLoadingMore}
        isLoadMoreError={isLoadMoreError}
        onRetry={onLoadMore}
        className="border-t px-3 py-2"
      />
    </div>
  );
}
