import type { ChartColorScheme } from '@cairn/contracts/trackers';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { BarDatum, ChartFigures, PointLink, ScatterDatum, SeriesDatum } from './chart-figures';
import { getChartColor } from './chart-palettes';
import { formatAxisTick, formatChartDay } from './format-chart-value';

// Every use of the chart library on the dashboard is here, loaded on demand (lazy-tracker-chart.ts).

const themeColors = {
  grid: 'var(--border)',
  axis: 'var(--muted-foreground)',
  cursor: 'var(--muted)',
} as const;

const axisTick = { fill: themeColors.axis, fontSize: 12 };
const margin = { top: 8, right: 12, bottom: 0, left: 0 };

export interface TrackerChartProps {
  figures: ChartFigures;
  colorScheme: ChartColorScheme;
  onOpenLog: (link: PointLink) => void;
}

function TooltipBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

function TooltipLine({ color, label, value }: { color?: string; label: string; value: string }) {
  return (
    <p className="flex items-center gap-2">
      {color && <span className="size-2.5 shrink-0 rounded-sm" style={{ background: color }} aria-hidden />}
      <span className="text-muted-foreground">{label}</span>
      <span className="ml-auto pl-3 font-medium tabular-nums">{value}</span>
    </p>
  );
}

interface TooltipContentProps {
  active?: boolean;
  payload?: readonly { payload?: unknown; name?: unknown; color?: string }[];
}

/** The chart for the card's figures: bars, lines over days, or the two trackers' days as points. */
export function TrackerChart({ figures, colorScheme, onOpenLog }: TrackerChartProps) {
  if (figures.chartType === 'bar') {
    return <TrackerBarChart bars={figures.bars} colorScheme={colorScheme} onOpenLog={onOpenLog} />;
  }
  if (figures.chartType === 'timeSeries') {
    return <TrackerLineChart figures={figures} colorScheme={colorScheme} onOpenLog={onOpenLog} />;
  }
  return <TrackerScatterChart figures={figures} colorScheme={colorScheme} onOpenLog={onOpenLog} />;
}

function TrackerBarChart({
  bars,
  colorScheme,
  onOpenLog,
}: {
  bars: BarDatum[];
  colorScheme: ChartColorScheme;
  onOpenLog: (link: PointLink) => void;
}) {
  const content = ({ active, payload }: TooltipContentProps) => {
    const bar = payload?.[0]?.payload as BarDatum | undefined;
    if (!active || !bar) return null;
    return (
      <TooltipBox title={bar.label}>
        <TooltipLine color={getChartColor(colorScheme, bar.trackerIndex)} label="Value" value={bar.text} />
        {bar.link && <p className="text-xs text-muted-foreground">Click to open its logs</p>}
      </TooltipBox>
    );
  };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={bars} accessibilityLayer={false} margin={margin}>
        <CartesianGrid vertical={false} stroke={themeColors.grid} />
        <XAxis
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: themeColors.grid }}
          interval="preserveStartEnd"
          minTickGap={8}
        />
        <YAxis tick={axisTick} tickLine={false} axisLine={false} width={48} tickFormatter={formatAxisTick} />
        <Tooltip cursor={{ fill: themeColors.cursor }} content={content} />
        <Bar
          dataKey="value"
          radius={[3, 3, 0, 0]}
          maxBarSize={48}
          isAnimationActive={false}
          onClick={(item: { payload?: unknown }) => {
            const bar = item.payload as BarDatum | undefined;
            if (bar?.link) onOpenLog(bar.link);
          }}
        >
          {bars.map((bar) => (
            <Cell
              key={bar.key}
              fill={getChartColor(colorScheme, bar.trackerIndex)}
              cursor={bar.link ? 'pointer' : undefined}
            />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

interface DotProps {
  cx?: number;
  cy?: number;
  payload?: unknown;
}

function TrackerLineChart({
  figures,
  colorScheme,
  onOpenLog,
}: {
  figures: Extract<ChartFigures, { chartType: 'timeSeries' }>;
  colorScheme: ChartColorScheme;
  onOpenLog: (link: PointLink) => void;
}) {
  const times = figures.series.flatMap((series) => series.points.map((point) => point.time));
  const isYearShown =
    times.length > 0 &&
    new Date(Math.min(...times)).getUTCFullYear() !== new Date(Math.max(...times)).getUTCFullYear();
  const tickDay = (time: number) =>
    formatChartDay(new Date(time).toISOString().slice(0, 10), { withYear: isYearShown });
  const content = ({ active, payload }: TooltipContentProps) => {
    const first = payload?.[0]?.payload as SeriesDatum | undefined;
    if (!active || !first || !payload) return null;
    return (
      <TooltipBox title={formatChartDay(first.date, { withYear: true })}>
        {payload.map((entry, index) => {
          const point = entry.payload as SeriesDatum;
          return (
            <TooltipLine
              // biome-ignore lint/suspicious/noArrayIndexKey: one line per series, in the chart's order.
              key={index}
              color={entry.color}
              label={String(entry.name ?? '')}
              value={point.text}
            />
          );
        })}
      </TooltipBox>
    );
  };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart accessibilityLayer={false} margin={margin}>
        <CartesianGrid vertical={false} stroke={themeColors.grid} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          allowDuplicatedCategory={false}
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: themeColors.grid }}
          tickFormatter={tickDay}
          minTickGap={16}
        />
        <YAxis
          // Fitted to the values, so a weight moving between 75 and 81 shows its movement, not a flat line.
          domain={['auto', 'auto']}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={48}
          tickFormatter={formatAxisTick}
        />
        <Tooltip cursor={{ stroke: themeColors.axis }} content={content} />
        {figures.series.map((series) => {
          const color = getChartColor(colorScheme, series.trackerIndex);
          const renderPoint = (props: DotProps, radius: number) => {
            const point = props.payload as SeriesDatum | undefined;
            const link = point?.link;
            if (props.cx === undefined || props.cy === undefined || !point)
              return <g key={`${series.trackerId}-empty`} />;
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the card's table view opens the same logs from the keyboard.
              <circle
                key={`${series.trackerId}-${point.time}-${point.link?.logId ?? ''}`}
                cx={props.cx}
                cy={props.cy}
                r={radius}
                fill={color}
                stroke="var(--card)"
                strokeWidth={1}
                className="tracker-chart-point"
                style={link ? { cursor: 'pointer' } : undefined}
                onClick={link ? () => onOpenLog(link) : undefined}
              />
            );
          };
          return (
            <Line
              key={series.trackerId}
              data={series.points}
              dataKey="value"
              name={series.name}
              stroke={color}
              strokeWidth={2}
              isAnimationActive={false}
              dot={(props: DotProps) => renderPoint(props, 3.5)}
              // The hover dot is drawn over the point, so it must open the log too.
              activeDot={(props: DotProps) => renderPoint(props, 5)}
            />
          );
        })}
      </LineChart>
    </ResponsiveContainer>
  );
}

