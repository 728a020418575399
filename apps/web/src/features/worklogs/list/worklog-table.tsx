import type { CreateWorklogBody, Worklog } from '@cairn/contracts/worklogs';
import {
  ExternalLinkIcon,
  GitPullRequestIcon,
  PencilIcon,
  Trash2Icon,
  TriangleAlertIcon,
} from 'lucide-react';
import { memo, type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useWindowedList } from '../../../lib/use-windowed-list';
import { entryTitle, timeRangeOf } from '../shared/entry-labels';
import { categoryLabel, type WorklogLookups } from '../shared/use-worklog-lookups';
import { WorklogEntryForm } from '../shared/worklog-entry-form';
import { formatShortDay } from '../utils/calendar-days';
import { formatClock, formatDecimalClock } from '../utils/durations';
import { draftFromWorklog } from '../utils/worklog-draft';

interface WorklogTableProps {
  entries: readonly Worklog[];
  lookups: WorklogLookups;
  selectedIds: ReadonlySet<string>;
  onSelectionChange: (ids: ReadonlySet<string>) => void;
  editingId: string | undefined;
  onEditingChange: (worklogId: string | undefined) => void;
  onSave: (worklog: Worklog, body: CreateWorklogBody) => Promise<unknown>;
  onDelete: (worklog: Worklog) => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  isLoadMoreError: boolean;
  onLoadMore: () => void;
}

const ESTIMATED_ROW_HEIGHT = 53;

/**
 * Only the entries near the viewport in the page, with spacers standing in for the rest (rows of a
 * table cannot be positioned one by one), so months of entries scroll like a week's; scrolling near
 * the end asks for the next page.
 */
function useVisibleRows(options: {
  entries: readonly Worklog[];
  hasMore: boolean;
  isLoadingMore: boolean;
  isLoadMoreError: boolean;
  onLoadMore: () => void;
}) {
  const { entries, hasMore, isLoadingMore, isLoadMoreError, onLoadMore } = options;
  const { containerRef, virtualizer, items, offsetOf } = useWindowedList<HTMLElement, Worklog>({
    rows: entries,
    keyOf: (entry) => entry.id,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    hasMore,
    isLoadingMore,
    isLoadMoreError,
    onLoadMore,
  });
  const first = items[0];
  const last = items.at(-1);
  return {
    containerRef,
    items,
    measureElement: virtualizer.measureElement,
    /** Where the first rendered row starts and how much lies below the last, from the list's top. */
    paddingTop: first ? offsetOf(first) : 0,
    paddingBottom: last ? virtualizer.getTotalSize() - offsetOf({ start: last.end }) : 0,
  };
}

const checkboxClassName = 'size-4 cursor-pointer accent-primary';

function Links({ worklog }: { worklog: Worklog }) {
  if (!worklog.taskUrl && !worklog.pullRequestUrl) return null;
  const linkClassName =
    'inline-flex items-center gap-1 rounded-sm text-xs text-muted-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <span className="flex flex-wrap gap-x-2">
      {worklog.taskUrl && (
        <a href={worklog.taskUrl} target="_blank" rel="noreferrer noopener" className={linkClassName}>
          <ExternalLinkIcon className="size-3" aria-hidden />
          {worklog.taskName || 'Task'}
        </a>
      )}
      {worklog.pullRequestUrl && (
        <a href={worklog.pullRequestUrl} target="_blank" rel="noreferrer noopener" className={linkClassName}>
          <GitPullRequestIcon className="size-3" aria-hidden />
          Pull request
        </a>
      )}
    </span>
  );
}

function OverlapFlag({ worklog }: { worklog: Worklog }) {
  if (worklog.overlapsWith.length === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
      <TriangleAlertIcon className="size-3.5" aria-hidden />
      Overlaps
    </span>
  );
}

