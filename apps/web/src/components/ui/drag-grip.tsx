import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { GripVerticalIcon } from 'lucide-react';

/**
 * The keyboard handle of a draggable card: pointers drag from anywhere on the card, keys only from here,
 * so Enter on the card's own link still opens it.
 */
export function DragGrip({
  title,
  attributes,
  listeners,
  setActivatorNodeRef,
}: {
  title: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}) {
  return (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      onKeyDown={(event) => listeners?.onKeyDown?.(event)}
      aria-label={`Move “${title}”`}
      className="-ml-1 flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-muted-foreground/70 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <GripVerticalIcon className="size-4" aria-hidden />
    </button>
  );
}
