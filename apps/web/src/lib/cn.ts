import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, letting later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its lookup tables on first use (~15 ms on a slow machine). Done while the
 * browser waits for the first data, that cost leaves the task that renders the first screen.
 */
export function warmUpClassMerging(): void {
  const warmUp = () => twMerge('p-1 p-2');
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUp, { timeout: 2000 });
  else setTimeout(warmUp, 0);
}
