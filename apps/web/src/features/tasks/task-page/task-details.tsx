import type { Column } from '@cairn/contracts/columns';
import type { ListSummary } from '@cairn/contracts/lists';
import type { TaskDetail, UpdateTaskBody } from '@cairn/contracts/tasks';
import { Link } from '@tanstack/react-router';
import { ListTreeIcon, XIcon } from 'lucide-react';
import { type ComponentProps, type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { type DueDateChange, type DueDateInputs, toDueDateChange, toDueDateInputs } from './due-date';
import { formatMinutes } from './format-minutes';
import { LevelControl } from './level-control';
import { ReminderField } from './reminder-field';
import { RepeatField } from './repeat-field';
import { RewardField } from './reward-field';

interface TaskDetailsProps {
  task: TaskDetail;
  lists: readonly ListSummary[] | undefined;
  columns: readonly Column[] | undefined;
  timeZone: string;
  isReadOnly: boolean;
  onChange: (body: UpdateTaskBody) => void;
}

/**
 * The task's settings: when it is due and whether it repeats, how urgent and important, how long, and
 * where it lives.
 */
export function TaskDetails({ task, lists, columns, timeZone, isReadOnly, onChange }: TaskDetailsProps) {
  return (
    <fieldset disabled={isReadOnly} className="grid gap-5">
      <legend className="sr-only">Task details</legend>
      <DueDateField
        dueDate={task.dueDate}
        hasTime={task.dueDateHasTime}
        timeZone={timeZone}
        onChange={onChange}
      />
      <ReminderField
        remindAt={task.remindAt}
        dueAt={task.dueDateHasTime ? task.dueDate : null}
        timeZone={timeZone}
        onChange={onChange}
      />
      <RepeatField task={task} timeZone={timeZone} />
      <LevelControl
        label="Urgency"
        value={task.urgency}
        disabled={isReadOnly}
        onChange={(urgency) => onChange({ urgency })}
      />
      <LevelControl
        label="Importance"
        value={task.importance}
        disabled={isReadOnly}
        onChange={(importance) => onChange({ importance })}
      />
      <EstimateField
        estimatedTime={task.estimatedTime}
        onChange={(estimatedTime) => onChange({ estimatedTime })}
      />
      <RewardField task={task} timeZone={timeZone} onChange={onChange} />
      <SelectField
        label="List"
        value={task.listId ?? ''}
        onChange={(value) => onChange({ listId: value === '' ? null : value })}
      >
        <option value="">No list</option>
        {lists?.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
        {/* Until the lists load, the current one still needs a name to show. */}
        {!lists && task.listId && <option value={task.listId}>Loading…</option>}
      </SelectField>
      {task.listId && (
        <Link
          to="/lists/$listId/tree"
          params={{ listId: task.listId }}
          className="-mt-3 flex w-fit items-center gap-1.5 rounded-sm text-xs text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ListTreeIcon className="size-3.5" aria-hidden />
          See the whole list as a tree
        </Link>
      )}
      <SelectField
        label="Column"
        value={task.columnId}
        onChange={(columnId) => onChange({ columnId })}
        hint="Moving to a completion column completes the task."
      >
        {columns?.map((column) => (
          <option key={column.id} value={column.id}>
            {column.name}
            {column.isCompletion ? ' (completes)' : ''}
          </option>
        ))}
        {!columns && <option value={task.columnId}>Loading…</option>}
      </SelectField>
    </fieldset>
  );
}

/** A date alone saves a whole-day due; a date with a time, a timed one. Both in the browser's zone. */
function DueDateField({
  dueDate,
  hasTime,
  timeZone,
  onChange,
}: {
  dueDate: Date | null;
  hasTime: boolean;
  timeZone: string;
  onChange: (change: DueDateChange) => void;
}) {
  const id = useId();
  const saved = toDueDateInputs(dueDate, timeZone, hasTime);
  const [inputs, setInputs] = useState<DueDateInputs>(saved);
  const [error, setError] = useState<string>();
  const dateInputRef = useRef<HTMLInputElement>(null);

  // A saved change (or a rollback) shows in the inputs. Keyed on the instant, not the Date object, so
  // a refetch of the same value does not wipe what the user is typing.
  const dueTime = dueDate?.getTime() ?? null;
  useEffect(() => {
    setInputs(toDueDateInputs(dueTime === null ? null : new Date(dueTime), timeZone, hasTime));
  }, [dueTime, hasTime, timeZone]);

  /** Saves when focus leaves the date and time pair, not when it moves from one to the other. */
  function onBlur(event: FocusEvent<HTMLInputElement>) {
    if (
      event.relatedTarget instanceof Node &&
      event.currentTarget.parentElement?.contains(event.relatedTarget)
    ) {
      return;
    }
    commit(inputs);
  }

  function commit(next: DueDateInputs) {
    const change = toDueDateChange(next, timeZone);
    if (change === undefined) {
      setError('Enter a valid date and time');
      return;
    }
    setError(undefined);
    const current = dueDate ? dueDate.toISOString() : null;
    if (change.dueDate !== current || (change.dueDate !== null && change.dueDateHasTime !== hasTime)) {
      onChange(change);
    }
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">Due</legend>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          ref={dateInputRef}
          type="date"
          aria-label="Due date"
          value={inputs.date}
          onChange={(event) => setInputs({ ...inputs, date: event.target.value })}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="w-auto min-w-36 flex-1"
        />
        <Input
          type="time"
          aria-label="Due time"
          value={inputs.time}
          onChange={(event) => setInputs({ ...inputs, time: event.target.value })}
          onBlur={onBlur}
          disabled={inputs.date === ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="w-auto min-w-28 flex-1"
        />
        {(inputs.date !== '' || dueDate) && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Clear the due date"
            onClick={() => {
              const cleared = { date: '', time: '' };
              setInputs(cleared);
              commit(cleared);
              // The button goes away with the date; the date field keeps the keyboard user's place.
              dateInputRef.current?.focus();
            }}
          >
            <XIcon aria-hidden />
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        In your time zone, {timeZone.replaceAll('_', ' ')}. Without a time, due any time that day.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const ESTIMATE_MAX_MINUTES = 100_000;

/** Why an estimate cannot be saved, in the terms of the API's rule (whole minutes, 0 to 100000). */
function findEstimateProblem(minutes: number): string | undefined {
  if (minutes < 0) return 'Estimate must be 0 or more';
  if (minutes > ESTIMATE_MAX_MINUTES) return `Estimate must be ${ESTIMATE_MAX_MINUTES} minutes or less`;
  if (!Number.isInteger(minutes)) return 'Estimate must be in whole minutes';
  return undefined;
}

function EstimateField({
  estimatedTime,
  onChange,
}: {
  estimatedTime: number | null;
  onChange: (minutes: number | null) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(estimatedTime?.toString() ?? '');
  const [error, setError] = useState<string>();

  useEffect(() => setDraft(estimatedTime?.toString() ?? ''), [estimatedTime]);

  function commit(input: HTMLInputElement) {
    // A number field reports text it cannot read as empty; that must not clear the saved estimate.
    if (input.validity.badInput) {
      setError('Estimate must be a number of minutes');
      return;
    }
    const text = draft.trim();
    const minutes = text === '' ? null : Number(text);
    const problem = minutes === null ? undefined : findEstimateProblem(minutes);
    setError(problem);
    if (problem === undefined && minutes !== estimatedTime) onChange(minutes);
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Estimate (minutes)</Label>
      <div className="flex items-center gap-3">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={ESTIMATE_MAX_MINUTES}
          step={5}
          value={draft}
          placeholder="None"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => commit(event.currentTarget)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(event.currentTarget);
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-28"
        />
        {estimatedTime !== null && estimatedTime >= 60 && (
          <span className="text-sm text-muted-foreground">{formatMinutes(estimatedTime)}</span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function SelectField({
  label,
  hint,
  onChange,
  className,
  ...props
}: Omit<ComponentProps<'select'>, 'onChange'> & {
  label: string;
  hint?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(
          'h-10 w-full rounded-md border border-input bg-background px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm',
          className,
        )}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
