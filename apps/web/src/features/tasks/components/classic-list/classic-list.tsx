import { TASK_TITLE_MAX_LENGTH, type Task, taskSorts } from '@cairn/contracts/tasks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  ArrowDownNarrowWideIcon,
  ArrowUpWideNarrowIcon,
  ChevronRightIcon,
  ListChecksIcon,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { NativeSelect } from '../../../../components/ui/native-select';
import { cn } from '../../../../lib/cn';
import { useTimeZone } from '../../../../lib/time-zone';
import { useWindowedList } from '../../../../lib/use-windowed-list';
import { taskManagerConfigQueryOptions } from '../../api/get-task-manager-config';
import { listsQueryOptions } from '../../api/lists/get-lists';
import { useCreateTaskMutation } from '../../api/tasks/create-task';
import { tasksInfiniteQueryOptions } from '../../api/tasks/get-tasks';
import { flattenTaskPages } from '../../api/tasks/task-cache';
import { QuickAddInput } from '../../quick-add/quick-add-input';
import { groupTasks, type TaskRow as Row, toTaskRows } from '../../utils/group-tasks';
import { getNewTaskDefaults } from '../../utils/new-task-defaults';
import {
  type ClassicListSearch,
  hasActiveFilters,
  type TaskGrouping,
  taskGroupings,
  toClassicListParams,
} from '../../utils/task-search';
import { CompleteTaskProvider } from '../complete-task-checkbox';
import { selectClassName } from '../task-filters-bar';
import { TaskScreenHeader } from '../task-screen-header';
import { TaskViewState } from '../task-view-state';
import { BulkActionsBar } from './bulk-actions-bar';
import { TaskRow } from './task-row';

/** The sorts this screen offers; the API's others (by deletion or archiving date) serve the trash and archive. */
const sortLabels: Partial<Record<(typeof taskSorts)[number], string>> = {
  dueDate: 'Due date',
  position: 'Manual order',
  createdAt: 'Date added',
  title: 'Title',
  urgency: 'Urgency',
  importance: 'Importance',
  completedAt: 'Date completed',
};
const offeredSorts = taskSorts.filter((value) => sortLabels[value] !== undefined);
const groupingLabels: Record<TaskGrouping, string> = {
  list: 'By list',
  due: 'By due day',
  none: 'No groups',
};

interface ClassicListProps {
  search: ClassicListSearch;
  onSearchChange: (patch: Partial<ClassicListSearch>) => void;
}

