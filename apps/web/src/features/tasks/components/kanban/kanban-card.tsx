import type { Task } from '@cairn/contracts/tasks';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback } from 'react';
import { DragGrip } from '../../../../components/ui/drag-grip';
import { cn } from '../../../../lib/cn';
import { CompleteTaskCheckbox } from '../complete-task-checkbox';
import { SubtaskOf } from '../subtask-of';
import { TaskMarkers } from '../task-markers';
import { TaskQuickMenu } from '../task-quick-menu/task-quick-menu';
import { useRenameTaskDialog } from '../task-quick-menu/use-rename-task-dialog';
import type { VirtualCardSlot } from './virtual-card-list';

interface KanbanCardProps {
  task: Task;
  columnId: string;
  parentTitle?: string | undefined;
  /** Its place in the column's virtual list. */
  slot: VirtualCardSlot;
}

/**
 * A task on the board. The whole card drags with a pointer; from the keyboard, the grip button picks it
 * up (Space), arrows move it, Space drops and Escape cancels. The title opens the task; the "…" menu
 * renames it (or F2), sets its due date, urgency and importance, archives or trashes it.
 */
export function KanbanCard({ task, columnId, parentTitle, slot }: KanbanCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: task.id, data: { type: 'task', columnId } });
  const rename = useRenameTaskDialog(task);
  const { ref: measureRef } = slot;
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element);
      measureRef(element);
    },
    [setNodeRef, measureRef],
  );
  return (
    <>
      <li
        ref={ref}
        data-index={slot.index}
        style={{ ...slot.style, transform: CSS.Translate.toString(transform), transition }}
        // Pointers drag from anywhere on the card; keys only from the grip, so Enter on the title still opens it.
        onPointerDown={(event) => listeners?.onPointerDown?.(event)}
        onKeyDown={rename.onKeyDown}
        data-task-id={task.id}
        // The gap below each card is part of it, so the measured heights add up to the column.
        className={cn('min-w-0 touch-manipulation pb-2', isDragging && 'opacity-40')}
      >
        <KanbanCardBody
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

/** The card's face, shared by the card in place and the copy that follows the pointer while dragging. */
export function KanbanCardBody({
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
  const isCompleted = task.completedAt !== null;
  return (
    <article
      aria-label={task.title}
      className={cn(
        'grid min-w-0 cursor-grab gap-2 rounded-lg border bg-card p-2.5 text-card-foreground shadow-xs transition-shadow hover:shadow-sm',
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
          className={cn(
            'min-w-0 flex-1 rounded-sm text-sm leading-snug font-medium wrap-anywhere outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
            isCompleted && 'text-muted-foreground line-through',
          )}
        >
          {task.title}
        </Link>
        {menu}
      </div>
      {parentTitle && <SubtaskOf title={parentTitle} className="pl-14" />}
      <TaskMarkers task={task} className="pl-14" />
    </article>
  );
}
