import type { Tracker, TrackerLog, UpdateTrackerLogBody } from '@cairn/contracts/trackers';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { LoaderCircleIcon } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { TrackerLogRow } from './tracker-log-row';

/** Load the next page when the user is this many rows from the end of what is loaded. */
const PREFETCH_ROWS = 30;
const ESTIMATED_ROW_HEIGHT = 57;

interface TrackerLogListProps {
  logs: readonly TrackerLog[];
  trackerById: ReadonlyMap<string, Tracker>;
  currencyCodes: ReadonlyMap<string, string>;
  timeZone: string;
  editingId: string | undefined;
  onEditingChange: (logId: string | undefined) => void;
  onSave: (logId: string, body: UpdateTrackerLogBody) => Promise<unknown>;
  onDelete: (log: TrackerLog) => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  isLoadMoreError: boolean;
  onLoadMore: () => void;
}

/**
 * The logs with only those near the viewport in the page, so years of logs scroll like a week's;
 * scrolling near the end loads the next page.
 */
export function TrackerLogList({
  logs,
  trackerById,
  currencyCodes,
  timeZone,
  editingId,
  onEditingChange,
  onSave,
  onDelete,
  hasMore,
  isLoadingMore,
  isLoadMoreError,
  onLoadMore,
}: TrackerLogListProps) {
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
    count: logs.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    getItemKey: (index) => logs[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !isLoadingMore && !isLoadMoreError && lastIndex >= logs.length - PREFETCH_ROWS)
      onLoadMore();
  }, [hasMore, isLoadingMore, isLoadMoreError, lastIndex, logs.length, onLoadMore]);

  return (
    <div className="rounded-xl border bg-card">
      <ul
        ref={listRef}
        aria-label="Logs"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const log = logs[item.index];
          if (!log) return null;
          const tracker = trackerById.get(log.trackerId);
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={cn('absolute top-0 left-0 w-full', item.index < logs.length - 1 && 'border-b')}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <MemoisedRow
                log={log}
                tracker={tracker}
                currencyCode={tracker?.currencyId ? currencyCodes.get(tracker.currencyId) : undefined}
                timeZone={timeZone}
                isEditing={editingId === log.id}
                onEditingChange={onEditingChange}
                onSave={onSave}
                onDelete={onDelete}
              />
            </li>
          );
        })}
      </ul>
      {isLoadMoreError ? (
        <div role="alert" className="flex items-center justify-between gap-2 border-t px-3 py-2 text-sm">
          <span className="text-destructive">Could not load more logs.</span>
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
            Loading more logs…
          </p>
        )
      )}
    </div>
  );
}

/** A row that renders again only when its own log, tracker or editing state changes. */
const MemoisedRow = memo(function MemoisedRow({
  log,
  onEditingChange,
  onSave,
  onDelete,
  ...props
}: {
  log: TrackerLog;
  tracker: Tracker | undefined;
  currencyCode: string | undefined;
  timeZone: string;
  isEditing: boolean;
  onEditingChange: (logId: string | undefined) => void;
  onSave: (logId: string, body: UpdateTrackerLogBody) => Promise<unknown>;
  onDelete: (log: TrackerLog) => void;
}) {
  return (
    <TrackerLogRow
      {...props}
      log={log}
      onEditingChange={(isEditing) => onEditingChange(isEditing ? log.id : undefined)}
      onSave={(body) => onSave(log.id, body)}
      onDelete={() => onDelete(log)}
    />
  );
});
