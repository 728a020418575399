import type { Tracker } from '@cairn/contracts/trackers';
import { XIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import type { TrackerLogFilters } from '../utils/tracker-logs-search';

interface TrackerLogFiltersBarProps {
  filters: TrackerLogFilters;
  trackers: readonly Tracker[];
  onChange: (patch: Partial<TrackerLogFilters>) => void;
}

/** The tracker and the range of days the list shows; each lives in the address. */
export function TrackerLogFiltersBar({ filters, trackers, onChange }: TrackerLogFiltersBarProps) {
  const id = useId();
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  return (
    <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
      <legend className="sr-only">Filters</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-tracker`}>Tracker</Label>
        <NativeSelect
          id={`${id}-tracker`}
          className="w-56 max-w-full"
          value={filters.trackerId ?? ''}
          onChange={(event) => onChange({ trackerId: event.target.value || undefined })}
        >
          <option value="">All trackers</option>
          {trackers.map((tracker) => (
            <option key={tracker.id} value={tracker.id}>
              {tracker.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="h-9 w-40"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="h-9 w-40"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </div>
      {hasFilters && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange({ trackerId: undefined, from: undefined, to: undefined })}
        >
          <XIcon aria-hidden />
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}
