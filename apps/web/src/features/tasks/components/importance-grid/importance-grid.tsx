import type { Level, Task } from '@cairn/contracts/tasks';
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { DragGrip } from '../../../../components/ui/drag-grip';
import { cn } from '../../../../lib/cn';
import { useFetchAllPages } from '../../../../lib/use-fetch-all-pages';
import { MAX_TASK_PAGE_SIZE, tasksInfiniteQueryOptions } from '../../api/tasks/get-tasks';
import { flattenTaskPages } from '../../api/tasks/task-cache';
import { useUpdateTaskMutation } from '../../api/tasks/update-task';
import { hasActiveFilters, toTaskListParams } from '../../utils/task-search';
import { CompleteTaskCheckbox } from '../complete-task-checkbox';
import { SubtaskOf } from '../subtask-of';
import { type BoardSearch, toParentFilter } from '../subtasks-toggle';
import { levelLabels, TaskMarkers } from '../task-markers';
import { TaskQuickMenu } from '../task-quick-menu/task-quick-menu';
import { useRenameTaskDialog } from '../task-quick-menu/use-rename-task-dialog';
import { TaskViewState } from '../task-view-state';
import { cellKeyboardCoordinates } from './cell-keyboard-coordinates';

/** Left to right: most urgent first. Top to bottom: most important first. */
const urgencies: readonly Level[] = ['high', 'medium', 'low'];
const importances: readonly Level[] = ['high', 'medium', 'low'];

type Cell = { urgency: Level; importance: Level };
const cellId = ({ urgency, importance }: Cell) => `cell:${urgency}:${importance}`;
const cellName = ({ urgency, importance }: Cell) =>
  `${levelLabels[urgency]} urgency, ${levelLabels[importance].toLowerCase()} importance`;

// The pointer decides where a card lands; from the keyboard (no pointer) the nearest cell does.
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

