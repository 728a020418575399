import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether a heavy part of a screen (a board column's cards, say) should render yet: the first
 * `immediately` parts at once, each other one in a task of its own right after, rendering only that
 * part. Opening the screen is then a series of short tasks instead of one long freeze.
 */
export function useRevealInTurn(order: number, immediately = 2): boolean {
  const [isRevealed, setIsRevealed] = useState(order < immediately);
  useEffect(() => {
    if (isRevealed) return;
    // Timers run one task each, in the order they were set; flushSync renders this part within its own.
    const timer = setTimeout(() => flushSync(() => setIsRevealed(true)), 0);
    return () => clearTimeout(timer);
  }, [isRevealed]);
  return isRevealed;
}
