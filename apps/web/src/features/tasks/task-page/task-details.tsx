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
import { type DueDateInputs, fromDueDateInputs, toDueDateInputs } from './due-date';
import { formatMinutes } from './format-minutes';
import { LevelControl } from './level-control';

interface TaskDetailsProps {
  task: TaskDetail;
  lists: readonly ListSummary[] | undefined;
  columns: readonly Column[] | undefined;
  timeZone: string;
  isReadOnly: boolean;
  onChange: (body: UpdateTaskBody) => void;
}

/** The task's settings: when it is due, how urgent and important, how long, and where it lives. */
export function TaskDetails({ task, lists, columns, timeZone, isReadOnly, onChange }: TaskDetailsProps) {
  return (
    <fieldset disabled={isReadOnly} className="grid gap-5">
      <legend className="sr-only">Task details</legend>
      <DueDateField
        dueDate={task.dueDate}
        timeZone={timeZone}
        onChange={(dueDate) => onChange({ dueDate })}
      />
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

function DueDateField({
  dueDate,
  timeZone,
  onChange,
}: {
  dueDate: Date | null;
  timeZone: string;
  onChange: (dueDate: string | null) => void;
}) {
  const id = useId();
  const saved = toDueDateInputs(dueDate, timeZone);
  const [inputs, setInputs] = useState<DueDateInputs>(saved);
  const [error, setError] = useState<string>();
  const dateInputRef = useRef<HTMLInputElement>(null);

  // A saved change (or a rollback) shows in the inputs. Keyed on the instant, not the Date object, so
  // a refetch of the same value does not wipe what the user is typing.
  const dueTime = dueDate?.getTime() ?? null;
  useEffect(() => {
    setInputs(toDueDateInputs(dueTime === null ? null : new Date(dueTime), timeZone));
  }, [dueTime, timeZone]);

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
    const instant = fromDueDateInputs(next, timeZone);
    if (instant === undefined) {
      setError('Enter a valid date and time');
      return;
    }
    setError(undefined);
    const current = dueDate ? dueDate.toISOString() : null;
    if (instant !== current) onChange(instant);
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
        In your time zone, {timeZone.replaceAll('_', ' ')}. Without a time, the start of the day.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
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

  function commit() {
    const text = draft.trim();
    const minutes = text === '' ? null : Number(text);
    if (minutes !== null && (!Number.isInteger(minutes) || minutes < 0 || minutes > 100_000)) {
      setError('Enter whole minutes, from 0 to 100000');
      return;
    }
    setError(undefined);
    if (minutes !== estimatedTime) onChange(minutes);
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
          max={100_000}
          step={5}
          value={draft}
          placeholder="None"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
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
