import type { DashboardChart, DashboardLayoutBody } from '@cairn/contracts/trackers';
import { type Layout, type LayoutItem, moveElement, verticalCompactor } from 'react-grid-layout/core';

/** The dashboard's grid on a wide screen: 12 columns, as the charts' positions are stored. */
export const GRID_COLUMNS = 12;
/** Below this size a chart's axes and legend no longer fit. */
export const MIN_CHART_WIDTH = 3;
export const MIN_CHART_HEIGHT = 3;
const MAX_CHART_HEIGHT = 24;
const DEFAULT_SIZE = { w: 6, h: 4 };

export type LayoutStep = 'left' | 'right' | 'up' | 'down' | 'wider' | 'narrower' | 'taller' | 'shorter';

function readPair(value: string): [number, number] | undefined {
  const match = /^(\d+),(\d+)$/.exec(value);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** Where a chart sits on the 12-column grid, kept inside it whatever was stored. */
export function toLayoutItem(chart: Pick<DashboardChart, 'id' | 'position' | 'size'>): LayoutItem {
  const [x, y] = readPair(chart.position) ?? [0, 0];
  const [w, h] = readPair(chart.size) ?? [DEFAULT_SIZE.w, DEFAULT_SIZE.h];
  const width = clamp(w, MIN_CHART_WIDTH, GRID_COLUMNS);
  return {
    i: chart.id,
    x: clamp(x, 0, GRID_COLUMNS - width),
    y,
    w: width,
    h: clamp(h, MIN_CHART_HEIGHT, MAX_CHART_HEIGHT),
    minW: MIN_CHART_WIDTH,
    minH: MIN_CHART_HEIGHT,
    maxH: MAX_CHART_HEIGHT,
  };
}

export function toLayout(charts: readonly Pick<DashboardChart, 'id' | 'position' | 'size'>[]): LayoutItem[] {
  return charts.map(toLayoutItem);
}

/** The charts whose place on the grid differs from what the server holds, as the layout call takes them. */
export function findLayoutChanges(
  charts: readonly Pick<DashboardChart, 'id' | 'position' | 'size'>[],
  layout: Layout,
): DashboardLayoutBody['items'] {
  const stored = new Map(charts.map((chart) => [chart.id, chart]));
  return layout.flatMap((item) => {
    const chart = stored.get(item.i);
    if (!chart) return [];
    const position = `${item.x},${item.y}`;
    const size = `${item.w},${item.h}`;
    return chart.position === position && chart.size === size ? [] : [{ id: item.i, position, size }];
  });
}

/**
 * One step of a chart moved or resized from its menu, for whoever does not drag: the grid's own
 * move (others make way, as when dragging) and then the same upward packing it does after a drag.
 */
export function applyLayoutStep(layout: Layout, chartId: string, step: LayoutStep): LayoutItem[] {
  const current = layout.find((item) => item.i === chartId);
  if (!current) return [...layout];
  const items = layout.map((item) => ({ ...item }));
  const item = items.find((entry) => entry.i === chartId) as LayoutItem;
  let moved: LayoutItem[] = items;
  switch (step) {
    case 'left':
    case 'right': {
      const x = clamp(item.x + (step === 'left' ? -1 : 1), 0, GRID_COLUMNS - item.w);
      moved = moveElement(items, item, x, item.y, true, false, 'vertical', GRID_COLUMNS);
      break;
    }
    case 'up': {
      // Packed upward, one row up would fall back; going above the chart over it swaps the two.
      const above = items
        .filter((other) => other.i !== item.i && other.y + other.h <= item.y && overlapsColumns(other, item))
        .sort((a, b) => b.y + b.h - (a.y + a.h))[0];
      const y = above ? above.y : Math.max(0, item.y - 1);
      moved = moveElement(items, item, item.x, y, true, false, 'vertical', GRID_COLUMNS);
      break;
    }
    case 'down': {
      const below = items
        .filter((other) => other.i !== item.i && other.y >= item.y + item.h && overlapsColumns(other, item))
        .sort((a, b) => a.y - b.y)[0];
      // Past the chart under it, which then rises into the freed space.
      const y = below ? below.y + below.h : item.y + 1;
      if (below) {
        below.y = item.y;
        item.y = y;
        moved = items;
      } else {
        moved = moveElement(items, item, item.x, y, true, false, 'vertical', GRID_COLUMNS);
      }
      break;
    }
    case 'wider':
      item.w = Math.min(item.w + 1, GRID_COLUMNS);
      item.x = Math.min(item.x, GRID_COLUMNS - item.w);
      break;
    case 'narrower':
      item.w = Math.max(item.w - 1, MIN_CHART_WIDTH);
      break;
    case 'taller':
      item.h = Math.min(item.h + 1, MAX_CHART_HEIGHT);
      break;
    case 'shorter':
      item.h = Math.max(item.h - 1, MIN_CHART_HEIGHT);
      break;
  }
  return [...verticalCompactor.compact(moved, GRID_COLUMNS)];
}

function overlapsColumns(a: LayoutItem, b: LayoutItem): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w;
}

/** On a phone: one column, the charts in reading order (top to bottom, left to right), each as tall as stored. */
export function stackLayout(layout: Layout): LayoutItem[] {
  const ordered = [...layout].sort((a, b) => a.y - b.y || a.x - b.x);
  let y = 0;
  return ordered.map((item) => {
    const stacked = { ...item, x: 0, y, w: 1, minW: 1 };
    y += item.h;
    return stacked;
  });
}

/** What a step would do, so the menu can offer only steps that change something. */
export function canApplyLayoutStep(layout: Layout, chartId: string, step: LayoutStep): boolean {
  const before = layout.find((item) => item.i === chartId);
  const after = applyLayoutStep(layout, chartId, step).find((item) => item.i === chartId);
  if (!before || !after) return false;
  return before.x !== after.x || before.y !== after.y || before.w !== after.w || before.h !== after.h;
}
