import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatClock, formatDecimalClock } from '../utils/durations';
import type { ChartBar } from './report-figures';

// Every use of the chart library is here, loaded on demand (lazy-charts.ts), so neither the app's
// first load nor the work log's other views carry it.

const colors = {
  hours: 'var(--primary)',
  withBreaks: 'oklch(from var(--primary) calc(l + 0.18) calc(c - 0.03) h)',
  grid: 'var(--border)',
  axis: 'var(--muted-foreground)',
  cursor: 'var(--muted)',
} as const;

const axisTick = { fill: colors.axis, fontSize: 12 };

function BarTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const bar = payload?.[0]?.payload as ChartBar | undefined;
  if (!active || !bar) return null;
  return (
    <div className="grid gap-1 rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
      <p className="font-medium">{bar.label}</p>
      <p className="flex justify-between gap-4">
        <span className="text-muted-foreground">Hours</span>
        <span className="font-medium tabular-nums">{formatClock(bar.duration)}</span>
      </p>
      <p className="flex justify-between gap-4">
        <span className="text-muted-foreground">With breaks</span>
        <span className="font-medium tabular-nums">{formatDecimalClock(bar.durationWithBreaks)}</span>
      </p>
    </div>
  );
}

const hoursTick = (value: number) => `${value} h`;

/** Hours per day (or week), with and without breaks side by side. */
export function TimeChart({ bars, height }: { bars: readonly ChartBar[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={[...bars]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={colors.grid} />
        <XAxis
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: colors.grid }}
          minTickGap={12}
        />
        <YAxis
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={44}
          tickFormatter={hoursTick}
          allowDecimals={false}
        />
        <Tooltip cursor={{ fill: colors.cursor }} content={BarTooltip} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          dataKey="hours"
          name="Hours"
          fill={colors.hours}
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Bar
          dataKey="hoursWithBreaks"
          name="With breaks"
          fill={colors.withBreaks}
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Hours per project as horizontal bars, largest first, names beside them. */
export function GroupChart({ bars, height }: { bars: readonly ChartBar[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={[...bars]}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid horizontal={false} stroke={colors.grid} />
        <XAxis
          type="number"
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: colors.grid }}
          tickFormatter={hoursTick}
          allowDecimals={false}
        />
        <YAxis
          type="category"
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={120}
        />
        <Tooltip cursor={{ fill: colors.cursor }} content={BarTooltip} />
        <Bar
          dataKey="hours"
          name="Hours"
          fill={colors.hours}
          radius={[0, 3, 3, 0]}
          maxBarSize={22}
          isAnimationActive={false}
        />
        <Bar
          dataKey="hoursWithBreaks"
          name="With breaks"
          fill={colors.withBreaks}
          radius={[0, 3, 3, 0]}
          maxBarSize={22}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
