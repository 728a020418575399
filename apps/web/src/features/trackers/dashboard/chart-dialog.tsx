import {
  allowedAggregations,
  type ChartType,
  chartColorSchemes,
  chartTimeRanges,
  chartTypes,
  DASHBOARD_CHART_MAX_TRACKERS,
  type DashboardChart,
  TRACKER_NAME_MAX_LENGTH,
  type Tracker,
} from '@cairn/contracts/trackers';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import { showErrorToast } from '../../../lib/error-toast';
import { loadToasts } from '../../../lib/toasts';
import { useCreateDashboardChartMutation } from '../api/create-dashboard-chart';
import { useUpdateDashboardChartMutation } from '../api/update-dashboard-chart';
import {
  aggregationLabels,
  type ChartDraft,
  type ChartDraftErrors,
  changeChartType,
  chartTypeLabels,
  checkChartDraft,
  draftOfChart,
  newChartDraft,
  readChartServerErrors,
  timeRangeLabels,
  toChartBody,
} from './chart-form';
import { colorSchemeLabels, getChartPalette } from './chart-palettes';

interface ChartDialogProps {
  /** The chart being edited; left out to add one. */
  chart?: DashboardChart;
  trackers: readonly Tracker[];
  onClose: () => void;
}

const chartTypeHints: Record<ChartType, string> = {
  bar: 'One bar per tracker over the range, or one per log.',
  timeSeries: 'A line per tracker, day by day.',
  scatter: 'Two trackers against each other: a point for each day both have a value.',
};

