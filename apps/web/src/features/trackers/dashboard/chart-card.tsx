import type { DashboardChart } from '@cairn/contracts/trackers';
import { BarChart3Icon, GripVerticalIcon, TableIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { useChartData } from '../api/get-chart-data';
import { buildChartFigures, type ChartFigures, isChartEmpty, type PointLink } from './chart-figures';
import { ChartFiguresTable } from './chart-figures-table';
import { aggregationLabels, timeRangeLabels } from './chart-form';
import type { LayoutStep } from './chart-layout';
import { ChartMenu } from './chart-menu';
import { getChartColor } from './chart-palettes';
import type { FindCurrency } from './format-chart-value';
import { TrackerChart } from './tracker-chart';

/** The class react-grid-layout drags a card by: only the handle, so the chart keeps its clicks. */
export const DRAG_HANDLE_CLASS = 'chart-drag-handle';

const arrowSteps: Record<string, LayoutStep> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

interface ChartCardProps {
  chart: DashboardChart;
  findCurrency: FindCurrency;
  onEdit: () => void;
  onDelete: () => void;
  onOpenLog: (link: PointLink) => void;
  /** Dragging, moving and resizing; left out on a phone, where the charts stand in one column. */
  layout?: {
    canApply: (step: LayoutStep) => boolean;
    onApply: (step: LayoutStep) => void;
  };
}

/** One chart of the dashboard: its header with the handle and menu, the chart or its table, a legend. */
export function ChartCard({ chart, findCurrency, onEdit, onDelete, onOpenLog, layout }: ChartCardProps) {
  const titleId = useId();
  const tableId = useId();
  const [isTableShown, setIsTableShown] = useState(false);
  const data = useChartData(chart.id);
  const figures = useMemo(
    () => (data.data ? buildChartFigures(data.data, findCurrency) : undefined),
    [data.data, findCurrency],
  );
  const summary = `${chart.chartType === 'scatter' ? 'Daily values' : aggregationLabels[chart.config.aggregation]}, ${timeRangeLabels[chart.config.timeRange].toLowerCase()}`;

  function moveByArrow(event: KeyboardEvent<HTMLButtonElement>) {
    const step = arrowSteps[event.key];
    if (!step || !layout) return;
    event.preventDefault();
    if (layout.canApply(step)) layout.onApply(step);
  }

  return (
    <section
      aria-labelledby={titleId}
      data-testid="dashboard-chart"
      data-chart-id={chart.id}
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <header className="flex items-center gap-1 border-b px-2 py-1.5">
        {layout && (
          <Button
            variant="ghost"
            size="icon"
            className={cn(
              DRAG_HANDLE_CLASS,
              'size-8 cursor-grab text-muted-foreground active:cursor-grabbing',
            )}
            aria-label={`Move ${chart.name}`}
            aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown"
            title="Drag to move, or use the arrow keys"
            onKeyDown={moveByArrow}
          >
            <GripVerticalIcon aria-hidden />
          </Button>
        )}
        <div className={cn('grid min-w-0 flex-1', !layout && 'pl-2')}>
          <h2 id={titleId} className="truncate text-sm font-semibold leading-tight">
            {chart.name}
          </h2>
          <p className="truncate text-xs text-muted-foreground">{summary}</p>
        </div>
        {figures && !isChartEmpty(figures) && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground"
            aria-label={isTableShown ? `Show ${chart.name} as a chart` : `Show ${chart.name} as a table`}
            aria-pressed={isTableShown}
            aria-controls={tableId}
            onClick={() => setIsTableShown((shown) => !shown)}
          >
            {isTableShown ? <BarChart3Icon aria-hidden /> : <TableIcon aria-hidden />}
          </Button>
        )}
        <ChartMenu chartName={chart.name} onEdit={onEdit} onDelete={onDelete} {...(layout && { layout })} />
      </header>
      <div className="flex min-h-0 flex-1 flex-col gap-2 p-3">
        {data.isPending ? (
          <div
            role="status"
            aria-label={`Loading ${chart.name}`}
            className="min-h-0 flex-1 animate-pulse rounded-lg bg-muted"
          />
        ) : data.isError && !figures ? (
          <div
            role="alert"
            className="grid flex-1 content-center justify-items-center gap-2 text-center text-sm"
          >
            <p className="font-medium">The chart could not be loaded.</p>
            <p className="text-muted-foreground">
              {getErrorToastMessage(data.error, 'Something went wrong')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void data.refetch()}>
              Try again
            </Button>
          </div>
        ) : figures && isChartEmpty(figures) ? (
          <div className="grid flex-1 place-items-center text-center text-sm text-muted-foreground">
            No values in this range
          </div>
        ) : figures ? (
          <ChartBody
            chart={chart}
            figures={figures}
            tableId={tableId}
            isTableShown={isTableShown}
            onOpenLog={onOpenLog}
          />
        ) : null}
      </div>
    </section>
  );
}

function ChartBody({
  chart,
  figures,
  tableId,
  isTableShown,
  onOpenLog,
}: {
  chart: DashboardChart;
  figures: ChartFigures;
  tableId: string;
  isTableShown: boolean;
  onOpenLog: (link: PointLink) => void;
}) {
  return (
    <>
      {!isTableShown && (
        // Hidden from assistive technology: the table beside it carries the figures.
        <div aria-hidden className="min-h-0 flex-1" data-chart-type={chart.chartType}>
          <TrackerChart figures={figures} colorScheme={chart.config.colorScheme} onOpenLog={onOpenLog} />
        </div>
      )}
      <ChartFiguresTable
        id={tableId}
        caption={`${chart.name}: ${chart.chartType === 'scatter' ? 'daily values' : aggregationLabels[chart.config.aggregation].toLowerCase()}, ${timeRangeLabels[chart.config.timeRange].toLowerCase()}`}
        table={figures.table}
        isShown={isTableShown}
        onOpenLog={onOpenLog}
      />
      {!isTableShown && <ChartLegend chart={chart} figures={figures} />}
    </>
  );
}

/** Which colour is which tracker; for a scatter chart, which tracker is on which axis. */
function ChartLegend({ chart, figures }: { chart: DashboardChart; figures: ChartFigures }) {
  if (figures.chartType === 'scatter') {
    return (
      <p className="flex items-center gap-1.5 truncate text-xs text-muted-foreground">
        <span
          className="size-2.5 shrink-0 rounded-full"
          style={{ background: getChartColor(chart.config.colorScheme, 0) }}
          aria-hidden
        />
        One point per day: {figures.xName} across, {figures.yName} up
      </p>
    );
  }
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" aria-label="Legend">
      {figures.legend.map((entry) => (
        <li key={entry.trackerId} className="flex items-center gap-1.5">
          <span
            className="size-2.5 shrink-0 rounded-sm"
            style={{ background: getChartColor(chart.config.colorScheme, entry.index) }}
            aria-hidden
          />
          {entry.name}
        </li>
      ))}
    </ul>
  );
}
