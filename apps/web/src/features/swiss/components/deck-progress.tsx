import { useId } from 'react';

/** How much of the big task is done: "12 of 30 done" and a bar. */
export function DeckProgress({ done, total }: { done: number; total: number }) {
  const labelId = useId();
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const text = `${done} of ${total} done`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium" aria-live="polite">
          {text}
        </span>
        <span className="text-muted-foreground" aria-hidden>
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
