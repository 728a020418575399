import { useEffect, useState } from 'react';

/**
 * How many of `total` heavy parts of a screen to render: `initial` at once, then one more in each
 * following task, so the first render is a series of short tasks instead of one long freeze of the
 * main thread. Once every part is in, later additions render at the next task.
 */
export function useStagedCount(total: number, initial = 1): number {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((current) => current + 1), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
