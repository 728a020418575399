import type {
  RecurrenceOptions,
  RecurrencePreset,
  RecurrenceRule,
  StoredRecurrenceOptions,
} from '@cairn/recurrence';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { ExcludedDaysField } from './excluded-days-field';
import { describeField, FieldMessages } from './field-messages';
import { MonthlyDayFields } from './monthly-day-fields';
import { RecurrenceEndFields } from './recurrence-end-fields';
import {
  addExcludedDay,
  applyPreset,
  findChosenPreset,
  type RecurrenceForm,
  settleRecurrenceForm,
} from './recurrence-form';
import { groupIssuesByField, type OptionIssue, type RecurrenceFieldMessages } from './recurrence-issues';
import { RecurrencePreview } from './recurrence-preview';
import { getTimeZoneOptions } from './time-zone-options';
import { WeekdayPicker } from './weekday-picker';

const PERIODS: readonly { rule: RecurrenceRule; one: string; many: string }[] = [
  { rule: 'daily', one: 'day', many: 'days' },
  { rule: 'weekly', one: 'week', many: 'weeks' },
  { rule: 'monthly', one: 'month', many: 'months' },
  { rule: 'yearly', one: 'year', many: 'years' },
];

const PRESETS: readonly { preset: RecurrencePreset; label: string }[] = [
  { preset: 'businessDays', label: 'Every weekday' },
  { preset: 'weekends', label: 'Weekends' },
];

export interface RecurrenceEditorProps {
  initialForm: RecurrenceForm;
  /** The first day the preview may show: the task's due, else now. */
  previewFrom: Date;
  /** The task's timed due: every occurrence takes its time of day. Null for whole days. */
  dueTime: Date | null;
  /** What the API refused in the last save; shown beside the fields until the next edit. */
  serverIssues?: readonly OptionIssue[] | null;
  isSaving?: boolean;
  onSave: (rule: { stored: StoredRecurrenceOptions; options: RecurrenceOptions }) => void;
  onCancel: () => void;
  /** An action of the caller's at the footer's start, such as removing the rule. */
  footerStart?: ReactNode;
}

/**
 * The rule of a recurring task, field by field, with its text and next dates updated at each edit. The
 * engine's own validation (the API's) judges the fields as they change; its messages show beside the
 * field each issue names, and so do the API's should it refuse the rule anyway.
 */
export function RecurrenceEditor({
  initialForm,
  previewFrom,
  dueTime,
  serverIssues = null,
  isSaving = false,
  onSave,
  onCancel,
  footerStart,
}: RecurrenceEditorProps) {
  const id = useId();
  const [form, setForm] = useState(initialForm);
  // The API's issues concern what was sent; the first edit after its answer sets them aside.
  const [setAsideIssues, setSetAsideIssues] = useState<readonly OptionIssue[] | null>(null);
  const result = useMemo(() => settleRecurrenceForm(form), [form]);
  const timeZoneOptions = useMemo(() => getTimeZoneOptions(form.timezone), [form.timezone]);

  const messages: RecurrenceFieldMessages = groupIssuesByField([
    ...(result.isValid ? [] : result.issues),
    ...(serverIssues && serverIssues !== setAsideIssues ? serverIssues : []),
  ]);
  const chosenPreset = findChosenPreset(form);
  const isPlural = form.interval.trim() !== '1';

  function edit(change: Partial<RecurrenceForm> | ((current: RecurrenceForm) => RecurrenceForm)) {
    setForm((current) => (typeof change === 'function' ? change(current) : { ...current, ...change }));
    setSetAsideIssues(serverIssues);
  }

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        // React passes events up through portals; a form the editor was opened from must not submit.
        event.stopPropagation();
        if (isSaving) return;
        if (result.isValid) {
          onSave({ stored: result.stored, options: result.options });
          return;
        }
        // To the first field at fault; for the weekday toggles, their first button.
        const invalid = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
        const target = invalid?.matches('input, select, button') ? invalid : invalid?.querySelector('button');
        target?.focus();
      }}
    >
      <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_15rem]">
        <div className="grid content-start gap-5">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Shortcuts</legend>
            {PRESETS.map(({ preset, label }) => (
              <Button
                key={preset}
                size="sm"
                variant={chosenPreset === preset ? 'secondary' : 'outline'}
                aria-pressed={chosenPreset === preset}
                className="aria-pressed:border-primary aria-pressed:text-foreground"
                onClick={() => edit((current) => applyPreset(current, preset))}
              >
                {label}
              </Button>
            ))}
          </fieldset>

          <div className="grid gap-2">
            <label htmlFor={`${id}-interval`} className="text-sm font-medium leading-none">
              Repeat every
            </label>
            <div className="flex gap-2">
              <Input
                id={`${id}-interval`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={form.interval}
                onChange={(event) => edit({ interval: event.target.value })}
                {...describeField(`${id}-interval-messages`, messages.interval)}
                className="h-9 w-20"
              />
              <NativeSelect
                aria-label="Period"
                value={form.rule}
                onChange={(event) => {
                  const period = PERIODS.find((candidate) => candidate.rule === event.target.value);
                  if (period) edit({ rule: period.rule });
                }}
                {...describeField(`${id}-rule-messages`, messages.rule)}
                className="w-32"
              >
                {PERIODS.map(({ rule, one, many }) => (
                  <option key={rule} value={rule}>
                    {isPlural ? many : one}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <FieldMessages id={`${id}-interval-messages`} messages={messages.interval} />
            <FieldMessages id={`${id}-rule-messages`} messages={messages.rule} />
          </div>

          {form.rule === 'weekly' && (
            <WeekdayPicker
              value={form.weekDays}
              onChange={(weekDays) => edit({ weekDays })}
              messages={messages.weekDays}
            />
          )}
          {form.rule === 'monthly' && (
            <MonthlyDayFields value={form} onChange={(change) => edit(change)} messages={messages} />
          )}
          {form.rule === 'yearly' && (
            <p className="text-sm text-muted-foreground">
              On {format(new TZDate(form.startDate.getTime(), form.timezone || 'UTC'), 'd MMMM')}, the day the
              series started.
            </p>
          )}

          <RecurrenceEndFields value={form} onChange={(change) => edit(change)} messages={messages} />

          <ExcludedDaysField
            value={form.excludeDates}
            timeZone={form.timezone}
            onAdd={(day) => edit((current) => addExcludedDay(current, day))}
            onRemove={(day) =>
              edit((current) => ({
                ...current,
                excludeDates: current.excludeDates.filter((excluded) => excluded !== day),
              }))
            }
            messages={messages.excludeDates}
          />

          <div className="grid gap-2">
            <label htmlFor={`${id}-zone`} className="text-sm font-medium leading-none">
              Time zone
            </label>
            <Combobox
              id={`${id}-zone`}
              value={form.timezone}
              options={timeZoneOptions}
              onChange={(timezone) => edit({ timezone })}
              searchLabel="Search time zones"
              {...describeField(`${id}-zone-messages`, messages.timezone, `${id}-zone-hint`)}
            />
            <p id={`${id}-zone-hint`} className="text-xs text-muted-foreground">
              The zone whose days the series follows.
            </p>
            <FieldMessages id={`${id}-zone-messages`} messages={messages.timezone} />
          </div>
        </div>

        <RecurrencePreview result={result} from={previewFrom} time={dueTime} />
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {footerStart && <div className="sm:mr-auto">{footerStart}</div>}
        <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
          <Button variant="outline" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>
    </form>
  );
}
