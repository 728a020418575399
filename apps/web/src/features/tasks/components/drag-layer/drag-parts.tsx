import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { CSSProperties, ReactNode } from 'react';

// What a board's cards and drop areas need from the drag-and-drop library, so the board can render
// before the library has loaded (static-drag-parts) and with it once it has (each board's drag layer).

/** What a draggable card puts on its element and its grip. */
export interface DragBinding {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setNodeRef: (element: HTMLElement | null) => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  /** Where the card is shifted to while another card is dragged past it. */
  style: CSSProperties | undefined;
  isDragging: boolean;
}

/** What an area cards are dropped in puts on its element. */
export interface DropBinding {
  setNodeRef: (element: HTMLElement | null) => void;
  isOver: boolean;
}

export interface DragParts {
  Draggable: (props: {
    id: string;
    data: Record<string, unknown>;
    children: (binding: DragBinding) => ReactNode;
  }) => ReactNode;
  Droppable: (props: {
    id: string;
    data: Record<string, unknown>;
    children: (binding: DropBinding) => ReactNode;
  }) => ReactNode;
  /** A column whose cards are reordered among themselves; a plain wrapper where order does not matter. */
  SortableArea: (props: { items: readonly string[]; children: ReactNode }) => ReactNode;
}

const ignoreNode = (_element: HTMLElement | null) => {};

/**
 * The cards and areas before the library has loaded: the same elements, focusable and announced as
 * the library will make them, so nothing moves or changes name when it arrives.
 */
export function staticDragParts(roleDescription: 'sortable' | 'draggable'): DragParts {
  const binding: DragBinding = {
    attributes: {
      role: 'button',
      tabIndex: 0,
      'aria-disabled': false,
      'aria-pressed': undefined,
      'aria-roledescription': roleDescription,
      'aria-describedby': '',
    },
    listeners: undefined,
    setNodeRef: ignoreNode,
    setActivatorNodeRef: ignoreNode,
    style: undefined,
    isDragging: false,
  };
  const drop: DropBinding = { setNodeRef: ignoreNode, isOver: false };
  return {
    Draggable: ({ children }) => children(binding),
    Droppable: ({ children }) => children(drop),
    SortableArea: ({ children }) => children,
  };
}