export function ClassicList({ search, onSearchChange }: ClassicListProps) {
  const sort = search.sort ?? 'dueDate';
  const order = search.order ?? 'asc';
  const grouping = search.group ?? 'list';
  const params = toClassicListParams(search);
  const tasksQuery = useInfiniteQuery(tasksInfiniteQueryOptions(params));
  const lists = useQuery(listsQueryOptions());
  const config = useQuery(taskManagerConfigQueryOptions());
  const createTask = useCreateTaskMutation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [isSelecting, setIsSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchorId, setAnchorId] = useState<string | null>(null);
  const isBatchEnabled = config.data?.isBatchEnabled === true;

  // Kept while the pages are: everything below (grouping, the windowed rows' places) is worked out over
  // every loaded task, which after a long scroll is thousands.
  const tasks = useMemo(() => flattenTaskPages(tasksQuery.data), [tasksQuery.data]);
  const tasksById = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const listsById = useMemo(() => new Map((lists.data ?? []).map((list) => [list.id, list])), [lists.data]);
  const timeZone = useTimeZone();
  const rows = useMemo(() => {
    const groups = groupTasks(tasks, {
      by: grouping,
      lists: lists.data ?? [],
      now: new Date(),
      timeZone,
    });
    return toTaskRows(groups, collapsed, { hasHeadings: grouping !== 'none' });
  }, [tasks, grouping, lists.data, collapsed, timeZone]);
  const visibleTasks = useMemo(() => rows.flatMap((row) => (row.type === 'task' ? [row.task] : [])), [rows]);

  // A selection only covers what is still listed.
  useEffect(() => {
    if (!isBatchEnabled) {
      setIsSelecting(false);
      setSelected(new Set());
    }
  }, [isBatchEnabled]);

  function select(task: Task, { shiftKey }: { shiftKey: boolean }) {
    setIsSelecting(true);
    setSelected((current) => {
      const next = new Set(current);
      const anchorAt = anchorId ? visibleTasks.findIndex((entry) => entry.id === anchorId) : -1;
      const at = visibleTasks.findIndex((entry) => entry.id === task.id);
      if (shiftKey && anchorAt >= 0 && at >= 0) {
        const [from, to] = anchorAt < at ? [anchorAt, at] : [at, anchorAt];
        for (const entry of visibleTasks.slice(from, to + 1)) next.add(entry.id);
      } else if (next.has(task.id)) {
        next.delete(task.id);
      } else {
        next.add(task.id);
      }
      return next;
    });
    setAnchorId(task.id);
  }

  // One function for the whole life of the list, calling the latest `select`, so rows that did not
  // change skip rendering while the list scrolls and pages come in.
  const latestSelect = useRef(select);
  latestSelect.current = select;
  const stableSelect = useCallback(
    (task: Task, event: { shiftKey: boolean }) => latestSelect.current(task, event),
    [],
  );

  function clearSelection() {
    setSelected(new Set());
    setAnchorId(null);
    setIsSelecting(false);
  }

  const header = (
    <TaskScreenHeader
      title="Classic list"
      search={search}
      onSearchChange={onSearchChange}
      defaultStatus="open"
    >
      <NativeSelect
        className={selectClassName}
        aria-label="Group"
        value={grouping}
        onChange={(event) =>
          onSearchChange({
            group: taskGroupings.find((value) => value === event.target.value && value !== 'list'),
          })
        }
      >
        {taskGroupings.map((value) => (
          <option key={value} value={value}>
            {groupingLabels[value]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        className={selectClassName}
        aria-label="Sort by"
        value={sort}
        onChange={(event) =>
          onSearchChange({
            sort: offeredSorts.find((value) => value === event.target.value && value !== 'dueDate'),
          })
        }
      >
        {offeredSorts.map((value) => (
          <option key={value} value={value}>
            {sortLabels[value]}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={order === 'asc' ? 'Ascending; sort descending' : 'Descending; sort ascending'}
        onClick={() => onSearchChange({ order: order === 'asc' ? 'desc' : undefined })}
      >
        {order === 'asc' ? <ArrowDownNarrowWideIcon aria-hidden /> : <ArrowUpWideNarrowIcon aria-hidden />}
      </Button>
      {isBatchEnabled && (
        <Button
          variant={isSelecting ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={isSelecting}
          onClick={() => (isSelecting ? clearSelection() : setIsSelecting(true))}
        >
          <ListChecksIcon aria-hidden />
          Select
        </Button>
      )}
    </TaskScreenHeader>
  );

  return (
    <div className="grid min-w-0 content-start gap-4">
      {header}
      <QuickAddInput
        label="Add a task"
        placeholder="Add a task, then press Enter"
        isOpenByDefault
        maxLength={TASK_TITLE_MAX_LENGTH}
        shortcutTarget="new-task"
        onSubmit={(task) => createTask.mutate({ ...getNewTaskDefaults(search), ...task })}
      />
      {tasksQuery.isError ? (
        <TaskViewState
          kind="error"
          title="Your tasks could not be loaded"
          onRetry={() => void tasksQuery.refetch()}
        />
      ) : tasksQuery.isPending ? (
        <TaskViewState kind="loading" title="Loading your tasks" />
      ) : tasks.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {hasActiveFilters(search) || search.status
            ? 'No tasks match these filters.'
            : 'Nothing to do. Add a task above to get started.'}
        </p>
      ) : (
        <VirtualTaskList
          rows={rows}
          parentTitleOf={(task) => (task.parentId ? tasksById.get(task.parentId)?.title : undefined)}
          listName={(task) => (grouping !== 'list' && task.listId ? listsById.get(task.listId) : undefined)}
          onToggleGroup={(key) =>
            setCollapsed((current) => {
              const next = new Set(current);
              if (!next.delete(key)) next.add(key);
              return next;
            })
          }
          isSelecting={isSelecting}
          selected={selected}
          onSelect={isBatchEnabled ? stableSelect : undefined}
          hasMore={tasksQuery.hasNextPage}
          isLoadingMore={tasksQuery.isFetchingNextPage}
          onLoadMore={() => void tasksQuery.fetchNextPage()}
        />
      )}
      {isBatchEnabled && selected.size > 0 && (
        <BulkActionsBar selectedIds={[...selected]} lists={lists.data ?? []} onDone={clearSelection} />
      )}
    </div>
  );
}

interface VirtualTaskListProps {
  rows: Row<Task>[];
  listName: (task: Task) => { name: string; color: string | null } | undefined;
  parentTitleOf: (task: Task) => string | undefined;
  onToggleGroup: (key: string) => void;
  isSelecting: boolean;
  selected: ReadonlySet<string>;
  onSelect: ((task: Task, event: { shiftKey: boolean }) => void) | undefined;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}

/** Only the rows near the viewport are in the page, so ten thousand tasks scroll like ten. */
function VirtualTaskList({
  rows,
  listName,
  parentTitleOf,
  onToggleGroup,
  isSelecting,
  selected,
  onSelect,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: VirtualTaskListProps) {
  const { containerRef, virtualizer, items, offsetOf } = useWindowedList<HTMLUListElement, Row<Task>>({
    rows,
    keyOf: (row) => (row.type === 'group' ? `group:${row.group.key}` : row.task.id),
    estimateSize: (row) => (row.type === 'group' ? 44 : 56),
    hasMore,
    isLoadingMore,
    onLoadMore,
  });

  return (
    <CompleteTaskProvider>
      <div className="rounded-xl border bg-card">
        <ul
          ref={containerRef}
          aria-label="Tasks"
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <li
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${offsetOf(item)}px)` }}
              >
                {row.type === 'group' ? (
                  <GroupHeading row={row} onToggle={() => onToggleGroup(row.group.key)} />
                ) : (
                  <TaskRow
                    task={row.task}
                    list={listName(row.task)}
                    parentTitle={parentTitleOf(row.task)}
                    isSelecting={isSelecting}
                    isSelected={selected.has(row.task.id)}
                    onSelect={onSelect}
                  />
                )}
              </li>
            );
          })}
        </ul>
        {(hasMore || isLoadingMore) && (
          <p role="status" className="border-t px-3 py-2 text-center text-xs text-muted-foreground">
            Loading more tasks…
          </p>
        )}
      </div>
    </CompleteTaskProvider>
  );
}

function GroupHeading({
  row,
  onToggle,
}: {
  row: Extract<Row<Task>, { type: 'group' }>;
  onToggle: () => void;
}) {
  const { group, isCollapsed } = row;
  return (
    <h2 className="border-b bg-muted/40">
      <button
        type="button"
        aria-expanded={!isCollapsed}
        onClick={onToggle}
        className="flex w-full items-center gap-2 px-3 py-2.5 text-left text-sm font-semibold outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <ChevronRightIcon
          className={cn('size-4 shrink-0 transition-transform', !isCollapsed && 'rotate-90')}
          aria-hidden
        />
        {group.color !== undefined && (
          <span
            aria-hidden
            className="size-2.5 rounded-full bg-muted-foreground/40"
            style={group.color ? { backgroundColor: group.color } : undefined}
          />
        )}
        <span className="truncate">{group.label}</span>
        <span className="ml-auto text-xs font-normal text-muted-foreground tabular-nums">
          {group.tasks.length}
          <span className="sr-only"> {group.tasks.length === 1 ? 'task' : 'tasks'}</span>
        </span>
      </button>
    </h2>
  );
}
