import type { Tracker, TrackerLog, UpdateTrackerLogBody } from '@cairn/contracts/trackers';
import { LockIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { showErrorToast } from '../../../lib/error-toast';
import { OutOfBoundsMark } from '../shared/out-of-bounds-mark';
import { formatTrackerValue } from '../utils/format-tracker-value';
import { formatLogDateTime, fromDateTimeInput, toDateTimeInput } from '../utils/log-date';
import { serverFieldErrors } from '../utils/server-field-errors';

interface TrackerLogRowProps {
  log: TrackerLog;
  tracker: Tracker | undefined;
  currencyCode: string | undefined;
  timeZone: string;
  isEditing: boolean;
  onEditingChange: (isEditing: boolean) => void;
  onSave: (body: UpdateTrackerLogBody) => Promise<unknown>;
  onDelete: () => void;
}

const fields = ['value', 'logDate', 'note'] as const;
type Field = (typeof fields)[number];

/** The row as a form: value, moment and note, saved with Enter, left with Escape. */
function LogEditForm({
  log,
  trackerName,
  timeZone,
  onSave,
  onCancel,
}: {
  log: TrackerLog;
  trackerName: string;
  timeZone: string;
  onSave: (body: UpdateTrackerLogBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(log.value);
  const [when, setWhen] = useState(toDateTimeInput(log.logDate, timeZone));
  const [note, setNote] = useState(log.note ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSaving, setIsSaving] = useState(false);

  async function submit() {
    setIsSaving(true);
    try {
      await onSave({
        value: value.trim(),
        logDate: fromDateTimeInput(when, timeZone),
        note: note.trim() || null,
      });
      onCancel();
    } catch (error) {
      const found = serverFieldErrors(error, fields);
      if (Object.keys(found).length > 0) setErrors(found);
      else showErrorToast(error, 'Could not save the log');
    } finally {
      setIsSaving(false);
    }
  }

  const errorIds = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form
      noValidate
      aria-label={`Edit the log of ${trackerName}`}
      className="grid gap-3 sm:grid-cols-[8rem_13rem_minmax(0,1fr)_auto] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-value`}>Value</Label>
        <Input
          id={`${id}-value`}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={value}
          aria-invalid={errors.value ? true : undefined}
          aria-describedby={errorIds('value')}
          onChange={(event) => setValue(event.target.value)}
        />
        {errors.value && (
          <p id={`${id}-value-error`} className="text-sm text-destructive">
            {errors.value}
          </p>
        )}
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-when`}>Date and time</Label>
        <Input
          id={`${id}-when`}
          type="datetime-local"
          value={when}
          aria-invalid={errors.logDate ? true : undefined}
          aria-describedby={errorIds('logDate')}
          onChange={(event) => setWhen(event.target.value)}
        />
        {errors.logDate && (
          <p id={`${id}-logDate-error`} className="text-sm text-destructive">
            {errors.logDate}
          </p>
        )}
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-note`}>Note</Label>
        <Input
          id={`${id}-note`}
          autoComplete="off"
          value={note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errorIds('note')}
          onChange={(event) => setNote(event.target.value)}
        />
        {errors.note && (
          <p id={`${id}-note-error`} className="text-sm text-destructive">
            {errors.note}
          </p>
        )}
      </div>
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" size="sm" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="outline" size="sm" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One log: when, which tracker, the value and its note; editable unless a formula or the data made it. */
export function TrackerLogRow({
  log,
  tracker,
  currencyCode,
  timeZone,
  isEditing,
  onEditingChange,
  onSave,
  onDelete,
}: TrackerLogRowProps) {
  const trackerName = tracker?.name ?? 'Deleted tracker';
  const isReadOnly = !tracker || tracker.isCalculated || tracker.isSystem || log.calculatedDay !== null;
  const value = tracker
    ? formatTrackerValue(log.value, {
        valueFormat: tracker.valueFormat,
        currencyCode,
        unit: tracker.unit,
        maxDecimals: tracker.isCalculated ? 2 : undefined,
      })
    : log.value;
  const moment = formatLogDateTime(log.logDate, timeZone);

  if (isEditing && !isReadOnly) {
    return (
      <div className="p-3" data-testid="tracker-log-row">
        <LogEditForm
          log={log}
          trackerName={trackerName}
          timeZone={timeZone}
          onSave={onSave}
          onCancel={() => onEditingChange(false)}
        />
      </div>
    );
  }

  return (
    <div
      className="grid gap-1 p-3 sm:grid-cols-[12rem_minmax(8rem,1fr)_auto_minmax(0,2fr)_auto] sm:items-center sm:gap-4"
      data-testid="tracker-log-row"
    >
      <time dateTime={log.logDate.toISOString()} className="text-sm text-muted-foreground tabular-nums">
        {moment}
      </time>
      <span className="truncate text-sm font-medium">{trackerName}</span>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold tabular-nums" data-testid="tracker-log-value">
          {value}
        </span>
        {log.isOutOfBounds && (
          <OutOfBoundsMark lower={tracker?.lowerBoundary ?? null} upper={tracker?.upperBoundary ?? null} />
        )}
      </span>
      <span className="min-w-0 text-sm break-words text-muted-foreground">{log.note}</span>
      <div className="flex justify-end gap-0.5">
        {isReadOnly ? (
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <LockIcon className="size-3.5" aria-hidden />
            {tracker?.isSystem
              ? 'System'
              : tracker?.isCalculated || log.calculatedDay
                ? 'Calculated'
                : 'Read-only'}
          </span>
        ) : (
          <>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={() => onEditingChange(true)}
              aria-label={`Edit the log of ${trackerName} on ${moment}`}
            >
              <PencilIcon aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={onDelete}
              aria-label={`Delete the log of ${trackerName} on ${moment}`}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
