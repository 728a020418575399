import type { Column } from '@cairn/contracts/columns';
import type { Task } from '@cairn/contracts/tasks';
import type { Announcements, DragEndEvent, DragOverEvent, DragStartEvent } from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { InlineAddForm } from '../../../../components/ui/inline-add-form';
import { useTimeZone } from '../../../../lib/time-zone';
import { useCreateColumnMutation } from '../../api/columns/create-column';
import { columnsQueryOptions } from '../../api/columns/get-columns';
import { taskManagerConfigQueryOptions } from '../../api/get-task-manager-config';
import { taskKeys } from '../../api/task-keys';
import { useCreateTaskMutation } from '../../api/tasks/create-task';
import { taskGroupsQueryOptions } from '../../api/tasks/get-task-groups';
import { useMoveTaskMutation } from '../../api/tasks/move-task';
import { flattenTaskPages, type TaskListData } from '../../api/tasks/task-cache';
import { placementForDrop, priorityBetween } from '../../utils/board-placement';
import type { BoardSearch } from '../../utils/board-search';
import { getNewTaskDefaults } from '../../utils/new-task-defaults';
import { hasActiveFilters } from '../../utils/task-search';
import { staticDragParts } from '../drag-layer/drag-parts';
import { useLazyDragLayer } from '../drag-layer/use-lazy-drag-layer';
import { TaskViewState } from '../task-view-state';
import { boardGroupsParams, columnListParams } from './board-params';
import { KanbanCardBody } from './kanban-card';
import { KanbanColumn } from './kanban-column';
import { useCachedTotal } from './use-cached-total';

type ColumnItems = Record<string, string[]>;

const staticParts = staticDragParts('sortable');
const loadDragLayer = () => import('./kanban-drag-layer');

/** `items` with the one at `from` moved to `to`. */
function moveItem(items: readonly string[], from: number, to: number): string[] {
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  if (item !== undefined) moved.splice(to, 0, item);
  return moved;
}

/** Which column an id (a card, or a column's drop area) belongs to. */
function findColumnOf(id: string, items: ColumnItems): string | undefined {
  if (id.startsWith('column:')) return id.slice('column:'.length);
  return Object.keys(items).find((columnId) => items[columnId]?.includes(id));
}

/**
 * The board: one request brings every column's first cards and count, then each column pages on by
 * itself as it scrolls, showing only the cards near its visible part. Dragging works within and between
 * columns, with the pointer or the keyboard.
 */
