import { useDeferredValue } from 'react';

/**
 * The rows of a virtual list, for rendering. The rows a scroll brings into view mount in a render React
 * can split into short tasks rather than within the scroll event, where a wheel turn replacing every
 * row on screen held the page for longer than a frame; rows already in the page keep their places
 * meanwhile. A list with no rows yet shows its first ones at once: deferring them would only hold back
 * the screen's first content, or leave a list that mounted anew (a board given its drag layer) empty
 * for as long as the page is busy.
 */
export function useDeferredRows<Row>(rows: Row[]): Row[] {
  const deferred = useDeferredValue(rows);
  return deferred.length === 0 ? rows : deferred;
}
