import { startTransition, useEffect, useState } from 'react';

/** Set once a page has painted: parts that mount later (the phone's navigation sheet) show at once. */
let hasPainted = false;

/**
 * Whether a secondary part of a screen (the sidebar's lists, say) should render yet: false in the
 * render that first shows the page, true right after the browser has painted it. The screen's own
 * content then paints without waiting for the parts around it, which render in a transition React
 * can split into short tasks.
 */
export function useAfterFirstPaint(): boolean {
  const [isPainted, setIsPainted] = useState(hasPainted);
  useEffect(() => {
    if (isPainted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the task runs once the browser has painted that frame.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        hasPainted = true;
        startTransition(() => setIsPainted(true));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isPainted]);
  return isPainted;
}
