import type { Tracker, TrackerLog, UpdateTrackerLogBody } from '@cairn/contracts/trackers';
import { memo } from 'react';
import { LoadMoreStatus } from '../../../components/ui/load-more-status';
import { cn } from '../../../lib/cn';
import { useWindowedList } from '../../../lib/use-windowed-list';
import { TrackerLogRow } from './tracker-log-row';

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
  const { containerRef, virtualizer, items, offsetOf } = useWindowedList<HTMLUListElement, TrackerLog>({
    rows: logs,
    keyOf: (log) => log.id,
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
              style={{ transform: `translateY(${offsetOf(item)}px)` }}
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
      <LoadMoreStatus
        noun="logs"
        hasMore={hasMore}
        isLoadingMore={isLoadingMore}
        isLoadMoreError={isLoadMoreError}
        onRetry={onLoadMore}
        className="border-t px-3 py-2"
      />
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