export function KanbanBoard({ search }: { search: BoardSearch }) {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const columnsQuery = useQuery(columnsQueryOptions());
  const config = useQuery(taskManagerConfigQueryOptions());
  const params = boardGroupsParams(search, timeZone);
  const groupsQuery = useQuery(taskGroupsQueryOptions(params));
  const createTask = useCreateTaskMutation();
  const createColumn = useCreateColumnMutation();
  const moveTask = useMoveTaskMutation();
  const [isShowingAllCompleted, setIsShowingAllCompleted] = useState(false);
  /** The order on screen while a card is dragged and until the server has the move. */
  const [pendingItems, setPendingItems] = useState<ColumnItems | null>(null);
  /** The cards as they were when the drag started, for the columns they are dragged across. */
  const [dragTasks, setDragTasks] = useState<ReadonlyMap<string, Task>>(new Map());
  const [activeId, setActiveId] = useState<string | null>(null);

  const columns = columnsQuery.data ?? [];
  const isPeriodical = config.data?.isPeriodicalKanbanEnabled ?? true;
  const isHidingEarlier = isPeriodical && !isShowingAllCompleted;
  const groupsById = useMemo(
    () => new Map((groupsQuery.data?.groups ?? []).map((group) => [group.columnId, group])),
    [groupsQuery.data],
  );
  const listKeyOf = (column: Column) =>
    taskKeys.taskList(columnListParams(params, column, { isHidingEarlier }));
  const listKeys = columns.map(listKeyOf);
  const hiddenTotal = isHidingEarlier
    ? columns.reduce((sum, column) => sum + (groupsById.get(column.id)?.hiddenCount ?? 0), 0)
    : 0;
  const cardCount = useCachedTotal(listKeys, hiddenTotal);

  /** Each column's loaded cards, in order, as the cache holds them now. */
  function readColumns(): { items: ColumnItems; tasks: Map<string, Task> } {
    const items: ColumnItems = {};
    const tasks = new Map<string, Task>();
    for (const column of columns) {
      const loaded = flattenTaskPages(queryClient.getQueryData<TaskListData>(listKeyOf(column)));
      items[column.id] = loaded.map((task) => task.id);
      for (const task of loaded) tasks.set(task.id, task);
    }
    return { items, tasks };
  }
  const findTask = (taskId: string): Task | undefined => {
    const dragged = dragTasks.get(taskId);
    if (dragged) return dragged;
    for (const key of listKeys) {
      const found = flattenTaskPages(queryClient.getQueryData<TaskListData>(key)).find(
        (task) => task.id === taskId,
      );
      if (found) return found;
    }
    return undefined;
  };
  const pendingTaskOf = useCallback((taskId: string) => dragTasks.get(taskId), [dragTasks]);

  const { layer, triggers } = useLazyDragLayer(loadDragLayer);
  const parts = layer?.kanbanDragParts ?? staticParts;
  /** Each column's scroll position, kept while the columns render anew with the drag layer. */
  const [scrollTops] = useState(() => new Map<string, number>());

  const columnName = (id: string | undefined) =>
    columns.find((column) => column.id === id)?.name ?? 'a column';
  const titleOf = (id: string | number) => findTask(String(id))?.title ?? 'the card';
  const placeOf = (id: string | number) => {
    const items = pendingItems ?? readColumns().items;
    const columnId = findColumnOf(String(id), items);
    const at = columnId ? (items[columnId]?.indexOf(String(id)) ?? -1) : -1;
    return `${columnName(columnId)}, position ${at + 1} of ${columnId ? (items[columnId]?.length ?? 0) : 0}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up “${titleOf(active.id)}” in ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `“${titleOf(active.id)}” is over ${placeOf(active.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped “${titleOf(active.id)}” in ${placeOf(active.id)}.`
        : `“${titleOf(active.id)}” was dropped.`,
    onDragCancel: ({ active }) => `Moving “${titleOf(active.id)}” was cancelled.`,
  };

  function onDragStart({ active }: DragStartEvent) {
    const { items, tasks } = readColumns();
    setActiveId(String(active.id));
    setDragTasks(tasks);
    setPendingItems(items);
  }

  // Crossing into another column moves the card there at once, so the column makes room for it.
  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    setPendingItems((state) => {
      if (!state) return state;
      const from = findColumnOf(String(active.id), state);
      const to = findColumnOf(String(over.id), state);
      if (!from || !to || from === to) return state;
      const target = state[to] ?? [];
      const overIndex = target.indexOf(String(over.id));
      const index = overIndex >= 0 ? overIndex : target.length;
      return {
        ...state,
        [from]: (state[from] ?? []).filter((id) => id !== active.id),
        [to]: [...target.slice(0, index), String(active.id), ...target.slice(index)],
      };
    });
  }

  function endDrag() {
    setPendingItems(null);
    setDragTasks(new Map());
  }

  function onDragCancel() {
    setActiveId(null);
    endDrag();
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const state = pendingItems ?? readColumns().items;
    const taskId = String(active.id);
    const task = dragTasks.get(taskId);
    const to = over ? findColumnOf(String(over.id), state) : undefined;
    if (!task || !over || !to) {
      endDrag();
      return;
    }
    let order = state[to] ?? [];
    const from = findColumnOf(taskId, state);
    if (from === to) {
      const oldIndex = order.indexOf(taskId);
      const newIndex = order.indexOf(String(over.id));
      if (oldIndex >= 0 && newIndex >= 0 && oldIndex !== newIndex)
        order = moveItem(order, oldIndex, newIndex);
    }
    const wasAt = (readColumns().items[task.columnId] ?? []).indexOf(taskId);
    if (to === task.columnId && order.indexOf(taskId) === wasAt) {
      endDrag();
      return;
    }
    setPendingItems({ ...state, [to]: order });
    dropCard({ task, columnId: to, visibleOrder: order });
  }

  function dropCard({
    task,
    columnId,
    visibleOrder,
  }: {
    task: Task;
    columnId: string;
    visibleOrder: string[];
  }) {
    const target = columns.find((column) => column.id === columnId);
    const source = columns.find((column) => column.id === task.columnId);
    const at = visibleOrder.indexOf(task.id);
    const previous = dragTasks.get(visibleOrder[at - 1] ?? '');
    const next = dragTasks.get(visibleOrder[at + 1] ?? '');
    let completedAt = task.completedAt;
    if (target?.isCompletion) completedAt = task.completedAt ?? new Date();
    else if (source?.isCompletion) completedAt = null;
    moveTask.mutate(
      {
        taskId: task.id,
        columnId,
        placement: placementForDrop({ taskId: task.id, visibleOrder }),
        optimisticPatch: {
          columnId,
          priority: priorityBetween(previous?.priority, next?.priority),
          completedAt,
        },
      },
      { onSettled: endDrag },
    );
  }

  if (columnsQuery.isError || groupsQuery.isError) {
    return (
      <TaskViewState
        kind="error"
        title="The board could not be loaded"
        onRetry={() => {
          void columnsQuery.refetch();
          void groupsQuery.refetch();
        }}
      />
    );
  }
  if (columnsQuery.isPending || groupsQuery.isPending)
    return <TaskViewState kind="loading" title="Loading the board" />;

  const activeTask = activeId ? dragTasks.get(activeId) : undefined;
  const defaultColumn = columns.find((column) => column.isDefault);
  const columnsView = (
    <div className="relative -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8">
      {columns.map((column: Column, index) => {
        const group = groupsById.get(column.id);
        const isHidingHere = column.isCompletion && isHidingEarlier;
        return (
          <KanbanColumn
            key={column.id}
            column={column}
            columns={columns}
            listParams={columnListParams(params, column, { isHidingEarlier })}
            groupTotal={group && (isHidingHere ? group.total : group.total + (group.hiddenCount ?? 0))}
            pendingIds={pendingItems?.[column.id]}
            pendingTaskOf={pendingTaskOf}
            activeId={activeId}
            parentTitleOf={(task) => (task.parentId ? findTask(task.parentId)?.title : undefined)}
            hiddenCount={group?.hiddenCount ?? 0}
            isShowingAllCompleted={isShowingAllCompleted}
            onToggleShowAllCompleted={
              isPeriodical ? () => setIsShowingAllCompleted((value) => !value) : undefined
            }
            isFirstColumn={index === 0}
            order={index}
            parts={parts}
            isRevealedAtOnce={layer !== undefined}
            scrollTops={scrollTops}
            onAddCard={(task) =>
              createTask.mutate({ ...getNewTaskDefaults(search), ...task, columnId: column.id })
            }
          />
        );
      })}
      <div className="w-[min(18rem,85vw)] shrink-0">
        <InlineAddForm
          label="Add column"
          placeholder="Column name, then Enter"
          maxLength={100}
          onSubmit={(name) => createColumn.mutate({ name })}
          className="w-full"
        />
      </div>
    </div>
  );

  return (
    <div className="grid min-w-0 gap-3" {...triggers}>
      {cardCount === 0 && (
        <p className="text-sm text-muted-foreground">
          {hasActiveFilters(search)
            ? 'No cards match these filters.'
            : `No cards yet. Add one to “${defaultColumn?.name ?? 'a column'}” to get started.`}
        </p>
      )}
      {layer ? (
        <layer.KanbanDragScope
          announcements={announcements}
          onDragStart={onDragStart}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
          onDragCancel={onDragCancel}
          overlay={activeTask ? <KanbanCardBody task={activeTask} isOverlay /> : null}
        >
          {columnsView}
        </layer.KanbanDragScope>
      ) : (
        columnsView
      )}
    </div>
  );
}