/** Adds a chart to the dashboard, or changes what one shows. */
export function ChartDialog({ chart, trackers, onClose }: ChartDialogProps) {
  const id = useId();
  const [draft, setDraft] = useState<ChartDraft>(() => (chart ? draftOfChart(chart) : newChartDraft()));
  const [errors, setErrors] = useState<ChartDraftErrors>({});
  const create = useCreateDashboardChartMutation();
  const update = useUpdateDashboardChartMutation();
  const isPending = create.isPending || update.isPending;

  function change(patch: Partial<ChartDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field as keyof ChartDraftErrors];
      return next;
    });
  }

  function toggleTracker(trackerId: string, isChecked: boolean) {
    change({
      trackerIds: isChecked
        ? [...draft.trackerIds, trackerId]
        : draft.trackerIds.filter((entry) => entry !== trackerId),
    });
  }

  function submit() {
    const problems = checkChartDraft(draft);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    const body = toChartBody(draft);
    const onError = (error: unknown) => {
      const fieldErrors = readChartServerErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else showErrorToast(error, chart ? 'Could not save the chart' : 'Could not add the chart');
    };
    if (chart) {
      update.mutate({ id: chart.id, body }, { onSuccess: onClose, onError });
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          onClose();
          void loadToasts().then(({ toast }) => toast.success(`Added “${created.name}”`));
        },
        onError,
      });
    }
  }

  const isScatter = draft.chartType === 'scatter';
  const trackerNames = new Map(trackers.map((tracker) => [tracker.id, tracker.name]));
  const [across, up] = draft.trackerIds;
  const trackersHint = isScatter
    ? across && up
      ? `${trackerNames.get(across) ?? 'First'} across, ${trackerNames.get(up) ?? 'second'} up.`
      : 'Choose two: the first goes across, the second up.'
    : `Up to ${DASHBOARD_CHART_MAX_TRACKERS}.`;
  const trackersErrorId = `${id}-trackers-error`;
  const trackersHintId = `${id}-trackers-hint`;
  const colorErrorId = `${id}-color-error`;

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={chart ? `Edit “${chart.name}”` : 'Add chart'}
      description="Charts read your trackers' logs, day by day in your time zone."
      className="sm:max-w-lg"
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={draft.name}
              maxLength={TRACKER_NAME_MAX_LENGTH}
              autoComplete="off"
              placeholder="Weight this month, sleep and mood…"
              onChange={(event) => change({ name: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Chart type" hint={chartTypeHints[draft.chartType]} error={errors.chartType}>
          {(control) => (
            <NativeSelect
              {...control}
              value={draft.chartType}
              onChange={(event) => {
                const chartType = chartTypes.find((type) => type === event.target.value);
                if (!chartType) return;
                setDraft((current) => changeChartType(current, chartType));
                setErrors((current) => ({ ...current, chartType: undefined, aggregation: undefined }));
              }}
            >
              {chartTypes.map((type) => (
                <option key={type} value={type}>
                  {chartTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <fieldset
          className="grid gap-2"
          aria-describedby={[trackersHintId, errors.trackerIds && trackersErrorId].filter(Boolean).join(' ')}
          aria-invalid={errors.trackerIds ? true : undefined}
        >
          <legend className="mb-2 text-sm font-medium leading-none">Trackers</legend>
          {trackers.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              You have no trackers yet. Create one on the Trackers page.
            </p>
          ) : (
            <ul className="grid max-h-48 gap-0.5 overflow-y-auto rounded-md border p-1.5">
              {trackers.map((tracker) => {
                const order = draft.trackerIds.indexOf(tracker.id);
                const isChecked = order >= 0;
                return (
                  <li key={tracker.id}>
                    <label className="flex cursor-pointer items-center gap-2 rounded-sm px-1.5 py-1 text-sm hover:bg-accent">
                      <input
                        type="checkbox"
                        className="size-4 shrink-0 cursor-pointer accent-primary"
                        checked={isChecked}
                        disabled={
                          !isChecked &&
                          draft.trackerIds.length >= (isScatter ? 2 : DASHBOARD_CHART_MAX_TRACKERS)
                        }
                        onChange={(event) => toggleTracker(tracker.id, event.target.checked)}
                      />
                      <span className="min-w-0 flex-1 truncate">{tracker.name}</span>
                      {isScatter && isChecked && (
                        <span className="text-xs text-muted-foreground">{order === 0 ? 'across' : 'up'}</span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          <p id={trackersHintId} className="text-xs text-muted-foreground">
            {trackersHint}
          </p>
          {errors.trackerIds && (
            <p id={trackersErrorId} className="text-sm text-destructive">
              {errors.trackerIds}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Time range" error={errors.timeRange}>
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.timeRange}
                onChange={(event) => {
                  const timeRange = chartTimeRanges.find((range) => range === event.target.value);
                  if (timeRange) change({ timeRange });
                }}
              >
                {chartTimeRanges.map((range) => (
                  <option key={range} value={range}>
                    {timeRangeLabels[range]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            label="Values"
            error={errors.aggregation}
            {...(isScatter && { hint: 'Each day’s latest value of both.' })}
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.aggregation}
                disabled={isScatter}
                onChange={(event) => {
                  const aggregation = allowedAggregations[draft.chartType].find(
                    (entry) => entry === event.target.value,
                  );
                  if (aggregation) change({ aggregation });
                }}
              >
                {allowedAggregations[draft.chartType].map((aggregation) => (
                  <option key={aggregation} value={aggregation}>
                    {aggregationLabels[aggregation]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <fieldset className="grid gap-2" aria-describedby={errors.colorScheme ? colorErrorId : undefined}>
          <legend className="mb-2 text-sm font-medium leading-none">Colours</legend>
          <div className="flex flex-wrap gap-2">
            {chartColorSchemes.map((scheme) => (
              <label
                key={scheme}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-color`}
                  className="sr-only"
                  value={scheme}
                  checked={draft.colorScheme === scheme}
                  onChange={() => change({ colorScheme: scheme })}
                />
                <span className="flex" aria-hidden>
                  {getChartPalette(scheme)
                    .slice(0, 4)
                    .map((color) => (
                      <span
                        key={color}
                        className="-ml-0.5 size-3 rounded-full border border-card first:ml-0"
                        style={{ background: color }}
                      />
                    ))}
                </span>
                {colorSchemeLabels[scheme]}
              </label>
            ))}
          </div>
          {errors.colorScheme && (
            <p id={colorErrorId} className="text-sm text-destructive">
              {errors.colorScheme}
            </p>
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving…' : chart ? 'Save' : 'Add chart'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
