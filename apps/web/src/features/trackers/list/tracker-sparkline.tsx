import { Suspense, useMemo } from 'react';
import { LazySparklineChart } from './lazy-sparkline';

interface TrackerSparklineProps {
  trackerName: string;
  points: readonly { date: string; value: string }[] | undefined;
  /** The points' values as a person reads them. */
  formatValue: (value: string) => string;
  days: number;
}

/** What the sparkline shows, in words, for those who cannot see it. */
export function describeSparkline(
  trackerName: string,
  points: readonly { date: string; value: string }[],
  formatValue: (value: string) => string,
  days: number,
): string {
  if (points.length === 0) return `${trackerName}: no values in the last ${days} days`;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || points.length === 1)
    return `${trackerName}: one value in the last ${days} days, ${formatValue(last?.value ?? '0')}`;
  return `${trackerName} over the last ${days} days: ${points.length} values, from ${formatValue(first.value)} to ${formatValue(last.value)}`;
}

/**
 * The tracker's last days as a line. Numbers for the chart only: the drawing's scale does not need the
 * decimals' exactness, and every figure shown in text stays a decimal string.
 */
export function TrackerSparkline({ trackerName, points, formatValue, days }: TrackerSparklineProps) {
  const chartPoints = useMemo(
    () => (points ?? []).map((point) => ({ date: point.date, value: Number(point.value) })),
    [points],
  );
  const label = describeSparkline(trackerName, points ?? [], formatValue, days);
  return (
    <div role="img" aria-label={label} title={label} className="h-8 w-24 shrink-0 sm:w-28">
      {chartPoints.length > 0 ? (
        <Suspense fallback={null}>
          <LazySparklineChart points={chartPoints} />
        </Suspense>
      ) : (
        <span className="flex h-full items-center justify-center text-xs text-muted-foreground" aria-hidden>
          —
        </span>
      )}
    </div>
  );
}
