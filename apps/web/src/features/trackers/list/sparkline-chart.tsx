import { Line, LineChart, ResponsiveContainer, YAxis } from 'recharts';

// Every use of the chart library on this screen is here, loaded on demand (lazy-sparkline.ts).

export interface SparklinePoint {
  date: string;
  value: number;
}

/** A tiny line of the last days' values: no axes, no tooltip; the row states the figures in words. */
export function SparklineChart({ points }: { points: readonly SparklinePoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={[...points]}
        accessibilityLayer={false}
        margin={{ top: 3, right: 3, bottom: 3, left: 3 }}
      >
        <YAxis hide domain={['dataMin', 'dataMax']} />
        <Line
          type="monotone"
          dataKey="value"
          stroke="var(--primary)"
          strokeWidth={1.75}
          dot={points.length === 1}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
