import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import './dashboard-grid.css';
import type { DashboardChart } from '@cairn/contracts/trackers';
import { useCallback, useMemo } from 'react';
import { type Layout, ResponsiveGridLayout, useContainerWidth, verticalCompactor } from 'react-grid-layout';
import { useSaveDashboardLayoutMutation } from '../api/save-dashboard-layout';
import { ChartCard, DRAG_HANDLE_CLASS } from './chart-card';
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

// This module brings the grid library and its styles; it loads with the first chart (lazy-dashboard-grid.ts).

/** Narrower than this, the charts stand in one column and are neither dragged nor resized. */
const PHONE_WIDTH = 640;
const breakpoints = { wide: PHONE_WIDTH, narrow: 0 };
const columns = { wide: GRID_COLUMNS, narrow: 1 };
const ROW_HEIGHT = 64;
const GAP: readonly [number, number] = [16, 16];

export interface DashboardGridProps {
  charts: readonly DashboardChart[];
  findCurrency: FindCurrency;
  onEdit: (chart: DashboardChart) => void;
  onDelete: (chart: DashboardChart) => void;
  onOpenLog: (link: PointLink) => void;
}

/**
 * The charts on a 12-column grid: dragged by the handle in their header, resized by the corner, or
 * moved and resized from their menu. Each change saves every chart whose place changed in one call.
 */
export function DashboardGrid({ charts, findCurrency, onEdit, onDelete, onOpenLog }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
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

  return (
    <div ref={containerRef} className="min-w-0">
      {mounted && (
        <ResponsiveGridLayout
          className="dashboard-grid"
          width={width}
          breakpoints={breakpoints}
          cols={columns}
          layouts={layouts}
          rowHeight={ROW_HEIGHT}
          margin={GAP}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: !isNarrow, handle: `.${DRAG_HANDLE_CLASS}` }}
          resizeConfig={{ enabled: !isNarrow, handles: ['se'] }}
          onDragStop={(next) => save(next)}
          onResizeStop={(next) => save(next)}
        >
          {charts.map((chart) => (
            <div key={chart.id}>
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
            </div>
          ))}
        </ResponsiveGridLayout>
      )}
    </div>
  );
}
