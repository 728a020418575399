import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVerticalIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface SortableListProps<Item extends { id: string }> {
  items: readonly Item[];
  /** The list's accessible name, such as "Checklist". */
  label: string;
  getTitle: (item: Item) => string;
  /**
   * The row's React key when it must outlive a change of id (an item saved under a new id); the id
   * otherwise.
   */
  getKey?: (item: Item) => string;
  /** Every id in the new order, with the moved item and where it landed. */
  onReorder: (change: { ids: string[]; movedId: string; index: number }) => void;
  isDisabled?: boolean;
  renderItem: (item: Item, dragHandle: ReactNode) => ReactNode;
}

/**
 * A vertical list reordered by dragging a handle, or from the keyboard: Space on the handle picks the item
 * up, the arrow keys move it, Space drops it and Escape puts it back. Screen readers hear each step.
 */
export function SortableList<Item extends { id: string }>({
  items,
  label,
  getTitle,
  getKey = (item) => item.id,
  onReorder,
  isDisabled = false,
  renderItem,
}: SortableListProps<Item>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: string | number) => {
    const item = items.find((entry) => entry.id === id);
    return item ? `“${getTitle(item)}”` : 'The item';
  };
  const positionOf = (id: string | number | undefined) =>
    `position ${items.findIndex((entry) => entry.id === id) + 1} of ${items.length}`;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    if (from < 0 || to < 0) return;
    const ids = arrayMove(
      items.map((item) => item.id),
      from,
      to,
    );
    onReorder({ ids, movedId: String(active.id), index: to });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move an item, press Space or Enter on its handle, use the up and down arrow keys, then press Space or Enter to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, ${positionOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(active.id)} is over ${positionOf(over.id)}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? `${titleOf(active.id)} dropped at ${positionOf(over.id)}.`
              : `${titleOf(active.id)} was put back.`,
          onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul aria-label={label} className="grid grid-cols-[minmax(0,1fr)] gap-1">
          {items.map((item) => (
            <SortableItem key={getKey(item)} id={item.id} title={getTitle(item)} isDisabled={isDisabled}>
              {(handle) => renderItem(item, handle)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  title,
  isDisabled,
  children,
}: {
  id: string;
  title: string;
  isDisabled: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled: isDisabled });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move “${title}”`}
      disabled={isDisabled}
      className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default disabled:opacity-40 active:cursor-grabbing"
    >
      <GripVerticalIcon className="size-4" aria-hidden />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative rounded-md bg-background', isDragging && 'z-10 shadow-md ring-1 ring-border')}
    >
      {children(handle)}
    </li>
  );
}
