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
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import type { DragParts } from '../drag-layer/drag-parts';

// Every use of the drag-and-drop library on the board, loaded when a pointer or focus first comes to
// it (kanban-board.tsx): reading a board never downloads it.

export const kanbanDragParts: DragParts = {
  Draggable: function SortableCard({ id, data, children }) {
    const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
      useSortable({ id, data });
    return children({
      attributes,
      listeners,
      setNodeRef,
      setActivatorNodeRef,
      style: { transform: CSS.Translate.toString(transform), transition },
      isDragging,
    });
  },
  Droppable: function DropArea({ id, data, children }) {
    const { setNodeRef, isOver } = useDroppable({ id, data });
    return children({ setNodeRef, isOver });
  },
  SortableArea: ({ items, children }) => (
    <SortableContext items={[...items]} strategy={verticalListSortingStrategy}>
      {children}
    </SortableContext>
  ),
};

export function KanbanDragScope({
  announcements,
  onDragStart,
  onDragOver,
  onDragEnd,
  onDragCancel,
  overlay,
  children,
}: {
  announcements: Announcements;
  onDragStart: (event: DragStartEvent) => void;
  onDragOver: (event: DragOverEvent) => void;
  onDragEnd: (event: DragEndEvent) => void;
  onDragCancel: () => void;
  /** The copy of the dragged card that follows the pointer. */
  overlay: ReactNode;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
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
      {children}
      <DragOverlay>{overlay}</DragOverlay>
    </DndContext>
  );
}
