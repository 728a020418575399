import { BellIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { fromReminderInput, REMINDER_LEAD_TIMES, reminderBefore, toReminderInput } from './reminder';

interface ReminderFieldProps {
  /** A Date from the server; an optimistic update may briefly leave the ISO string it sent. */
  remindAt: Date | string | null;
  /** The due time when the task has one (not a whole-day due date): offers "N minutes before" choices. */
  dueAt: Date | string | null;
  timeZone: string;
  onChange: (change: { remindAt: string | null }) => void;
}

/** A push notification at a chosen moment, in the user's time zone; saved when focus leaves the field. */
export function ReminderField({ remindAt, dueAt, timeZone, onChange }: ReminderFieldProps) {
  const id = useId();
  const savedTime = remindAt === null ? null : new Date(remindAt).getTime();
  const [draft, setDraft] = useState(() => toReminderInput(remindAt, timeZone));
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  // Keyed on the instant, so a refetch of the same value does not wipe what is being typed.
  useEffect(() => {
    setDraft(toReminderInput(savedTime === null ? null : new Date(savedTime), timeZone));
  }, [savedTime, timeZone]);

  function commit(value: string, input: HTMLInputElement | null) {
    // A half-typed value reads as '' to scripts; that must not clear the saved reminder.
    if (input?.validity.badInput) {
      setError('Enter a whole date and time');
      return;
    }
    const instant = fromReminderInput(value, timeZone);
    if (instant === undefined) {
      setError('Enter a whole date and time');
      return;
    }
    setError(undefined);
    const current = savedTime === null ? null : new Date(savedTime).toISOString();
    if (instant !== current) onChange({ remindAt: instant });
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium leading-none">
        <BellIcon aria-hidden className="size-3.5" />
        Remind me
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          ref={inputRef}
          id={id}
          type="datetime-local"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => commit(draft, event.currentTarget)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(draft, event.currentTarget);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="w-auto min-w-52 flex-1"
        />
        {(draft !== '' || remindAt !== null) && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Clear the reminder"
            onClick={() => {
              setDraft('');
              commit('', null);
              inputRef.current?.focus();
            }}
          >
            <XIcon aria-hidden />
          </Button>
        )}
      </div>
      {dueAt !== null && (
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">Remind me before the due time</legend>
          {REMINDER_LEAD_TIMES.map(({ minutes, label }) => {
            const instant = reminderBefore(dueAt, minutes);
            const isChosen = savedTime !== null && new Date(instant).getTime() === savedTime;
            return (
              <Button
                key={minutes}
                type="button"
                variant={isChosen ? 'secondary' : 'outline'}
                size="sm"
                aria-pressed={isChosen}
                onClick={() => {
                  setError(undefined);
                  setDraft(toReminderInput(instant, timeZone));
                  if (!isChosen) onChange({ remindAt: instant });
                }}
              >
                {label}
              </Button>
            );
          })}
        </fieldset>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        A notification at this time, in {timeZone.replaceAll('_', ' ')}, on the devices where you turned
        notifications on (Profile).
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
