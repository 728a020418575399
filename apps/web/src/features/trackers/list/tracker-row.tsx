import type { Tracker } from '@cairn/contracts/trackers';
import { Link } from '@tanstack/react-router';
import { CalculatorIcon, CpuIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { OutOfBoundsMark } from '../shared/out-of-bounds-mark';
import { isOutsideBounds } from '../utils/bounds';
import { formatTrackerValue } from '../utils/format-tracker-value';
import { QuickLogForm } from './quick-log-form';
import { TrackerSparkline } from './tracker-sparkline';

interface TrackerRowProps {
  tracker: Tracker;
  currencyCode: string | undefined;
  points: readonly { date: string; value: string }[] | undefined;
  sparklineDays: number;
  onEdit: (tracker: Tracker) => void;
  onDelete: (tracker: Tracker) => void;
}

/** What a tracker is not logged by hand from: a formula, or the user's other data. */
function DerivedBadge({ tracker }: { tracker: Tracker }) {
  const isSystem = tracker.isSystem;
  const Icon = isSystem ? CpuIcon : CalculatorIcon;
  const text = isSystem ? (tracker.origin ?? 'System') : 'Calculated';
  return (
    <span className="inline-flex max-w-full items-center gap-1.5 rounded-md bg-muted px-2 py-1 text-xs text-muted-foreground">
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{text}</span>
    </span>
  );
}

/** One tracker: its last value, its last days as a line, and a quick entry when it is logged by hand. */
export function TrackerRow({
  tracker,
  currencyCode,
  points,
  sparklineDays,
  onEdit,
  onDelete,
}: TrackerRowProps) {
  const format = (value: string) =>
    formatTrackerValue(value, {
      valueFormat: tracker.valueFormat,
      currencyCode,
      unit: tracker.unit,
      // A formula's result carries every digit it has; two are what a reader wants.
      maxDecimals: tracker.isCalculated ? 2 : undefined,
    });
  const lastValue = tracker.lastLog?.value;
  const isOut =
    lastValue !== undefined && isOutsideBounds(lastValue, tracker.lowerBoundary, tracker.upperBoundary);
  const isManual = !tracker.isCalculated && !tracker.isSystem;

  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-2 gap-y-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto] sm:gap-x-4"
      data-testid="tracker-row"
      aria-label={tracker.name}
    >
      <div className="grid min-w-0 gap-0.5">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to="/trackers/logs"
            search={{ trackerId: tracker.id }}
            className="truncate rounded-sm font-medium underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {tracker.name}
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-lg font-semibold tabular-nums" data-testid="tracker-last-value">
            {lastValue === undefined ? (
              <span className="text-sm font-normal text-muted-foreground">No value yet</span>
            ) : (
              format(lastValue)
            )}
          </span>
          {isOut && <OutOfBoundsMark lower={tracker.lowerBoundary} upper={tracker.upperBoundary} />}
        </div>
      </div>
      <TrackerSparkline
        trackerName={tracker.name}
        points={points}
        formatValue={format}
        days={sparklineDays}
      />
      {/* On a phone the entry takes a line of its own, under the value. */}
      <div className="order-last col-span-3 flex min-w-0 sm:order-none sm:col-span-1 sm:w-[19.5rem] sm:justify-end">
        {isManual ? <QuickLogForm tracker={tracker} /> : <DerivedBadge tracker={tracker} />}
      </div>
      <div className="flex gap-0.5">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          onClick={() => onEdit(tracker)}
          aria-label={`Edit ${tracker.name}`}
        >
          <PencilIcon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          onClick={() => onDelete(tracker)}
          aria-label={`Delete ${tracker.name}`}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </div>
    </li>
  );
}
