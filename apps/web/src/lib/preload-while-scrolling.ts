import type { AnyRouter } from '@tanstack/react-router';

/** How long after the page's last scroll event a pointer's rest still counts as the list moving under it. */
export const SCROLL_SETTLE_MS = 200;

/**
 * Links preload their screen's code and data when the pointer rests on them ("intent"). A list
 * scrolled by the wheel moves its rows under a pointer that stays put, so each row passing it looked
 * like a rest: scrolling the notes or the task list fetched the notes and tasks it passed over, and
 * evaluated the note or task page's code in the middle of the scroll. Preloads asked for while the
 * page scrolls are dropped; a row the pointer then moves to preloads as before, and a click on any row
 * loads its screen as it always does.
 */
export function skipPreloadsWhileScrolling(
  router: Pick<AnyRouter, 'preloadRoute'>,
  target: Pick<Document, 'addEventListener'> = document,
  now: () => number = () => performance.now(),
): void {
  let lastScrollAt = Number.NEGATIVE_INFINITY;
  // Scroll events do not bubble, but a capturing listener on the document hears every scroller's.
  target.addEventListener(
    'scroll',
    () => {
      lastScrollAt = now();
    },
    { capture: true, passive: true },
  );
  const preloadRoute = router.preloadRoute;
  router.preloadRoute = ((options) =>
    now() - lastScrollAt < SCROLL_SETTLE_MS
      ? Promise.resolve(undefined)
      : preloadRoute(options)) as AnyRouter['preloadRoute'];
}