interface RowProps {
  worklog: Worklog;
  lookups: WorklogLookups;
  isSelected: boolean;
  isEditing: boolean;
  onToggle: (worklogId: string, isChecked: boolean) => void;
  onEditingChange: (worklogId: string | undefined) => void;
  onSave: (worklog: Worklog, body: CreateWorklogBody) => Promise<unknown>;
  onDelete: (worklog: Worklog) => void;
}

function EditForm({ worklog, lookups, onEditingChange, onSave }: RowProps) {
  return (
    <WorklogEntryForm
      lookups={lookups}
      initialDraft={draftFromWorklog(worklog)}
      label={`Edit “${entryTitle(worklog, lookups)}”`}
      submitLabel="Save"
      autoFocus="start"
      onSubmit={(body) => onSave(worklog, body).then(() => onEditingChange(undefined))}
      onCancel={() => onEditingChange(undefined)}
    />
  );
}

function RowActions({ worklog, title, onEditingChange, onDelete }: RowProps & { title: string }) {
  return (
    <div className="flex justify-end gap-0.5">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={() => onEditingChange(worklog.id)}
        aria-label={`Edit “${title}”`}
      >
        <PencilIcon aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={() => onDelete(worklog)}
        aria-label={`Delete “${title}”`}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}

/**
 * One entry as a card, on phones. Memoised, as the table's rows: scrolling renders the list again, and
 * an entry that did not change need not follow.
 */
const WorklogCard = memo(function WorklogCard(props: RowProps & { index: number; measure: MeasureRef }) {
  const { worklog, lookups, isSelected, isEditing, onToggle, index, measure } = props;
  const project = lookups.projectById.get(worklog.projectId);
  const category = worklog.categoryId ? lookups.categoryById.get(worklog.categoryId) : undefined;
  const range = timeRangeOf(worklog);
  const title = entryTitle(worklog, lookups);
  return (
    <li ref={measure} data-index={index} className="p-3" data-testid="worklog-row">
      {isEditing ? (
        <EditForm {...props} />
      ) : (
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            className={cn(checkboxClassName, 'mt-1')}
            checked={isSelected}
            onChange={(event) => onToggle(worklog.id, event.target.checked)}
            aria-label={`Select “${title}”`}
          />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-medium">{formatShortDay(worklog.workDate)}</span>
              <span className="font-semibold tabular-nums">{formatClock(worklog.duration)}</span>
              {range && <span className="text-xs text-muted-foreground tabular-nums">{range}</span>}
            </p>
            <p className={cn('break-words text-sm', !worklog.description && 'text-muted-foreground italic')}>
              {worklog.description || 'No description'}
            </p>
            <p className="text-xs text-muted-foreground">
              {[project?.name, category && categoryLabel(category)].filter(Boolean).join(' · ')}
            </p>
            <Links worklog={worklog} />
            <OverlapFlag worklog={worklog} />
          </div>
          <RowActions {...props} title={title} />
        </div>
      )}
    </li>
  );
});

/** One entry as a table row, on wider screens; memoised like the card. */
const WorklogTableRow = memo(function WorklogTableRow(
  props: RowProps & { index: number; measure: MeasureRef },
) {
  const { worklog, lookups, isSelected, isEditing, onToggle, index, measure } = props;
  if (isEditing) {
    return (
      <tr ref={measure} data-index={index} className="bg-muted/30" data-testid="worklog-row">
        <td colSpan={9} className="px-3 py-3">
          <EditForm {...props} />
        </td>
      </tr>
    );
  }
  const project = lookups.projectById.get(worklog.projectId);
  const category = worklog.categoryId ? lookups.categoryById.get(worklog.categoryId) : undefined;
  const title = entryTitle(worklog, lookups);
  return (
    <tr
      ref={measure}
      data-index={index}
      className={cn('align-top', isSelected && 'bg-accent/40')}
      data-testid="worklog-row"
    >
      <td className="px-3 py-2">
        <input
          type="checkbox"
          className={checkboxClassName}
          checked={isSelected}
          onChange={(event) => onToggle(worklog.id, event.target.checked)}
          aria-label={`Select “${title}”`}
        />
      </td>
      <td className="px-2 py-2 whitespace-nowrap">
        <time dateTime={worklog.workDate}>{formatShortDay(worklog.workDate)}</time>
      </td>
      <td className="px-2 py-2 whitespace-nowrap text-muted-foreground tabular-nums">
        {timeRangeOf(worklog) ?? '—'}
      </td>
      <td className="px-2 py-2 text-right font-medium tabular-nums">{formatClock(worklog.duration)}</td>
      <td className="px-2 py-2 text-right text-muted-foreground tabular-nums">
        {formatDecimalClock(worklog.durationWithBreaks)}
      </td>
      <td className="px-2 py-2">
        <span className="block truncate">{project?.name ?? 'Unknown project'}</span>
        {project?.client && (
          <span className="block truncate text-xs text-muted-foreground">{project.client}</span>
        )}
      </td>
      <td className="px-2 py-2">
        <span className="block truncate">{category ? categoryLabel(category) : '—'}</span>
      </td>
      <td className="px-2 py-2">
        <span className={cn('block break-words', !worklog.description && 'text-muted-foreground italic')}>
          {worklog.description || 'No description'}
        </span>
        <Links worklog={worklog} />
        <OverlapFlag worklog={worklog} />
      </td>
      <td className="px-3 py-1">
        <RowActions {...props} title={title} />
      </td>
    </tr>
  );
});

type MeasureRef = (node: Element | null) => void;

/**
 * The list's entries: a table on wide screens, cards on phones. Each can be chosen for bulk delete,
 * edited in place (the row becomes the entry form) or deleted.
 */
export function WorklogTable({
  entries,
  lookups,
  selectedIds,
  onSelectionChange,
  editingId,
  onEditingChange,
  onSave,
  onDelete,
  hasMore,
  isLoadingMore,
  isLoadMoreError,
  onLoadMore,
}: WorklogTableProps) {
  const isWide = useMediaQuery('(min-width: 768px)');
  const selectAllRef = useRef<HTMLInputElement>(null);
  const selectedShown = entries.filter((entry) => selectedIds.has(entry.id)).length;
  const isAllSelected = entries.length > 0 && selectedShown === entries.length;

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selectedShown > 0 && !isAllSelected;
  }, [selectedShown, isAllSelected]);

  // The rows get callbacks that stay the same for the table's life, calling the latest props, so rows
  // that did not change skip rendering when the selection changes elsewhere or a page arrives.
  const latest = useRef({ selectedIds, onSelectionChange, onSave });
  latest.current = { selectedIds, onSelectionChange, onSave };
  const toggle = useCallback((worklogId: string, isChecked: boolean) => {
    const next = new Set(latest.current.selectedIds);
    if (isChecked) next.add(worklogId);
    else next.delete(worklogId);
    latest.current.onSelectionChange(next);
  }, []);
  const save = useCallback(
    (worklog: Worklog, body: CreateWorklogBody) => latest.current.onSave(worklog, body),
    [],
  );

  const header = isWide ? (
    <thead>
      <tr className="border-b text-left text-xs text-muted-foreground">
        <th scope="col" className="w-10 px-3 py-2">
          <input
            ref={selectAllRef}
            type="checkbox"
            className={checkboxClassName}
            checked={isAllSelected}
            onChange={(event) =>
              onSelectionChange(event.target.checked ? new Set(entries.map((entry) => entry.id)) : new Set())
            }
            aria-label="Select every entry shown"
          />
        </th>
        <th scope="col" className="px-2 py-2 font-medium">
          Date
        </th>
        <th scope="col" className="px-2 py-2 font-medium">
          Time
        </th>
        <th scope="col" className="px-2 py-2 text-right font-medium">
          Duration
        </th>
        <th scope="col" className="px-2 py-2 text-right font-medium">
          With breaks
        </th>
        <th scope="col" className="px-2 py-2 font-medium">
          Project
        </th>
        <th scope="col" className="px-2 py-2 font-medium">
          Category
        </th>
        <th scope="col" className="px-2 py-2 font-medium">
          Description
        </th>
        <th scope="col" className="px-3 py-2 text-right font-medium">
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  ) : null;

  return (
    <VirtualWorklogs
      entries={entries}
      lookups={lookups}
      selectedIds={selectedIds}
      editingId={editingId}
      isWide={isWide}
      header={header}
      onToggle={toggle}
      onEditingChange={onEditingChange}
      onSave={save}
      onDelete={onDelete}
      hasMore={hasMore}
      isLoadingMore={isLoadingMore}
      isLoadMoreError={isLoadMoreError}
      onLoadMore={onLoadMore}
    />
  );
}

