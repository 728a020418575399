import type { ChartColorScheme } from '@cairn/contracts/trackers';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BarDatum, ChartFigures, PointLink, ScatterDatum, SeriesDatum } from './chart-figures';
import { getChartColor } from './chart-palettes';
import {
  type AxisLabel,
  dayTicks,
  type LinearScale,
  niceScale,
  nonOverlappingLabels,
  thinLabels,
} from './chart-scale';
import { formatAxisTick, formatChartDay } from './format-chart-value';

// The dashboard's charts drawn as SVG by hand, like the trackers' sparklines: three chart kinds need
// axes, a grid, a tooltip and clickable points, which a general chart library would add some 100 KB
// (brotli) to the dashboard's first load for (bench/frontend). Colours are the theme's variables, so
// the charts follow the light and dark themes.

const themeColors = {
  grid: 'var(--border)',
  axis: 'var(--muted-foreground)',
  cursor: 'var(--muted)',
} as const;

const FONT_SIZE = 12;
/** About how wide a character of the axis labels is, to keep labels apart. */
const CHAR_WIDTH = 6.5;
const MAX_BAR_WIDTH = 48;
const POINT_RADIUS = 3.5;
const ACTIVE_POINT_RADIUS = 5;
const SCATTER_RADIUS = 4.5;

type Margin = { top: number; right: number; bottom: number; left: number };
const margin: Margin = { top: 8, right: 12, bottom: 24, left: 48 };
const scatterMargin: Margin = { top: 8, right: 12, bottom: 40, left: 64 };

export interface TrackerChartProps {
  figures: ChartFigures;
  colorScheme: ChartColorScheme;
  onOpenLog: (link: PointLink) => void;
}

type Size = { width: number; height: number };