export function ImportanceGrid({ search }: { search: BoardSearch }) {
  const params = {
    ...toTaskListParams(search, { status: 'open' }),
    ...toParentFilter(search),
    sort: 'dueDate' as const,
  };
  const tasksQuery = useInfiniteQuery(tasksInfiniteQueryOptions(params, MAX_TASK_PAGE_SIZE));
  useFetchAllPages(tasksQuery);
  const updateTask = useUpdateTaskMutation();
  const [activeId, setActiveId] = useState<string | null>(null);
  /** Where dropped cards sit until the server has the change. */
  const [pending, setPending] = useState<ReadonlyMap<string, Cell>>(new Map());

  const tasks = flattenTaskPages(tasksQuery.data);
  const tasksById = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const cells = useMemo(() => {
    const byCell = new Map<string, Task[]>();
    for (const task of tasks) {
      const key = cellId(pending.get(task.id) ?? task);
      byCell.set(key, [...(byCell.get(key) ?? []), task]);
    }
    return byCell;
  }, [tasks, pending]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: cellKeyboardCoordinates }),
  );

  const titleOf = (id: string | number) => tasksById.get(String(id))?.title ?? 'the task';
  const cellOf = (id: string | number | undefined) => {
    const [, urgency, importance] = String(id).split(':') as [string, Level, Level];
    return cellName({ urgency, importance });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up “${titleOf(active.id)}”.`,
    onDragOver: ({ active, over }) =>
      over ? `“${titleOf(active.id)}” is over ${cellOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `“${titleOf(active.id)}” now has ${cellOf(over.id)}.` : `“${titleOf(active.id)}” was dropped.`,
    onDragCancel: ({ active }) => `Moving “${titleOf(active.id)}” was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const task = tasksById.get(String(active.id));
    const target = over?.data.current as Cell | undefined;
    if (!task || !target) return;
    if (task.urgency === target.urgency && task.importance === target.importance) return;
    setPending((current) => new Map(current).set(task.id, target));
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

  if (tasksQuery.isError) {
    return (
      <TaskViewState
        kind="error"
        title="The grid could not be loaded"
        onRetry={() => void tasksQuery.refetch()}
      />
    );
  }
  if (tasksQuery.isPending) return <TaskViewState kind="loading" title="Loading the grid" />;

  const activeTask = activeId ? tasksById.get(activeId) : undefined;

  return (
    <div className="grid min-w-0 gap-3">
      {tasks.length === 0 && (
        <p className="text-sm text-muted-foreground">
          {hasActiveFilters(search)
            ? 'No tasks match these filters.'
            : 'No open tasks. Add some from the board or the list, then sort them here by dragging.'}
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={({ active }) => setActiveId(String(active.id))}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To pick up a task, press Space or Enter. Use the arrow keys to move it to another cell. Press Space or Enter again to drop it, or Escape to cancel.',
          },
        }}
      >
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
                cells={cells}
                parentTitleOf={(task) => (task.parentId ? tasksById.get(task.parentId)?.title : undefined)}
              />
            ))}
          </div>
        </div>
        <DragOverlay>{activeTask ? <GridCardBody task={activeTask} isOverlay /> : null}</DragOverlay>
      </DndContext>
    </div>
  );
}

function GridRow({
  importance,
  cells,
  parentTitleOf,
}: {
  importance: Level;
  cells: ReadonlyMap<string, Task[]>;
  parentTitleOf: (task: Task) => string | undefined;
}) {
  return (
    <>
      <div className="flex items-center justify-center">
        <span className="text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase [writing-mode:vertical-rl] rotate-180">
          {levelLabels[importance]} importance
        </span>
      </div>
      {urgencies.map((urgency) => (
        <GridCell
          key={urgency}
          cell={{ urgency, importance }}
          tasks={cells.get(cellId({ urgency, importance })) ?? []}
          parentTitleOf={parentTitleOf}
        />
      ))}
    </>
  );
}

const cellTints: Partial<Record<string, string>> = {
  'cell:high:high': 'bg-destructive/5',
  'cell:low:low': 'bg-muted/20',
};

function GridCell({
  cell,
  tasks,
  parentTitleOf,
}: {
  cell: Cell;
  tasks: Task[];
  parentTitleOf: (task: Task) => string | undefined;
}) {
  const id = cellId(cell);
  const { setNodeRef, isOver } = useDroppable({ id, data: cell });
  return (
    <section
      ref={setNodeRef}
      aria-label={`${cellName(cell)}, ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`}
      data-cell={`${cell.urgency}-${cell.importance}`}
      className={cn(
        'flex min-h-36 min-w-0 flex-col gap-2 rounded-xl border bg-muted/40 p-2 transition-colors',
        cellTints[id],
        isOver && 'bg-accent ring-2 ring-primary/40',
      )}
    >
      <ul className="grid max-h-80 grid-cols-[minmax(0,1fr)] content-start gap-2 overflow-y-auto">
        {tasks.map((task) => (
          <GridCard key={task.id} task={task} parentTitle={parentTitleOf(task)} />
        ))}
      </ul>
      {tasks.length === 0 && <p className="m-auto text-xs text-muted-foreground">Drop tasks here</p>}
    </section>
  );
}

function GridCard({ task, parentTitle }: { task: Task; parentTitle: string | undefined }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: task.id,
  });
  const rename = useRenameTaskDialog(task);
  return (
    <>
      <li
        ref={setNodeRef}
        onPointerDown={(event) => listeners?.onPointerDown?.(event)}
        onKeyDown={rename.onKeyDown}
        data-task-id={task.id}
        className={cn('min-w-0 touch-manipulation', isDragging && 'opacity-40')}
      >
        <GridCardBody
          task={task}
          parentTitle={parentTitle}
          menu={<TaskQuickMenu task={task} onRename={rename.start} className="-mt-0.5 -mr-1" />}
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
      {rename.dialog}
    </>
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