function TrackerScatterChart({
  figures,
  colorScheme,
  onOpenLog,
}: {
  figures: Extract<ChartFigures, { chartType: 'scatter' }>;
  colorScheme: ChartColorScheme;
  onOpenLog: (link: PointLink) => void;
}) {
  const color = getChartColor(colorScheme, 0);
  const content = ({ active, payload }: TooltipContentProps) => {
    const point = payload?.[0]?.payload as ScatterDatum | undefined;
    if (!active || !point) return null;
    return (
      <TooltipBox title={formatChartDay(point.date, { withYear: true })}>
        <TooltipLine label={figures.xName} value={point.xText} />
        <TooltipLine label={figures.yName} value={point.yText} />
      </TooltipBox>
    );
  };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart accessibilityLayer={false} margin={{ ...margin, bottom: 16, left: 8 }}>
        <CartesianGrid stroke={themeColors.grid} />
        <XAxis
          dataKey="x"
          type="number"
          name={figures.xName}
          domain={['auto', 'auto']}
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: themeColors.grid }}
          tickFormatter={formatAxisTick}
          label={{
            value: figures.xName,
            position: 'insideBottom',
            offset: -12,
            fill: themeColors.axis,
            fontSize: 12,
          }}
        />
        <YAxis
          dataKey="y"
          type="number"
          name={figures.yName}
          domain={['auto', 'auto']}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={56}
          tickFormatter={formatAxisTick}
          label={{
            value: figures.yName,
            angle: -90,
            position: 'insideLeft',
            fill: themeColors.axis,
            fontSize: 12,
          }}
        />
        <Tooltip cursor={{ strokeDasharray: '3 3', stroke: themeColors.axis }} content={content} />
        <Scatter
          data={figures.points}
          name={`${figures.xName} and ${figures.yName}`}
          fill={color}
          isAnimationActive={false}
          className="tracker-chart-point"
          onClick={(item: { payload?: unknown }) => {
            const point = item.payload as ScatterDatum | undefined;
            if (point?.link) onOpenLog(point.link);
          }}
        />
      </ScatterChart>
    </ResponsiveContainer>
  );
}
