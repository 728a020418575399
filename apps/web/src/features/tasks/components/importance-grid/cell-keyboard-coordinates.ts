import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

const directions: Record<string, readonly [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * Keyboard dragging on the grid jumps a whole cell per arrow press (the default moves a few pixels),
 * to the nearest cell in that direction.
 */
export const cellKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = directions[event.code];
  const { collisionRect, droppableRects } = context;
  if (!direction || !collisionRect) return undefined;
  event.preventDefault();
  const centre = {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + collisionRect.height / 2,
  };
  let best: { x: number; y: number } | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const rect of droppableRects.values()) {
    const target = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    const dx = target.x - centre.x;
    const dy = target.y - centre.y;
    const along = dx * direction[0] + dy * direction[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * direction[1]) + Math.abs(dy * direction[0]);
    const score = along + across * 2;
    if (score < bestScore) {
      best = target;
      bestScore = score;
    }
  }
  if (!best) return currentCoordinates;
  return { x: currentCoordinates.x + best.x - centre.x, y: currentCoordinates.y + best.y - centre.y };
};
