// Drawn by hand rather than with the chart library: a line needs no axes, and the library would
// add some 85 KB (brotli) to the trackers screen for it (bench/frontend).

export interface SparklinePoint {
  date: string;
  value: number;
}

/** The drawing's own units; the SVG stretches them over the box the row gives it. */
const WIDTH = 100;
const HEIGHT = 32;
const MARGIN = 3;

/** A tiny line of the last days' values: no axes, no tooltip; the row states the figures in words. */
export function SparklineChart({ points }: { points: readonly SparklinePoint[] }) {
  const values = points.map((point) => point.value);
  const lowest = Math.min(...values);
  const highest = Math.max(...values);
  const span = highest - lowest;
  const x = (index: number) =>
    points.length === 1 ? WIDTH / 2 : MARGIN + (index / (points.length - 1)) * (WIDTH - 2 * MARGIN);
  // A flat line sits in the middle, as the library drew it.
  const y = (value: number) =>
    span === 0 ? HEIGHT / 2 : MARGIN + (1 - (value - lowest) / span) * (HEIGHT - 2 * MARGIN);
  const coordinates = values.map((value, index) => `${x(index).toFixed(2)},${y(value).toFixed(2)}`);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="size-full overflow-visible"
      aria-hidden
    >
      {points.length === 1 ? (
        <circle cx={x(0)} cy={y(values[0] ?? 0)} r={2} fill="var(--primary)" />
      ) : (
        <polyline
          points={coordinates.join(' ')}
          fill="none"
          stroke="var(--primary)"
          strokeWidth={1.75}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </svg>
  );
}
