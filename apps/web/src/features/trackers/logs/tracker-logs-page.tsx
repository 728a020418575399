import type { TrackerLog, UpdateTrackerLogBody } from '@cairn/contracts/trackers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, ScrollTextIcon, SearchXIcon } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { useTimeZone } from '../../../lib/time-zone';
import { useDeleteTrackerLogMutation } from '../api/delete-tracker-log';
import { trackerLogsInfiniteQueryOptions } from '../api/get-tracker-logs';
import { useTrackers } from '../api/get-trackers';
import { useUpdateTrackerLogMutation } from '../api/update-tracker-log';
import { TrackerEmptyState, TrackerViewState } from '../shared/tracker-view-state';
import { useCurrencyCodes } from '../shared/use-currency-codes';
import { formatTrackerValue } from '../utils/format-tracker-value';
import { formatLogDateTime } from '../utils/log-date';
import { type TrackerLogsSearch, trackerLogFiltersOf } from '../utils/tracker-logs-search';
import { TrackerLogFiltersBar } from './tracker-log-filters';
import { TrackerLogList } from './tracker-log-list';

interface TrackerLogsPageProps {
  search: TrackerLogsSearch;
  onSearchChange: (patch: Partial<TrackerLogsSearch>) => void;
}

/** /trackers/logs: every log, newest first, filtered by tracker and days, edited and deleted in place. */
export function TrackerLogsPage({ search, onSearchChange }: TrackerLogsPageProps) {
  const timeZone = useTimeZone();
  const trackers = useTrackers();
  const currencyCodes = useCurrencyCodes();
  const trackerById = useMemo(
    () => new Map((trackers.data ?? []).map((tracker) => [tracker.id, tracker])),
    [trackers.data],
  );
  const trackerIds = useMemo(
    () => (trackers.data ? new Set(trackerById.keys()) : undefined),
    [trackers.data, trackerById],
  );
  const filters = useMemo(() => trackerLogFiltersOf(search, trackerIds), [search, trackerIds]);
  const list = useInfiniteQuery({
    ...trackerLogsInfiniteQueryOptions(filters),
    enabled: trackerIds !== undefined,
  });
  const update = useUpdateTrackerLogMutation();
  const remove = useDeleteTrackerLogMutation();
  const [editingId, setEditingId] = useState<string>();
  const [deleting, setDeleting] = useState<TrackerLog>();
  const logs = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { mutateAsync } = update;
  const save = useCallback(
    (id: string, body: UpdateTrackerLogBody) => mutateAsync({ id, body }),
    [mutateAsync],
  );
  const filteredTracker = filters.trackerId ? trackerById.get(filters.trackerId) : undefined;
  const isFiltered = Object.values(filters).some((value) => value !== undefined);

  let content: ReactNode;
  if (trackers.isPending || (list.isPending && trackerIds !== undefined))
    content = <TrackerViewState kind="loading" title="Loading your logs" />;
  else if (trackers.isError)
    content = (
      <TrackerViewState
        kind="error"
        title="Your trackers could not be loaded"
        onRetry={() => void trackers.refetch()}
      />
    );
  else if (list.isError && !list.data)
    content = (
      <TrackerViewState
        kind="error"
        title="Your logs could not be loaded"
        onRetry={() => void list.refetch()}
      />
    );
  else if (logs.length === 0)
    content = isFiltered ? (
      <TrackerEmptyState icon={<SearchXIcon aria-hidden />} title="No logs match">
        Change or clear the filters to see more.
      </TrackerEmptyState>
    ) : (
      <TrackerEmptyState
        icon={<ScrollTextIcon aria-hidden />}
        title="No logs yet"
        action={
          <Button asChild>
            <Link to="/trackers">Go to your trackers</Link>
          </Button>
        }
      >
        Log a value from a tracker’s quick entry, and it is listed here.
      </TrackerEmptyState>
    );
  else
    content = (
      <div
        className={cn('grid gap-3 transition-opacity', list.isPlaceholderData && 'opacity-60')}
        aria-busy={list.isPlaceholderData}
      >
        <TrackerLogList
          logs={logs}
          trackerById={trackerById}
          currencyCodes={currencyCodes}
          timeZone={timeZone}
          editingId={editingId}
          onEditingChange={setEditingId}
          onSave={save}
          onDelete={setDeleting}
          hasMore={list.hasNextPage}
          isLoadingMore={list.isFetchingNextPage}
          isLoadMoreError={list.isFetchNextPageError}
          onLoadMore={loadMore}
        />
      </div>
    );

  const deletingTracker = deleting ? trackerById.get(deleting.trackerId) : undefined;
  return (
    <div className="grid min-w-0 gap-4">
      <header className="grid gap-1">
        <Link
          to="/trackers"
          className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          Trackers
        </Link>
        <h1 className="text-2xl font-semibold sm:text-3xl">
          {filteredTracker ? `${filteredTracker.name} logs` : 'Tracker logs'}
        </h1>
        <p className="text-sm text-muted-foreground">
          Newest first. Calculated and system values are read-only.
        </p>
      </header>
      <TrackerLogFiltersBar filters={filters} trackers={trackers.data ?? []} onChange={onSearchChange} />
      {content}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        onOpenChange={(isOpen) => !isOpen && setDeleting(undefined)}
        title="Delete this log?"
        description={
          deleting
            ? `${deletingTracker?.name ?? 'The'} value ${
                deletingTracker
                  ? formatTrackerValue(deleting.value, {
                      valueFormat: deletingTracker.valueFormat,
                      currencyCode: deletingTracker.currencyId
                        ? currencyCodes.get(deletingTracker.currencyId)
                        : undefined,
                      unit: deletingTracker.unit,
                    })
                  : deleting.value
              } of ${formatLogDateTime(deleting.logDate, timeZone)} will be deleted. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete log"
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}
