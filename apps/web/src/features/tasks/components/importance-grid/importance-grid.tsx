import type { Level, Task } from '@cairn/contracts/tasks';
import type { Announcements, DragEndEvent } from '@dnd-kit/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { DragGrip } from '../../../../components/ui/drag-grip';
import { cn } from '../../../../lib/cn';
import { type TaskGroupsParams, taskKeys } from '../../api/task-keys';
import { groupListingQueryOptions, taskGroupsQueryOptions } from '../../api/tasks/get-task-groups';
import { flattenTaskPages, type TaskListData } from '../../api/tasks/task-cache';
import { useUpdateTaskMutation } from '../../api/tasks/update-task';
import type { BoardSearch } from '../../utils/board-search';
import { hasActiveFilters } from '../../utils/task-search';
import { CompleteTaskCheckbox } from '../complete-task-checkbox';
import { type DragBinding, type DragParts, staticDragParts } from '../drag-layer/drag-parts';
import { useLazyDragLayer } from '../drag-layer/use-lazy-drag-layer';
import { useCachedTotal } from '../kanban/use-cached-total';
import { isSameSlot, VirtualCardList, type VirtualCardSlot } from '../kanban/virtual-card-list';
import { SubtaskOf } from '../subtask-of';
import { levelLabels, TaskMarkers } from '../task-markers';
import { TaskQuickMenu } from '../task-quick-menu/task-quick-menu';
import { useRenameTaskDialog } from '../task-quick-menu/use-rename-task-dialog';
import { TaskViewState } from '../task-view-state';
import { cellListParams, gridGroupsParams } from './grid-params';

/** Left to right: most urgent first. Top to bottom: most important first. */
const urgencies: readonly Level[] = ['high', 'medium', 'low'];
const importances: readonly Level[] = ['high', 'medium', 'low'];

type Cell = { urgency: Level; importance: Level };
const cellId = ({ urgency, importance }: Cell) => `cell:${urgency}:${importance}`;
const cellName = ({ urgency, importance }: Cell) =>
  `${levelLabels[urgency]} urgency, ${levelLabels[importance].toLowerCase()} importance`;

const staticParts = staticDragParts('draggable');
const loadDragLayer = () => import('./importance-grid-drag-layer');

/** What a dragged card carries, so the drop knows the task without looking it up. */
type DragData = { task: Task };

/** A dropped card's new cell, shown until the server has the change. */
type PendingDrop = { task: Task; cell: Cell };

/** A card with a one-line title and no markers; taller ones are measured as they render. */
const ESTIMATED_CARD_HEIGHT = 72;

/**
 * The grid: one request brings every cell's first cards and count, then each cell pages on by itself
 * as it scrolls, showing only the cards near its visible part. Dragging a card to another cell sets its
 * urgency and importance.
 */
