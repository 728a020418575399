import type { Column } from '@cairn/contracts/columns';
import type { Task } from '@cairn/contracts/tasks';
import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { InlineAddForm } from '../../../../components/ui/inline-add-form';
import { useTimeZone } from '../../../../lib/time-zone';
import { useFetchAllPages } from '../../../../lib/use-fetch-all-pages';
import { useCreateColumnMutation } from '../../api/columns/create-column';
import { columnsQueryOptions } from '../../api/columns/get-columns';
import { taskManagerConfigQueryOptions } from '../../api/get-task-manager-config';
import { useCreateTaskMutation } from '../../api/tasks/create-task';
import { MAX_TASK_PAGE_SIZE, tasksInfiniteQueryOptions } from '../../api/tasks/get-tasks';
import { useMoveTaskMutation } from '../../api/tasks/move-task';
import { flattenTaskPages } from '../../api/tasks/task-cache';
import { placementForDrop, priorityBetween, sortByPosition } from '../../utils/board-placement';
import { keepCompletedToday } from '../../utils/completed-today';
import { getNewTaskDefaults } from '../../utils/new-task-defaults';
import { hasActiveFilters, toTaskListParams } from '../../utils/task-search';
import { type BoardSearch, toParentFilter } from '../subtasks-toggle';
import { TaskViewState } from '../task-view-state';
import { KanbanCardBody } from './kanban-card';
import { KanbanColumn } from './kanban-column';

type ColumnItems = Record<string, string[]>;

/** Which column an id (a card, or a column's drop area) belongs to. */
function findColumnOf(id: string, items: ColumnItems): string | undefined {
  if (id.startsWith('column:')) return id.slice('column:'.length);
  return Object.keys(items).find((columnId) => items[columnId]?.includes(id));
}

export function KanbanBoard({ search }: { search: BoardSearch }) {
  const columnsQuery = useQuery(columnsQueryOptions());
  const config = useQuery(taskManagerConfigQueryOptions());
  const params = {
    ...toTaskListParams(search, { status: 'all' }),
    ...toParentFilter(search),
    sort: 'position' as const,
  };
  const tasksQuery = useInfiniteQuery(tasksInfiniteQueryOptions(params, MAX_TASK_PAGE_SIZE));
  useFetchAllPages(tasksQuery);
  const createTask = useCreateTaskMutation();
  const createColumn = useCreateColumnMutation();
  const moveTask = useMoveTaskMutation();
  const [isShowingAllCompleted, setIsShowingAllCompleted] = useState(false);
  /** The order on screen while a card is dragged and until the server has the move. */
  const [pendingItems, setPendingItems] = useState<ColumnItems | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);

  const columns = columnsQuery.data ?? [];
  const isPeriodical = config.data?.isPeriodicalKanbanEnabled ?? true;
  const tasks = flattenTaskPages(tasksQuery.data);
  const tasksById = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);

  // What the board shows of each column's loaded tasks, in the API's order.
  const timeZone = useTimeZone();
  const { visibleItems, hiddenCounts } = useMemo(() => {
    const visible: ColumnItems = {};
    const hidden: Record<string, number> = {};
    const now = new Date();
    for (const column of columns) {
      const inColumn = sortByPosition(tasks.filter((task) => task.columnId === column.id));
      const shown =
        column.isCompletion && isPeriodical && !isShowingAllCompleted
          ? keepCompletedToday(inColumn, { now, timeZone })
          : inColumn;
      visible[column.id] = shown.map((task) => task.id);
      hidden[column.id] = inColumn.length - shown.length;
    }
    return { visibleItems: visible, hiddenCounts: hidden };
  }, [columns, tasks, isPeriodical, isShowingAllCompleted, timeZone]);

  const items = pendingItems ?? visibleItems;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const columnName = (id: string | undefined) =>
    columns.find((column) => column.id === id)?.name ?? 'a column';
  const titleOf = (id: string | number) => tasksById.get(String(id))?.title ?? 'the card';
  const placeOf = (id: string | number) => {
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
    setActiveId(String(active.id));
    setPendingItems(visibleItems);
  }

  // Crossing into another column moves the card there at once, so the column makes room for it.
  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    setPendingItems((current) => {
      const state = current ?? visibleItems;
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

  function onDragCancel() {
    setActiveId(null);
    setPendingItems(null);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const state = pendingItems ?? visibleItems;
    const taskId = String(active.id);
    const task = tasksById.get(taskId);
    const to = over ? findColumnOf(String(over.id), state) : undefined;
    if (!task || !over || !to) {
      setPendingItems(null);
      return;
    }
    let order = state[to] ?? [];
    const from = findColumnOf(taskId, state);
    if (from === to) {
      const oldIndex = order.indexOf(taskId);
      const newIndex = order.indexOf(String(over.id));
      if (oldIndex >= 0 && newIndex >= 0 && oldIndex !== newIndex)
        order = arrayMove(order, oldIndex, newIndex);
    }
    const finalItems = { ...state, [to]: order };
    const wasAt = (visibleItems[task.columnId] ?? []).indexOf(taskId);
    if (to === task.columnId && order.indexOf(taskId) === wasAt) {
      setPendingItems(null);
      return;
    }
    setPendingItems(finalItems);
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
    const previous = tasksById.get(visibleOrder[at - 1] ?? '');
    const next = tasksById.get(visibleOrder[at + 1] ?? '');
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
      { onSettled: () => setPendingItems(null) },
    );
  }

  if (columnsQuery.isError || tasksQuery.isError) {
    return (
      <TaskViewState
        kind="error"
        title="The board could not be loaded"
        onRetry={() => {
          void columnsQuery.refetch();
          void tasksQuery.refetch();
        }}
      />
    );
  }
  if (columnsQuery.isPending || tasksQuery.isPending)
    return <TaskViewState kind="loading" title="Loading the board" />;

  const activeTask = activeId ? tasksById.get(activeId) : undefined;
  const defaultColumn = columns.find((column) => column.isDefault);
  const isEmpty = tasks.length === 0;

  return (
    <div className="grid min-w-0 gap-3">
      {isEmpty && (
        <p className="text-sm text-muted-foreground">
          {hasActiveFilters(search)
            ? 'No cards match these filters.'
            : `No cards yet. Add one to “${defaultColumn?.name ?? 'a column'}” to get started.`}
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To pick up a card, press Space or Enter. Use the arrow keys to move it within and between columns. Press Space or Enter again to drop it, or Escape to cancel.',
          },
        }}
      >
        <div className="relative -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8">
          {columns.map((column: Column, index) => (
            <KanbanColumn
              key={column.id}
              column={column}
              columns={columns}
              tasks={(items[column.id] ?? []).flatMap((id) => tasksById.get(id) ?? [])}
              parentTitleOf={(task) => (task.parentId ? tasksById.get(task.parentId)?.title : undefined)}
              hiddenCount={hiddenCounts[column.id] ?? 0}
              isShowingAllCompleted={isShowingAllCompleted}
              onToggleShowAllCompleted={
                isPeriodical ? () => setIsShowingAllCompleted((value) => !value) : undefined
              }
              isFirstColumn={index === 0}
              onAddCard={(title) =>
                createTask.mutate({ ...getNewTaskDefaults(search), title, columnId: column.id })
              }
            />
          ))}
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
        <DragOverlay>{activeTask ? <KanbanCardBody task={activeTask} isOverlay /> : null}</DragOverlay>
      </DndContext>
    </div>
  );
}
