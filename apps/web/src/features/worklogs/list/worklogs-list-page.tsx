import type { Worklog } from '@cairn/contracts/worklogs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DownloadIcon, FolderCogIcon, SearchXIcon, TableIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMoreStatus } from '../../../components/ui/load-more-status';
import { cn } from '../../../lib/cn';
import { useTimeZone } from '../../../lib/time-zone';
import { useBulkDeleteWorklogsMutation } from '../api/bulk-delete-worklogs';
import { useDeleteWorklogMutation } from '../api/delete-worklog';
import type { SessionFetch } from '../api/export-worklogs';
import { worklogListInfiniteQueryOptions } from '../api/get-worklogs';
import { useUpdateWorklogMutation } from '../api/update-worklog';
import { ExportDialog } from '../export/export-dialog';
import { ProjectsCategoriesDialog } from '../manage/projects-categories-dialog';
import { WorklogReports } from '../reports/worklog-reports';
import { entryTitle } from '../shared/entry-labels';
import { useWorklogLookups } from '../shared/use-worklog-lookups';
import { WorklogEmptyState, WorklogViewState } from '../shared/worklog-view-state';
import { WorklogsNav } from '../shared/worklogs-nav';
import { formatDay } from '../utils/calendar-days';
import { formatClock, formatDecimalClock } from '../utils/durations';
import { zonedToday } from '../utils/today';
import { hasWorklogFilters, type WorklogListSearch, worklogFiltersOf } from '../utils/worklogs-search';
import { WorklogFilters } from './worklog-filters';
import { WorklogTable } from './worklog-table';

export interface WorklogListSearchChangeOptions {
  /** Filters replace the history entry; switching tabs adds one. */
  replace?: boolean;
}

interface WorklogsListPageProps {
  search: WorklogListSearch;
  onSearchChange: (patch: Partial<WorklogListSearch>, options?: WorklogListSearchChangeOptions) => void;
  fetchWithSession: SessionFetch;
}

