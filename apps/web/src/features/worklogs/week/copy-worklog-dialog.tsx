import type { Worklog } from '@cairn/contracts/worklogs';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useCopyWorklogMutation } from '../api/copy-worklog';
import { addDays, formatDay, formatShortDay, isCalendarDay } from '../utils/calendar-days';
import { formatClock } from '../utils/durations';

interface CopyWorklogDialogProps {
  worklog: Worklog | undefined;
  title: string;
  today: string;
  onOpenChange: (isOpen: boolean) => void;
  /** Told the day the copy went to, so the page can show it. */
  onCopied?: (workDate: string) => void;
}

/** Copies an entry (times, project, category, description, links) to another day. */
export function CopyWorklogDialog({ worklog, title, today, onOpenChange, onCopied }: CopyWorklogDialogProps) {
  const id = useId();
  const copy = useCopyWorklogMutation();
  const [day, setDay] = useState('');
  const [error, setError] = useState<string>();
  const isOpen = worklog !== undefined;
  const nextDay = worklog ? addDays(worklog.workDate, 1) : today;
  const chosen = day || nextDay;

  const quickDays = worklog
    ? [
        { label: 'Next day', day: nextDay },
        ...(today !== worklog.workDate && today !== nextDay ? [{ label: 'Today', day: today }] : []),
        { label: 'Same day next week', day: addDays(worklog.workDate, 7) },
      ]
    : [];

  function close(open: boolean) {
    if (!open) {
      setDay('');
      setError(undefined);
    }
    onOpenChange(open);
  }

  function submit(target: string) {
    if (!worklog) return;
    if (!isCalendarDay(target)) {
      setError('Enter a date');
      return;
    }
    copy.mutate(
      { worklogId: worklog.id, workDate: target },
      {
        onSuccess: (created) => {
          close(false);
          onCopied?.(created.workDate);
        },
      },
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Copy to another day"
      description={
        worklog
          ? `“${title}”, ${formatClock(worklog.duration)} on ${formatDay(worklog.workDate)}: the copy keeps its times, project, category and links.`
          : ''
      }
      className="sm:max-w-md"
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit(chosen);
        }}
      >
        <div className="flex flex-wrap gap-2">
          {quickDays.map((option) => (
            <Button
              key={option.label}
              variant="outline"
              size="sm"
              disabled={copy.isPending}
              onClick={() => submit(option.day)}
            >
              {option.label} <span className="text-muted-foreground">{formatShortDay(option.day)}</span>
            </Button>
          ))}
        </div>
        <div className="grid gap-2">
          <label htmlFor={`${id}-day`} className="text-sm font-medium">
            Or choose a day
          </label>
          <Input
            id={`${id}-day`}
            type="date"
            value={chosen}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setDay(event.target.value);
              setError(undefined);
            }}
          />
          {error && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={copy.isPending}>
            {copy.isPending ? 'Copying…' : 'Copy'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
