import type { DashboardChart } from '@cairn/contracts/trackers';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { bottom, calcGridItemPosition, type Layout, verticalCompactor } from 'react-grid-layout/core';
import { useSaveDashboardLayoutMutation } from '../api/save-dashboard-layout';
import { ChartCard } from './chart-card';
import type { PointLink } from './chart-figures';
import {
  applyLayoutStep,
  canApplyLayoutStep,
  findLayoutChanges,
  GRID_COLUMNS,
  type LayoutStep,
  stackLayout,
  toLayout,
} from './chart-layout';
import type { FindCurrency } from './format-chart-value';
import { GRID_GAP, PHONE_WIDTH, ROW_HEIGHT } from './grid-geometry';
import { useLazyGridLayer } from './use-lazy-grid-layer';

export interface DashboardGridProps {
  charts: readonly DashboardChart[];
  findCurrency: FindCurrency;
  onEdit: (chart: DashboardChart) => void;
  onDelete: (chart: DashboardChart) => void;
  onOpenLog: (link: PointLink) => void;
}

/** The width the grid has to lay the charts out in, followed as the window changes. */
function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.offsetWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The charts on a 12-column grid: dragged by the handle in their header, resized by the corner, or
 * moved and resized from their menu. Each change saves every chart whose place changed in one call.
 * The charts stand in their places at once; the grid library that drags and resizes them loads when
 * a pointer or focus first comes to a handle (use-lazy-grid-layer.ts).
 */
export function DashboardGrid({ charts, findCurrency, onEdit, onDelete, onOpenLog }: DashboardGridProps) {
  const { ref: measureRef, width } = useContainerWidth();
  const { layer, triggers } = useLazyGridLayer();
  const saveLayout = useSaveDashboardLayoutMutation();
  const isNarrow = width < PHONE_WIDTH;
  // Packed upward as the grid shows it, so menu steps start from what is on screen.
  const layout = useMemo(() => [...verticalCompactor.compact(toLayout(charts), GRID_COLUMNS)], [charts]);
  const layouts = useMemo(() => ({ wide: layout, narrow: stackLayout(layout) }), [layout]);

  const save = useCallback(
    (next: Layout) => {
      const items = findLayoutChanges(charts, next);
      if (items.length > 0) saveLayout.mutate({ items });
    },
    [charts, saveLayout],
  );

  const renderCard = (chart: DashboardChart) => (
    <ChartCard
      chart={chart}
      findCurrency={findCurrency}
      onEdit={() => onEdit(chart)}
      onDelete={() => onDelete(chart)}
      onOpenLog={onOpenLog}
      {...(!isNarrow && {
        layout: {
          canApply: (step: LayoutStep) => canApplyLayoutStep(layout, chart.id, step),
          onApply: (step: LayoutStep) => save(applyLayoutStep(layout, chart.id, step)),
        },
      })}
    />
  );

  const setRefs = useCallback(
    (element: HTMLDivElement | null) => {
      measureRef.current = element;
      triggers.ref.current = element;
    },
    [measureRef, triggers.ref],
  );

  let grid: ReactNode = null;
  if (width > 0 && layer) {
    grid = (
      <layer.DraggableDashboardGrid
        charts={charts}
        width={width}
        layouts={layouts}
        isNarrow={isNarrow}
        onLayoutDone={save}
        renderCard={renderCard}
      />
    );
  } else if (width > 0) {
    grid = (
      <StaticGrid
        charts={charts}
        width={width}
        layout={isNarrow ? layouts.narrow : layouts.wide}
        columns={isNarrow ? 1 : GRID_COLUMNS}
        hasResizeCorner={!isNarrow}
        renderCard={renderCard}
      />
    );
  }

  return (
    <div
      ref={setRefs}
      className="min-w-0"
      onPointerOverCapture={triggers.onPointerOverCapture}
      onFocusCapture={triggers.onFocusCapture}
      onPointerDownCapture={triggers.onPointerDownCapture}
    >
      {grid}
    </div>
  );
}

/**
 * The charts where the grid library will put them (its own arithmetic, so nothing moves when it
 * arrives), with a resize corner that looks like its one.
 */
function StaticGrid({
  charts,
  width,
  layout,
  columns,
  hasResizeCorner,
  renderCard,
}: {
  charts: readonly DashboardChart[];
  width: number;
  layout: Layout;
  columns: number;
  hasResizeCorner: boolean;
  renderCard: (chart: DashboardChart) => ReactNode;
}) {
  const params = {
    cols: columns,
    margin: GRID_GAP,
    containerPadding: [0, 0] as const,
    containerWidth: width,
    rowHeight: ROW_HEIGHT,
    maxRows: Number.POSITIVE_INFINITY,
  };
  const rows = bottom(layout);
  const places = new Map(layout.map((item) => [item.i, item]));
  return (
    <div className="relative" style={{ height: rows * ROW_HEIGHT + Math.max(0, rows - 1) * GRID_GAP[1] }}>
      {charts.map((chart) => {
        const item = places.get(chart.id);
        if (!item) return null;
        const place = calcGridItemPosition(params, item.x, item.y, item.w, item.h);
        return (
          <div
            key={chart.id}
            data-grid-chart-id={chart.id}
            className="group absolute top-0 left-0"
            style={{
              transform: `translate(${place.left}px,${place.top}px)`,
              width: place.width,
              height: place.height,
            }}
          >
            {renderCard(chart)}
            {hasResizeCorner && (
              <span
                data-resize-corner
                aria-hidden
                className="absolute right-0 bottom-0 size-6 cursor-se-resize opacity-60 group-hover:opacity-100 group-focus-within:opacity-100 after:absolute after:right-1.5 after:bottom-1.5 after:size-2 after:border-r-2 after:border-b-2 after:border-muted-foreground after:content-['']"
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