/** The list of entries (filters, totals, edit in place, bulk delete, CSV export) and the reports. */
export function WorklogsListPage({ search, onSearchChange, fetchWithSession }: WorklogsListPageProps) {
  const timeZone = useTimeZone();
  const today = zonedToday(timeZone);
  const { lookups, isPending, isError, refetch } = useWorklogLookups();
  const [isManageOpen, setIsManageOpen] = useState(false);
  const [isExportOpen, setIsExportOpen] = useState(false);
  const isReports = search.tab === 'reports';

  let body: ReactNode;
  if (isPending) body = <WorklogViewState kind="loading" title="Loading your projects" />;
  else if (isError || !lookups)
    body = <WorklogViewState kind="error" title="Your projects could not be loaded" onRetry={refetch} />;
  else if (isReports)
    body = (
      <WorklogReports
        lookups={lookups}
        today={today}
        from={search.from}
        to={search.to}
        projectId={search.projectId}
        onChange={(patch) => onSearchChange(patch, { replace: true })}
      />
    );
  else
    body = (
      <EntriesTab
        search={search}
        lookups={lookups}
        onFiltersChange={(patch) => onSearchChange(patch, { replace: true })}
      />
    );

  return (
    <div className="grid min-w-0 gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">Work log</h1>
          <p className="text-sm text-muted-foreground">
            {isReports
              ? 'Where the time went, per day and per project.'
              : 'Every entry, filtered, edited and exported.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            className="sm:h-10 sm:px-4"
            onClick={() => setIsManageOpen(true)}
          >
            <FolderCogIcon aria-hidden />
            Projects and categories
          </Button>
          {lookups && lookups.projects.length > 0 && (
            <Button size="sm" className="sm:h-10 sm:px-4" onClick={() => setIsExportOpen(true)}>
              <DownloadIcon aria-hidden />
              Export CSV
            </Button>
          )}
        </div>
      </header>
      <WorklogsNav current={isReports ? 'reports' : 'list'} listSearch={search} />
      {body}
      <ProjectsCategoriesDialog isOpen={isManageOpen} onOpenChange={setIsManageOpen} />
      {lookups && lookups.projects.length > 0 && (
        <ExportDialog
          isOpen={isExportOpen}
          onOpenChange={setIsExportOpen}
          lookups={lookups}
          today={today}
          defaults={{ projectId: search.projectId, from: search.from, to: search.to }}
          fetchWithSession={fetchWithSession}
        />
      )}
    </div>
  );
}

function EntriesTab({
  search,
  lookups,
  onFiltersChange,
}: {
  search: WorklogListSearch;
  lookups: NonNullable<ReturnType<typeof useWorklogLookups>['lookups']>;
  onFiltersChange: (patch: Partial<WorklogListSearch>) => void;
}) {
  const filters = useMemo(() => worklogFiltersOf(search), [search]);
  const list = useInfiniteQuery(worklogListInfiniteQueryOptions(filters));
  const update = useUpdateWorklogMutation();
  const remove = useDeleteWorklogMutation();
  const bulkDelete = useBulkDeleteWorklogsMutation();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [editingId, setEditingId] = useState<string>();
  const [deleting, setDeleting] = useState<Worklog>();
  const [isConfirmingBulk, setIsConfirmingBulk] = useState(false);

  const entries = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const totals = list.data?.pages[0]?.totals;
  // Only what is shown can stay chosen: a filter change leaves the rest out.
  const chosen = entries.filter((entry) => selectedIds.has(entry.id));
  const isFiltered = hasWorklogFilters(filters);

  let content: ReactNode;
  if (list.isPending) content = <WorklogViewState kind="loading" title="Loading your entries" />;
  else if (list.isError && !list.data)
    content = (
      <WorklogViewState
        kind="error"
        title="Your entries could not be loaded"
        onRetry={() => void list.refetch()}
      />
    );
  else if (entries.length === 0)
    content = isFiltered ? (
      <WorklogEmptyState icon={<SearchXIcon aria-hidden />} title="No entries match">
        Change or clear the filters to see more.
      </WorklogEmptyState>
    ) : (
      <WorklogEmptyState icon={<TableIcon aria-hidden />} title="No entries yet">
        Add time on the week view or with the timer in the header, and it is listed here.
      </WorklogEmptyState>
    );
  else
    content = (
      <div
        className={cn('grid gap-3 transition-opacity', list.isPlaceholderData && 'opacity-60')}
        aria-busy={list.isPlaceholderData}
      >
        <WorklogTable
          entries={entries}
          lookups={lookups}
          selectedIds={selectedIds}
          onSelectionChange={setSelectedIds}
          editingId={editingId}
          onEditingChange={setEditingId}
          onSave={(worklog, body) => update.mutateAsync({ worklogId: worklog.id, body })}
          onDelete={setDeleting}
          hasMore={list.hasNextPage}
          isLoadingMore={list.isFetchingNextPage}
          isLoadMoreError={list.isFetchNextPageError}
          onLoadMore={loadMore}
        />
        <LoadMoreStatus
          noun="entries"
          hasMore={list.hasNextPage}
          isLoadingMore={list.isFetchingNextPage}
          isLoadMoreError={list.isFetchNextPageError}
          onRetry={loadMore}
          className="justify-center"
        />
      </div>
    );

  return (
    <div className="grid gap-4">
      <WorklogFilters filters={filters} lookups={lookups} onChange={onFiltersChange} />
      <div className="flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2" aria-live="polite">
        {chosen.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2 rounded-lg bg-accent px-3 py-1 text-sm text-accent-foreground">
            <span className="font-medium">{chosen.length} selected</span>
            <Button variant="destructive" size="sm" onClick={() => setIsConfirmingBulk(true)}>
              <Trash2Icon aria-hidden />
              Delete
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSelectedIds(new Set())}>
              <XIcon aria-hidden />
              Clear selection
            </Button>
          </div>
        ) : (
          totals && (
            <p className="text-sm tabular-nums" data-testid="worklog-list-totals">
              {totals.count} {totals.count === 1 ? 'entry' : 'entries'} ·{' '}
              <span className="font-semibold">{formatClock(totals.duration)}</span>
              <span className="text-muted-foreground">
                {' '}
                · {formatDecimalClock(totals.durationWithBreaks)} with breaks
              </span>
            </p>
          )
        )}
      </div>
      {content}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete this entry?"
        description={
          deleting
            ? `“${entryTitle(deleting, lookups)}”, ${formatClock(deleting.duration)} on ${formatDay(deleting.workDate)}, will be deleted. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
      <ConfirmDialog
        isOpen={isConfirmingBulk}
        onOpenChange={setIsConfirmingBulk}
        title={`Delete ${chosen.length} ${chosen.length === 1 ? 'entry' : 'entries'}?`}
        description={`${formatClock(chosen.reduce((sum, entry) => sum + entry.duration, 0))} of logged time will be deleted. This cannot be undone.`}
        confirmLabel={`Delete ${chosen.length}`}
        onConfirm={() => {
          const ids = chosen.map((entry) => entry.id);
          bulkDelete.mutate(ids, { onSuccess: () => setSelectedIds(new Set()) });
        }}
      />
    </div>
  );
}
