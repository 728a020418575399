import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { ReactNode } from 'react';
import type { DragParts } from '../drag-layer/drag-parts';
import { cellKeyboardCoordinates } from './cell-keyboard-coordinates';

// Every use of the drag-and-drop library on the grid, loaded when a pointer or focus first comes to it
// (importance-grid.tsx): reading the grid never downloads it.

// The pointer decides where a card lands; from the keyboard (no pointer) the nearest cell does.
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

export const gridDragParts: DragParts = {
  Draggable: function DraggableCard({ id, data, children }) {
    const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id, data });
    // The card stays in its cell while the overlay follows the pointer.
    return children({ attributes, listeners, setNodeRef, setActivatorNodeRef, style: undefined, isDragging });
  },
  Droppable: function DropCell({ id, data, children }) {
    const { setNodeRef, isOver } = useDroppable({ id, data });
    return children({ setNodeRef, isOver });
  },
  SortableArea: ({ children }) => children,
};

export function GridDragScope({
  announcements,
  onDragStart,
  onDragEnd,
  onDragCancel,
  overlay,
  children,
}: {
  announcements: Announcements;
  onDragStart: (event: DragStartEvent) => void;
  onDragEnd: (event: DragEndEvent) => void;
  onDragCancel: () => void;
  /** The copy of the dragged card that follows the pointer. */
  overlay: ReactNode;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: cellKeyboardCoordinates }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To pick up a task, press Space or Enter. Use the arrow keys to move it to another cell. Press Space or Enter again to drop it, or Escape to cancel.',
        },
      }}
    >
      {children}
      <DragOverlay>{overlay}</DragOverlay>
    </DndContext>
  );
}
