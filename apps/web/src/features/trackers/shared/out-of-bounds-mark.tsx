import { TriangleAlertIcon } from 'lucide-react';
import { boundsLabel } from '../utils/format-tracker-value';

/** A value outside the tracker's boundaries: an icon and words, never colour alone. */
export function OutOfBoundsMark({ lower, upper }: { lower: string | null; upper: string | null }) {
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300"
      title={`Out of bounds: ${boundsLabel(lower, upper)}`}
    >
      <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden />
      Out of bounds
    </span>
  );
}