/**
 * The rows near the viewport. Scrolling renders only this part (the table's header and selection stay
 * as they were), and of it only the rows that came into view.
 */
function VirtualWorklogs({
  entries,
  lookups,
  selectedIds,
  editingId,
  isWide,
  header,
  onToggle,
  onEditingChange,
  onSave,
  onDelete,
  hasMore,
  isLoadingMore,
  isLoadMoreError,
  onLoadMore,
}: Omit<RowProps, 'worklog' | 'isSelected' | 'isEditing'> & {
  entries: readonly Worklog[];
  selectedIds: ReadonlySet<string>;
  editingId: string | undefined;
  isWide: boolean;
  header: ReactNode;
  hasMore: boolean;
  isLoadingMore: boolean;
  isLoadMoreError: boolean;
  onLoadMore: () => void;
}) {
  const rows = useVisibleRows({
    entries,
    hasMore,
    isLoadingMore,
    isLoadMoreError,
    onLoadMore,
  });
  const Row = isWide ? WorklogTableRow : WorklogCard;
  const shown = rows.items.map(({ index }) => {
    const worklog = entries[index];
    if (!worklog) return null;
    return (
      <Row
        key={worklog.id}
        index={index}
        measure={rows.measureElement}
        worklog={worklog}
        lookups={lookups}
        isSelected={selectedIds.has(worklog.id)}
        isEditing={editingId === worklog.id}
        onToggle={onToggle}
        onEditingChange={onEditingChange}
        onSave={onSave}
        onDelete={onDelete}
      />
    );
  });

  if (!isWide) {
    return (
      <ul
        ref={(node) => {
          rows.containerRef.current = node;
        }}
        aria-label="Entries"
        className="divide-y rounded-xl border bg-card"
      >
        {rows.paddingTop > 0 && <li aria-hidden style={{ height: rows.paddingTop }} />}
        {shown}
        {rows.paddingBottom > 0 && <li aria-hidden style={{ height: rows.paddingBottom }} />}
      </ul>
    );
  }

  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table
        ref={(node) => {
          rows.containerRef.current = node;
        }}
        // Fixed widths: in an automatic layout the columns followed the rows in the page. A row with a
        // long project name widened its column and rewrapped the descriptions; the new row heights
        // moved the scroll and the rows in the page, and at the end of a long list that never settled.
        className="w-full min-w-[54rem] table-fixed text-sm"
      >
        <caption className="sr-only">Work log entries</caption>
        <colgroup>
          <col className="w-10" />
          <col className="w-[6.5rem]" />
          <col className="w-[6.5rem]" />
          <col className="w-[4.5rem]" />
          <col className="w-20" />
          <col className="w-32" />
          <col className="w-32" />
          <col />
          <col className="w-24" />
        </colgroup>
        {header}
        <tbody className="divide-y">
          {rows.paddingTop > 0 && <tr aria-hidden style={{ height: rows.paddingTop }} />}
          {shown}
          {rows.paddingBottom > 0 && <tr aria-hidden style={{ height: rows.paddingBottom }} />}
        </tbody>
      </table>
    </div>
  );
}
