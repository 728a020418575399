import type { DashboardChart } from '@cairn/contracts/trackers';
import { CircleAlertIcon, LayoutDashboardIcon, PlusIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCurrencies } from '../../../lib/currencies';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { useDeleteDashboardChartMutation } from '../api/delete-dashboard-chart';
import { useDashboardCharts } from '../api/get-dashboard-charts';
import { useTrackers } from '../api/get-trackers';
import { ChartDialog } from './chart-dialog';
import type { PointLink } from './chart-figures';
import { DashboardGrid } from './dashboard-grid';
import type { FindCurrency } from './format-chart-value';

interface DashboardPageProps {
  /** Opens the logs of a tracker, from a chart's point. */
  onOpenTrackerLogs: (trackerId: string) => void;
}

type DialogState = { kind: 'add' } | { kind: 'edit'; chart: DashboardChart } | undefined;

function GridPlaceholder() {
  return (
    <div role="status" aria-label="Loading the dashboard" className="grid gap-4 sm:grid-cols-2">
      <div className="h-72 animate-pulse rounded-xl bg-muted" />
      <div className="h-72 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}

/** The tracker dashboard: charts over the user's trackers, laid out on a grid they arrange. */
export function DashboardPage({ onOpenTrackerLogs }: DashboardPageProps) {
  const charts = useDashboardCharts();
  const trackers = useTrackers();
  const currencies = useCurrencies().data;
  const [dialog, setDialog] = useState<DialogState>();
  const [chartToDelete, setChartToDelete] = useState<DashboardChart>();
  const deleteChart = useDeleteDashboardChartMutation();

  const findCurrency = useCallback<FindCurrency>(
    (currencyId) => {
      const currency = currencies?.find((candidate) => candidate.id === currencyId);
      return currency && { code: currency.code, decimals: Math.max(0, currency.minorUnits) };
    },
    [currencies],
  );
  const openLog = useCallback((link: PointLink) => onOpenTrackerLogs(link.trackerId), [onOpenTrackerLogs]);
  const onEdit = useCallback((chart: DashboardChart) => setDialog({ kind: 'edit', chart }), []);
  const onDelete = useCallback((chart: DashboardChart) => setChartToDelete(chart), []);

  const addButton = (
    <Button onClick={() => setDialog({ kind: 'add' })}>
      <PlusIcon aria-hidden />
      Add chart
    </Button>
  );

  let body: React.ReactNode;
  if (charts.isPending) {
    body = <GridPlaceholder />;
  } else if (charts.isError && !charts.data) {
    const reason = getErrorToastMessage(charts.error, '');
    body = (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-lg border border-destructive/30 p-4 text-sm"
      >
        <p className="flex items-center gap-2 font-medium">
          <CircleAlertIcon className="size-4 text-destructive" aria-hidden />
          The dashboard could not be loaded.
        </p>
        {reason && <p className="text-muted-foreground">{reason}</p>}
        <Button variant="outline" size="sm" onClick={() => void charts.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (charts.data.length === 0) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
        <span className="rounded-full bg-muted p-3 text-muted-foreground [&_svg]:size-6">
          <LayoutDashboardIcon aria-hidden />
        </span>
        <h2 className="text-base font-semibold">No charts yet</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Add a chart to see your trackers over time: bars per tracker, lines day by day, or two trackers
          against each other.
        </p>
        {addButton}
      </div>
    );
  } else {
    body = (
      <DashboardGrid
        charts={charts.data}
        findCurrency={findCurrency}
        onEdit={onEdit}
        onDelete={onDelete}
        onOpenLog={openLog}
      />
    );
  }

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            Your trackers as charts.
            <span className="hidden sm:inline">
              {' '}
              Drag a card by its handle, or use its menu, to arrange them.
            </span>
          </p>
        </div>
        {charts.data && charts.data.length > 0 && addButton}
      </header>
      {body}
      {dialog && (
        <ChartDialog
          {...(dialog.kind === 'edit' && { chart: dialog.chart })}
          trackers={trackers.data ?? []}
          onClose={() => setDialog(undefined)}
        />
      )}
      <ConfirmDialog
        isOpen={chartToDelete !== undefined}
        onOpenChange={(isOpen) => !isOpen && setChartToDelete(undefined)}
        title={`Delete “${chartToDelete?.name ?? ''}”?`}
        description="The chart leaves the dashboard. Your trackers and their logs stay as they are."
        confirmLabel="Delete chart"
        onConfirm={() => {
          if (chartToDelete) deleteChart.mutate(chartToDelete.id);
        }}
      />
    </div>
  );
}
