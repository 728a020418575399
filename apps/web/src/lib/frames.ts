/** Resolves at the next animation frame. */
export const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Calls `find` once a frame until it returns something, for an element React is about to render
 * anew. The limit is a time, not a count of frames: a page kept busy (a slow phone, a large screen)
 * may take many frames to get there.
 */
export async function findWithinFrames<T>(
  find: () => T | null | undefined,
  timeoutMs = 3_000,
): Promise<T | undefined> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (performance.now() >= deadline) return undefined;
    await nextFrame();
  }
}
