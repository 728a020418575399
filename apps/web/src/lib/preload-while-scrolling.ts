import type { AnyRouter } from '@tanstack/react-router';

/**
 * Links preload their screen's code and data when the pointer rests on them ("intent"). A list
 * scrolled by the wheel moves its rows under a pointer that stays put, so each row passing it looked
 * like a rest: scrolling the notes or the task list fetched the notes and tasks it passed over, and
 * evaluated the note or task page's code in the middle of the scroll. So preloads are dropped from
 * the moment the page scrolls until the user next moves the pointer, presses a key or touches the
 * screen: a row the pointer then moves onto preloads as before, and a click on any row loads its
 * screen as it always does. No clock is involved, so a slow or busy device behaves the same.
 */
export function skipPreloadsWhileScrolling(
  router: Pick<AnyRouter, 'preloadRoute'>,
  target: Pick<Document, 'addEventListener'> = document,
): void {
  let hasScrolledSinceIntent = false;
  let pointer: { x: number; y: number } | undefined;
  const listen = (type: string, handler: (event: Event) => void) =>
    target.addEventListener(type, handler, { capture: true, passive: true });
  // Scroll events do not bubble, but a capturing listener on the document hears every scroller's.
  listen('scroll', () => {
    hasScrolledSinceIntent = true;
  });
  listen('pointermove', (event) => {
    const { clientX: x, clientY: y } = event as PointerEvent;
    // A browser may send a move at the same place when content scrolls under a still pointer.
    if (pointer?.x === x && pointer.y === y) return;
    pointer = { x, y };
    hasScrolledSinceIntent = false;
  });
  for (const type of ['pointerdown', 'keydown']) {
    listen(type, () => {
      hasScrolledSinceIntent = false;
    });
  }
  const preloadRoute = router.preloadRoute;
  router.preloadRoute = ((options) =>
    hasScrolledSinceIntent ? Promise.resolve(undefined) : preloadRoute(options)) as AnyRouter['preloadRoute'];
}