export function ImportanceGrid({ search }: { search: BoardSearch }) {
  const params = gridGroupsParams(search);
  const groupsQuery = useQuery(taskGroupsQueryOptions(params));
  const updateTask = useUpdateTaskMutation();
  const [activeTask, setActiveTask] = useState<Task | null>(null);
  /** Where dropped cards sit until the server has the change. */
  const [pending, setPending] = useState<ReadonlyMap<string, PendingDrop>>(new Map());
  const cells = importances.flatMap((importance) => urgencies.map((urgency) => ({ urgency, importance })));
  const cellKeys = cells.map((cell) => taskKeys.taskList(cellListParams(params, cell)));
  const taskCount = useCachedTotal(cellKeys);
  const queryClient = useQueryClient();
  /** A subtask's parent, when some cell has it loaded, so the card says what it belongs to. */
  const parentTitleOf = (task: Task): string | undefined => {
    if (!task.parentId) return undefined;
    for (const key of cellKeys) {
      const data = queryClient.getQueryData<TaskListData>(key);
      const parent = flattenTaskPages(data).find((entry) => entry.id === task.parentId);
      if (parent) return parent.title;
    }
    return undefined;
  };

  const { layer, triggers } = useLazyDragLayer(loadDragLayer);
  const parts = layer?.gridDragParts ?? staticParts;
  /** Each cell's scroll position, kept while the cells render anew with the drag layer. */
  const [scrollTops] = useState(() => new Map<string, number>());

  const titleOf = (data: unknown) => (data as DragData | undefined)?.task.title ?? 'the task';
  const cellOf = (id: string | number | undefined) => {
    const [, urgency, importance] = String(id).split(':') as [string, Level, Level];
    return cellName({ urgency, importance });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up “${titleOf(active.data.current)}”.`,
    onDragOver: ({ active, over }) =>
      over ? `“${titleOf(active.data.current)}” is over ${cellOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `“${titleOf(active.data.current)}” now has ${cellOf(over.id)}.`
        : `“${titleOf(active.data.current)}” was dropped.`,
    onDragCancel: ({ active }) => `Moving “${titleOf(active.data.current)}” was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveTask(null);
    const task = (active.data.current as DragData | undefined)?.task;
    const target = over?.data.current as Cell | undefined;
    if (!task || !target) return;
    if (task.urgency === target.urgency && task.importance === target.importance) return;
    setPending((current) => new Map(current).set(task.id, { task, cell: target }));
    updateTask.mutate(
      { taskId: task.id, body: { urgency: target.urgency, importance: target.importance } },
      {
        onSettled: () =>
          setPending((current) => {
            const next = new Map(current);
            next.delete(task.id);
            return next;
          }),
      },
    );
  }

  if (groupsQuery.isError) {
    return (
      <TaskViewState
        kind="error"
        title="The grid could not be loaded"
        onRetry={() => void groupsQuery.refetch()}
      />
    );
  }
  if (groupsQuery.isPending) return <TaskViewState kind="loading" title="Loading the grid" />;

  const cellsView = (
    <div className="relative -mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
      <div className="grid min-w-[40rem] grid-cols-[auto_repeat(3,minmax(0,1fr))] gap-2">
        <div />
        {urgencies.map((urgency) => (
          <div
            key={urgency}
            className="px-2 text-center text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {levelLabels[urgency]} urgency
          </div>
        ))}
        {importances.map((importance) => (
          <GridRow
            key={importance}
            importance={importance}
            params={params}
            pending={pending}
            activeId={activeTask?.id ?? null}
            parentTitleOf={parentTitleOf}
            parts={parts}
            scrollTops={scrollTops}
          />
        ))}
      </div>
    </div>
  );

  return (
    <div className="grid min-w-0 gap-3" {...triggers}>
      {taskCount === 0 && (
        <p className="text-sm text-muted-foreground">
          {hasActiveFilters(search)
            ? 'No tasks match these filters.'
            : 'No open tasks. Add some from the board or the list, then sort them here by dragging.'}
        </p>
      )}
      {layer ? (
        <layer.GridDragScope
          announcements={announcements}
          onDragStart={({ active }) =>
            setActiveTask((active.data.current as DragData | undefined)?.task ?? null)
          }
          onDragEnd={onDragEnd}
          onDragCancel={() => setActiveTask(null)}
          overlay={activeTask ? <GridCardBody task={activeTask} isOverlay /> : null}
        >
          {cellsView}
        </layer.GridDragScope>
      ) : (
        cellsView
      )}
    </div>
  );
}

interface CellProps {
  params: TaskGroupsParams;
  pending: ReadonlyMap<string, PendingDrop>;
  activeId: string | null;
  parentTitleOf: (task: Task) => string | undefined;
  /** Dragging and dropping, static until the grid's drag layer has loaded. */
  parts: DragParts;
  /** Each cell's scroll position by cell id, kept while the cells render anew. */
  scrollTops: Map<string, number>;
}

function GridRow({ importance, ...cellProps }: CellProps & { importance: Level }) {
  return (
    <>
      <div className="flex items-center justify-center">
        <span className="text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase [writing-mode:vertical-rl] rotate-180">
          {levelLabels[importance]} importance
        </span>
      </div>
      {urgencies.map((urgency) => (
        <GridCell key={urgency} cell={{ urgency, importance }} {...cellProps} />
      ))}
    </>
  );
}

const cellTints: Partial<Record<string, string>> = {
  'cell:high:high': 'bg-destructive/5',
  'cell:low:low': 'bg-muted/20',
};

const isSameCell = (first: Cell, second: Cell) =>
  first.urgency === second.urgency && first.importance === second.importance;

function GridCell({
  cell,
  params,
  pending,
  activeId,
  parentTitleOf,
  parts,
  scrollTops,
}: CellProps & { cell: Cell }) {
  const id = cellId(cell);
  const query = useInfiniteQuery(groupListingQueryOptions(cellListParams(params, cell)));
  const { fetchNextPage, refetch } = query;
  const loaded = useMemo(() => flattenTaskPages(query.data), [query.data]);
  // Dropped cards show in their new cell at once, until the cache has them there.
  const tasks = useMemo(() => {
    if (pending.size === 0) return loaded;
    const staying = loaded.filter((task) => {
      const drop = pending.get(task.id);
      return !drop || isSameCell(drop.cell, cell);
    });
    const shown = new Set(staying.map((task) => task.id));
    const arriving = [...pending.values()]
      .filter((drop) => isSameCell(drop.cell, cell) && !shown.has(drop.task.id))
      .map((drop) => drop.task);
    return [...staying, ...arriving];
  }, [loaded, pending, cell]);
  const total = query.data?.pages[0]?.total ?? loaded.length;
  const onLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <parts.Droppable id={id} data={cell}>
      {({ setNodeRef, isOver }) => (
        <section
          ref={setNodeRef}
          aria-label={`${cellName(cell)}, ${total} ${total === 1 ? 'task' : 'tasks'}`}
          data-cell={`${cell.urgency}-${cell.importance}`}
          className={cn(
            'flex min-h-36 min-w-0 flex-col gap-2 rounded-xl border bg-muted/40 p-2 transition-colors',
            cellTints[id],
            isOver && 'bg-accent ring-2 ring-primary/40',
          )}
        >
          {query.isError && !query.data ? (
            <div role="alert" className="m-auto grid justify-items-center gap-2 text-xs">
              <span className="text-destructive">The tasks could not be loaded.</span>
              <Button variant="outline" size="sm" onClick={() => void refetch()}>
                Try again
              </Button>
            </div>
          ) : query.isPending ? (
            <p role="status" className="m-auto text-xs text-muted-foreground">
              Loading tasks…
            </p>
          ) : tasks.length === 0 ? (
            <p className="m-auto text-xs text-muted-foreground">Drop tasks here</p>
          ) : (
            <VirtualCardList
              items={tasks}
              keepMountedId={activeId}
              estimateCardHeight={ESTIMATED_CARD_HEIGHT}
              hasMore={query.hasNextPage}
              isLoadingMore={query.isFetchingNextPage}
              isLoadMoreError={query.isFetchNextPageError}
              onLoadMore={onLoadMore}
              className="max-h-80"
              scrollMemory={{ offsets: scrollTops, key: id }}
              renderCard={(task, slot) => (
                <GridCard
                  key={task.id}
                  task={task}
                  parentTitle={parentTitleOf(task)}
                  slot={slot}
                  parts={parts}
                />
              )}
            />
          )}
        </section>
      )}
    </parts.Droppable>
  );
}

interface GridCardProps {
  task: Task;
  parentTitle: string | undefined;
  slot: VirtualCardSlot;
  parts: DragParts;
}

/** Scrolling a cell renders its list again; a card whose task and place are unchanged is not. */
const GridCard = memo(
  function GridCard({ task, parentTitle, slot, parts }: GridCardProps) {
    const rename = useRenameTaskDialog(task);
    return (
      <>
        <parts.Draggable id={task.id} data={{ task } satisfies DragData}>
          {(drag) => (
            <GridCardItem
              task={task}
              parentTitle={parentTitle}
              slot={slot}
              drag={drag}
              onKeyDown={rename.onKeyDown}
              menu={<TaskQuickMenu task={task} onRename={rename.start} className="-mt-0.5 -mr-1" />}
            />
          )}
        </parts.Draggable>
        {rename.dialog}
      </>
    );
  },
  (before, after) =>
    before.task === after.task &&
    before.parentTitle === after.parentTitle &&
    before.parts === after.parts &&
    isSameSlot(before.slot, after.slot),
);

function GridCardItem({
  task,
  parentTitle,
  slot,
  drag,
  onKeyDown,
  menu,
}: {
  task: Task;
  parentTitle: string | undefined;
  slot: VirtualCardSlot;
  drag: DragBinding;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  menu: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = drag;
  const { ref: measureRef } = slot;
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element);
      measureRef(element);
    },
    [setNodeRef, measureRef],
  );
  return (
    <li
      ref={ref}
      data-index={slot.index}
      style={slot.style}
      onPointerDown={(event) => listeners?.onPointerDown?.(event)}
      onKeyDown={onKeyDown}
      data-task-id={task.id}
      // The gap below each card is part of it, so the measured heights add up to the cell.
      className={cn('min-w-0 touch-manipulation pb-2', isDragging && 'opacity-40')}
    >
      <GridCardBody
        task={task}
        parentTitle={parentTitle}
        menu={menu}
        handle={
          <DragGrip
            title={task.title}
            attributes={attributes}
            listeners={listeners}
            setActivatorNodeRef={setActivatorNodeRef}
          />
        }
      />
    </li>
  );
}

function GridCardBody({
  task,
  handle,
  menu,
  parentTitle,
  isOverlay = false,
}: {
  task: Task;
  handle?: ReactNode;
  menu?: ReactNode;
  parentTitle?: string | undefined;
  isOverlay?: boolean;
}) {
  return (
    <article
      aria-label={task.title}
      className={cn(
        'grid min-w-0 cursor-grab gap-1.5 rounded-lg border bg-card p-2 text-card-foreground shadow-xs',
        isOverlay && 'cursor-grabbing shadow-lg ring-2 ring-primary/40',
      )}
    >
      <div className="flex items-start gap-2">
        {handle}
        <CompleteTaskCheckbox task={task} className="mt-0.5" />
        <Link
          to="/tasks/$taskId"
          params={{ taskId: task.id }}
          // The browser's own link dragging would steal the pointer from the card's drag.
          draggable={false}
          className="min-w-0 flex-1 rounded-sm text-sm leading-snug font-medium wrap-anywhere outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {task.title}
        </Link>
        {menu}
      </div>
      {parentTitle && <SubtaskOf title={parentTitle} className="pl-14" />}
      {/* The cell already says how urgent and important the task is. */}
      <TaskMarkers task={{ ...task, urgency: 'medium', importance: 'medium' }} className="pl-14" />
    </article>
  );
}
