import type { Task } from '@cairn/contracts/tasks';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, memo, type ReactNode, useCallback } from 'react';
import { DragGrip } from '../../../../components/ui/drag-grip';
import { cn } from '../../../../lib/cn';
import { CompleteTaskCheckbox } from '../complete-task-checkbox';
import type { DragBinding, DragParts } from '../drag-layer/drag-parts';
import { SubtaskOf } from '../subtask-of';
import { TaskMarkers } from '../task-markers';
import { TaskQuickMenu } from '../task-quick-menu/task-quick-menu';
import { useRenameTaskDialog } from '../task-quick-menu/use-rename-task-dialog';
import { isSameSlot, type VirtualCardSlot } from './virtual-card-list';

interface KanbanCardProps {
  task: Task;
  columnId: string;
  parentTitle?: string | undefined;
  /** Its place in the column's virtual list. */
  slot: VirtualCardSlot;
  parts: DragParts;
}

/**
 * A task on the board. The whole card drags with a pointer; from the keyboard, the grip button picks it
 * up (Space), arrows move it, Space drops and Escape cancels. The title opens the task; the "…" menu
 * renames it (or F2), sets its due date, urgency and importance, archives or trashes it.
 */
function isSameCard(before: KanbanCardProps, after: KanbanCardProps): boolean {
  return (
    before.task === after.task &&
    before.columnId === after.columnId &&
    before.parentTitle === after.parentTitle &&
    before.parts === after.parts &&
    isSameSlot(before.slot, after.slot)
  );
}

/**
 * Scrolling a column renders its list again with new slots for every card; a card whose task and place
 * are unchanged is not rendered again.
 */
export const KanbanCard = memo(function KanbanCard({
  task,
  columnId,
  parentTitle,
  slot,
  parts,
}: KanbanCardProps) {
  const rename = useRenameTaskDialog(task);
  return (
    <>
      <parts.Draggable id={task.id} data={{ type: 'task', columnId }}>
        {(drag) => (
          <KanbanCardItem
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
}, isSameCard);

function KanbanCardItem({
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, style, isDragging } = drag;
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
      style={{ ...slot.style, ...style }}
      // Pointers drag from anywhere on the card; keys only from the grip, so Enter on the title still opens it.
      onPointerDown={(event) => listeners?.onPointerDown?.(event)}
      onKeyDown={onKeyDown}
      data-task-id={task.id}
      // The gap below each card is part of it, so the measured heights add up to the column.
      className={cn('min-w-0 touch-manipulation pb-2', isDragging && 'opacity-40')}
    >
      <KanbanCardBody
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
