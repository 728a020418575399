import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import './dashboard-grid.css';
import type { DashboardChart } from '@cairn/contracts/trackers';
import type { ReactNode } from 'react';
import { type Layout, ResponsiveGridLayout } from 'react-grid-layout';
import { DRAG_HANDLE_CLASS } from './chart-card';
import { GRID_COLUMNS } from './chart-layout';
import { GRID_GAP, PHONE_WIDTH, ROW_HEIGHT } from './grid-geometry';

// The grid library and its styles, loaded when a drag or resize may begin (dashboard-grid.tsx): the
// dashboard shows its charts in the same places without it.

const breakpoints = { wide: PHONE_WIDTH, narrow: 0 };
const columns = { wide: GRID_COLUMNS, narrow: 1 };

export function DraggableDashboardGrid({
  charts,
  width,
  layouts,
  isNarrow,
  onLayoutDone,
  renderCard,
}: {
  charts: readonly DashboardChart[];
  width: number;
  layouts: { wide: Layout; narrow: Layout };
  isNarrow: boolean;
  /** A drag or resize ended with the grid in this layout. */
  onLayoutDone: (layout: Layout) => void;
  renderCard: (chart: DashboardChart) => ReactNode;
}) {
  return (
    <ResponsiveGridLayout
      className="dashboard-grid"
      width={width}
      breakpoints={breakpoints}
      cols={columns}
      layouts={layouts}
      rowHeight={ROW_HEIGHT}
      margin={GRID_GAP}
      containerPadding={[0, 0]}
      dragConfig={{ enabled: !isNarrow, handle: `.${DRAG_HANDLE_CLASS}` }}
      resizeConfig={{ enabled: !isNarrow, handles: ['se'] }}
      onDragStop={onLayoutDone}
      onResizeStop={onLayoutDone}
    >
      {charts.map((chart) => (
        <div key={chart.id} data-grid-chart-id={chart.id}>
          {renderCard(chart)}
        </div>
      ))}
    </ResponsiveGridLayout>
  );
}