/** The box the chart fills, followed as the card is resized. */
function useBoxSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((current) =>
        current.width === Math.floor(width) && current.height === Math.floor(height)
          ? current
          : { width: Math.floor(width), height: Math.floor(height) },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/** Where a tooltip stands: beside the point, on whichever side has room. */
type TooltipState = { x: number; y: number; content: ReactNode };

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

function ChartTooltip({ tooltip, width }: { tooltip: TooltipState; width: number }) {
  const isLeft = tooltip.x > width / 2;
  return (
    <div
      className="pointer-events-none absolute z-10 w-max max-w-64"
      style={{
        left: tooltip.x,
        top: Math.max(0, tooltip.y),
        transform: `translate(${isLeft ? 'calc(-100% - 12px)' : '12px'}, -50%)`,
      }}
    >
      {tooltip.content}
    </div>
  );
}

/** The chart for the card's figures: bars, lines over days, or the two trackers' days as points. */
export function TrackerChart({ figures, colorScheme, onOpenLog }: TrackerChartProps) {
  const { ref, size } = useBoxSize();
  const [tooltip, setTooltip] = useState<TooltipState>();
  const isDrawn = size.width > 0 && size.height > 0;
  const props = { size, colorScheme, onOpenLog, onTooltip: setTooltip };
  return (
    <div ref={ref} className="relative size-full" onPointerLeave={() => setTooltip(undefined)}>
      {isDrawn && figures.chartType === 'bar' && <BarChart bars={figures.bars} {...props} />}
      {isDrawn && figures.chartType === 'timeSeries' && <LineChart figures={figures} {...props} />}
      {isDrawn && figures.chartType === 'scatter' && <ScatterChart figures={figures} {...props} />}
      {tooltip && <ChartTooltip tooltip={tooltip} width={size.width} />}
    </div>
  );
}

interface DrawingProps {
  size: Size;
  colorScheme: ChartColorScheme;
  onOpenLog: (link: PointLink) => void;
  onTooltip: (tooltip: TooltipState | undefined) => void;
}

/** A value's place along an axis of `length` pixels from `start`, flipped for the vertical axis. */
function placer(scale: LinearScale, start: number, length: number, isVertical: boolean) {
  const [low, high] = scale.domain;
  const span = high - low || 1;
  return (value: number) =>
    isVertical ? start + (1 - (value - low) / span) * length : start + ((value - low) / span) * length;
}

function ValueAxis({
  scale,
  y,
  left,
  right,
  isGridShown = true,
}: {
  scale: LinearScale;
  y: (value: number) => number;
  left: number;
  right: number;
  isGridShown?: boolean;
}) {
  return (
    <g fontSize={FONT_SIZE} fill={themeColors.axis}>
      {scale.ticks.map((tick) => (
        <g key={tick}>
          {isGridShown && <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke={themeColors.grid} />}
          <text x={left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {formatAxisTick(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

function BarChart({ bars, size, colorScheme, onOpenLog, onTooltip }: DrawingProps & { bars: BarDatum[] }) {
  const [active, setActive] = useState<number>();
  const plotWidth = Math.max(1, size.width - margin.left - margin.right);
  const plotHeight = Math.max(1, size.height - margin.top - margin.bottom);
  const scale = useMemo(
    () =>
      niceScale(
        bars.map((bar) => bar.value),
        { includeZero: true },
      ),
    [bars],
  );
  const y = placer(scale, margin.top, plotHeight, true);
  const band = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.min(MAX_BAR_WIDTH, band * 0.8);
  const longest = Math.max(0, ...bars.map((bar) => bar.label.length));
  const labelled = new Set(thinLabels(bars.length, plotWidth, longest * CHAR_WIDTH, 8));
  const bottom = margin.top + plotHeight;

  function show(index: number) {
    const bar = bars[index];
    if (!bar) return;
    setActive(index);
    onTooltip({
      x: margin.left + band * (index + 0.5),
      y: y(Math.max(bar.value, 0)),
      content: (
        <TooltipBox title={bar.label}>
          <TooltipLine color={getChartColor(colorScheme, bar.trackerIndex)} label="Value" value={bar.text} />
          {bar.link && <p className="text-xs text-muted-foreground">Click to open its logs</p>}
        </TooltipBox>
      ),
    });
  }

  return (
    <svg
      aria-hidden
      width={size.width}
      height={size.height}
      className="block"
      onPointerLeave={() => setActive(undefined)}
    >
      <ValueAxis scale={scale} y={y} left={margin.left} right={margin.left + plotWidth} />
      <line x1={margin.left} x2={margin.left + plotWidth} y1={bottom} y2={bottom} stroke={themeColors.grid} />
      {active !== undefined && (
        <rect
          x={margin.left + band * active}
          y={margin.top}
          width={band}
          height={plotHeight}
          fill={themeColors.cursor}
        />
      )}
      {bars.map((bar, index) => {
        const top = y(Math.max(bar.value, 0));
        const base = y(Math.min(bar.value, 0));
        const x = margin.left + band * index + (band - barWidth) / 2;
        const { link } = bar;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the card's table view opens the same logs from the keyboard.
          <g
            key={bar.key}
            onPointerEnter={() => show(index)}
            onClick={link ? () => onOpenLog(link) : undefined}
            style={link ? { cursor: 'pointer' } : undefined}
          >
            {/* The whole band answers the pointer, as a short bar is hard to hit. */}
            <rect
              x={margin.left + band * index}
              y={margin.top}
              width={band}
              height={plotHeight}
              fill="transparent"
            />
            <path
              className="tracker-chart-bar"
              d={roundedTop(x, top, barWidth, Math.max(0, base - top), bar.value >= 0 ? 3 : 0)}
              fill={getChartColor(colorScheme, bar.trackerIndex)}
            />
            {labelled.has(index) && (
              <text
                x={margin.left + band * (index + 0.5)}
                y={bottom + 16}
                textAnchor="middle"
                fontSize={FONT_SIZE}
                fill={themeColors.axis}
              >
                {bar.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** A bar's outline with its top corners rounded by `radius`. */
function roundedTop(x: number, y: number, width: number, height: number, radius: number): string {
  const r = Math.min(radius, width / 2, height);
  return `M${x},${y + height}V${y + r}Q${x},${y} ${x + r},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${y + height}Z`;
}

const DAY_MS = 86_400_000;

function LineChart({
  figures,
  size,
  colorScheme,
  onOpenLog,
  onTooltip,
}: DrawingProps & { figures: Extract<ChartFigures, { chartType: 'timeSeries' }> }) {
  const [activeTime, setActiveTime] = useState<number>();
  const plotWidth = Math.max(1, size.width - margin.left - margin.right);
  const plotHeight = Math.max(1, size.height - margin.top - margin.bottom);
  const { series } = figures;
  const { times, scale } = useMemo(() => {
    const all = series.flatMap((entry) => entry.points);
    return {
      times: [...new Set(all.map((point) => point.time))].sort((a, b) => a - b),
      // Fitted to the values, so a weight moving between 75 and 81 shows its movement, not a flat line.
      scale: niceScale(all.map((point) => point.value)),
    };
  }, [series]);
  const first = times[0] ?? 0;
  const last = times.at(-1) ?? first;
  // One day alone sits in the middle of a day either side.
  const from = first === last ? first - DAY_MS : first;
  const to = first === last ? last + DAY_MS : last;
  const x = (time: number) => margin.left + ((time - from) / (to - from)) * plotWidth;
  const y = placer(scale, margin.top, plotHeight, true);
  const isYearShown = new Date(first).getUTCFullYear() !== new Date(last).getUTCFullYear();
  const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
  const tickLabel = (time: number) => formatChartDay(dayOf(time), { withYear: isYearShown });
  const labelWidth = (isYearShown ? 12 : 6) * CHAR_WIDTH;
  const ticks = dayTicks(from, to, Math.max(1, Math.floor(plotWidth / (labelWidth + 16))));
  // The first label starts at its tick and one that would run past the right edge ends at its tick, so
  // both stay inside the card; a neighbour they would then touch is left out.
  const tickLabels = ticks.map((tick, index): AxisLabel => {
    const anchor =
      index === 0 && ticks.length > 1 ? 'start' : x(tick) + labelWidth / 2 > size.width ? 'end' : 'middle';
    return { x: x(tick), width: labelWidth, anchor };
  });
  const labelledTicks = nonOverlappingLabels(tickLabels, 8);
  const bottom = margin.top + plotHeight;

  function showNearest(pointerX: number) {
    let nearest: number | undefined;
    for (const time of times) {
      if (nearest === undefined || Math.abs(x(time) - pointerX) < Math.abs(x(nearest) - pointerX))
        nearest = time;
    }
    if (nearest === undefined) return;
    setActiveTime(nearest);
    const shown = series.flatMap((entry) =>
      entry.points.filter((point) => point.time === nearest).map((point) => ({ entry, point })),
    );
    const top = Math.min(...shown.map(({ point }) => y(point.value)));
    onTooltip({
      x: x(nearest),
      y: top,
      content: (
        <TooltipBox title={formatChartDay(dayOf(nearest), { withYear: true })}>
          {shown.map(({ entry, point }, index) => (
            <TooltipLine
              // biome-ignore lint/suspicious/noArrayIndexKey: one line per point of the day, in the chart's order.
              key={index}
              color={getChartColor(colorScheme, entry.trackerIndex)}
              label={entry.name}
              value={point.text}
            />
          ))}
        </TooltipBox>
      ),
    });
  }

  return (
    <svg
      aria-hidden
      width={size.width}
      height={size.height}
      className="block"
      onPointerMove={(event) => showNearest(event.clientX - event.currentTarget.getBoundingClientRect().left)}
      onPointerLeave={() => setActiveTime(undefined)}
    >
      <ValueAxis scale={scale} y={y} left={margin.left} right={margin.left + plotWidth} />
      <line x1={margin.left} x2={margin.left + plotWidth} y1={bottom} y2={bottom} stroke={themeColors.grid} />
      <g fontSize={FONT_SIZE} fill={themeColors.axis}>
        {labelledTicks.map((index) => (
          <text
            key={ticks[index]}
            x={tickLabels[index]!.x}
            y={bottom + 16}
            textAnchor={tickLabels[index]!.anchor}
          >
            {tickLabel(ticks[index]!)}
          </text>
        ))}
      </g>
      {activeTime !== undefined && (
        <line x1={x(activeTime)} x2={x(activeTime)} y1={margin.top} y2={bottom} stroke={themeColors.axis} />
      )}
      {series.map((entry) => {
        const color = getChartColor(colorScheme, entry.trackerIndex);
        return (
          <g key={entry.trackerId}>
            {entry.points.length > 1 && (
              <path
                className="tracker-chart-line"
                d={entry.points
                  .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.time)},${y(point.value)}`)
                  .join('')}
                fill="none"
                stroke={color}
                strokeWidth={2}
                strokeLinejoin="round"
              />
            )}
            {entry.points.map((point, index) => (
              <LinePoint
                key={point.link?.logId ?? `${point.time}-${index}`}
                point={point}
                cx={x(point.time)}
                cy={y(point.value)}
                color={color}
                isActive={point.time === activeTime}
                onOpenLog={onOpenLog}
              />
            ))}
          </g>
        );
      })}
    </svg>
  );
}

function LinePoint({
  point,
  cx,
  cy,
  color,
  isActive,
  onOpenLog,
}: {
  point: SeriesDatum;
  cx: number;
  cy: number;
  color: string;
  isActive: boolean;
  onOpenLog: (link: PointLink) => void;
}) {
  const { link } = point;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the card's table view opens the same logs from the keyboard.
    <circle
      cx={cx}
      cy={cy}
      r={isActive ? ACTIVE_POINT_RADIUS : POINT_RADIUS}
      fill={color}
      stroke="var(--card)"
      strokeWidth={1}
      className="tracker-chart-point"
      style={link ? { cursor: 'pointer' } : undefined}
      onClick={link ? () => onOpenLog(link) : undefined}
    />
  );
}

function ScatterChart({
  figures,
  size,
  colorScheme,
  onOpenLog,
  onTooltip,
}: DrawingProps & { figures: Extract<ChartFigures, { chartType: 'scatter' }> }) {
  const [active, setActive] = useState<ScatterDatum>();
  const plotWidth = Math.max(1, size.width - scatterMargin.left - scatterMargin.right);
  const plotHeight = Math.max(1, size.height - scatterMargin.top - scatterMargin.bottom);
  const { points } = figures;
  const xScale = useMemo(() => niceScale(points.map((point) => point.x)), [points]);
  const yScale = useMemo(() => niceScale(points.map((point) => point.y)), [points]);
  const x = placer(xScale, scatterMargin.left, plotWidth, false);
  const y = placer(yScale, scatterMargin.top, plotHeight, true);
  const color = getChartColor(colorScheme, 0);
  const bottom = scatterMargin.top + plotHeight;
  const right = scatterMargin.left + plotWidth;
  const longest = Math.max(...xScale.ticks.map((tick) => formatAxisTick(tick).length));
  const labelled = new Set(thinLabels(xScale.ticks.length, plotWidth, longest * CHAR_WIDTH, 12));

  function show(point: ScatterDatum) {
    setActive(point);
    onTooltip({
      x: x(point.x),
      y: y(point.y),
      content: (
        <TooltipBox title={formatChartDay(point.date, { withYear: true })}>
          <TooltipLine label={figures.xName} value={point.xText} />
          <TooltipLine label={figures.yName} value={point.yText} />
        </TooltipBox>
      ),
    });
  }

  return (
    <svg
      aria-hidden
      width={size.width}
      height={size.height}
      className="block"
      onPointerLeave={() => setActive(undefined)}
    >
      <ValueAxis scale={yScale} y={y} left={scatterMargin.left} right={right} />
      <g fontSize={FONT_SIZE} fill={themeColors.axis}>
        {xScale.ticks.map((tick, index) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={scatterMargin.top} y2={bottom} stroke={themeColors.grid} />
            {labelled.has(index) && (
              <text x={x(tick)} y={bottom + 16} textAnchor="middle">
                {formatAxisTick(tick)}
              </text>
            )}
          </g>
        ))}
        <text x={scatterMargin.left + plotWidth / 2} y={size.height - 4} textAnchor="middle">
          {figures.xName}
        </text>
        <text
          transform={`translate(14 ${scatterMargin.top + plotHeight / 2}) rotate(-90)`}
          textAnchor="middle"
          dominantBaseline="middle"
        >
          {figures.yName}
        </text>
      </g>
      {active && (
        <g stroke={themeColors.axis} strokeDasharray="3 3">
          <line x1={scatterMargin.left} x2={right} y1={y(active.y)} y2={y(active.y)} />
          <line x1={x(active.x)} x2={x(active.x)} y1={scatterMargin.top} y2={bottom} />
        </g>
      )}
      {points.map((point) => {
        const { link } = point;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the card's table view opens the same logs from the keyboard.
          <circle
            key={point.key}
            cx={x(point.x)}
            cy={y(point.y)}
            r={SCATTER_RADIUS}
            fill={color}
            className="tracker-chart-point"
            style={link ? { cursor: 'pointer' } : undefined}
            onPointerEnter={() => show(point)}
            onClick={link ? () => onOpenLog(link) : undefined}
          />
        );
      })}
    </svg>
  );
}
