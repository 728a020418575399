import { type ClassValue, clsx } from 'clsx';

type MergeClasses = (classes: string) => string;

let mergeClasses: MergeClasses | undefined;
let merging: Promise<void> | undefined;

/**
 * Joins class names, letting later Tailwind utilities override earlier ones (`cn('size-8', 'size-12')`
 * is `size-12`). The merging library (tailwind-merge, ~7 KB compressed) loads apart from the first
 * page: the login page passes no conflicting classes (login-classes.test.tsx holds it to that), and every other
 * page waits for loadClassMerging before it renders. Until then classes are only joined.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  return mergeClasses ? mergeClasses(classes) : classes;
}

/**
 * Loads the merging library, once; its tables are built at the same time, so that cost stays off the
 * first render. A failed load (offline, say) leaves classes joined rather than breaking the page.
 */
export function loadClassMerging(): Promise<void> {
  merging ??= import('tailwind-merge').then(
    ({ twMerge }) => {
      twMerge('p-1 p-2');
      mergeClasses = twMerge;
    },
    (error: unknown) => {
      merging = undefined;
      console.warn('Class merging could not be loaded', error);
    },
  );
  return merging;
}
