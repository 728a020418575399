import type { Worklog } from '@cairn/contracts/worklogs';
import { PlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDayHeading, formatShortDay } from '../utils/calendar-days';
import { formatClock, formatDecimalClock, hasBreaks, sumEntries } from '../utils/durations';

interface WeekDaySectionProps {
  day: string;
  entries: readonly Worklog[];
  isToday: boolean;
  onAdd: () => void;
  /** One entry's row (or its edit form). */
  renderEntry: (worklog: Worklog) => ReactNode;
}

/** A day of the week: its heading with the day's totals, then its entries in time order. */
export function WeekDaySection({ day, entries, isToday, onAdd, renderEntry }: WeekDaySectionProps) {
  const headingId = `worklog-day-${day}`;
  const heading = formatDayHeading(day);
  const totals = sumEntries(entries);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="worklog-day"
      data-day={day}
      className={cn('overflow-hidden rounded-xl border bg-card', isToday && 'border-primary/50')}
    >
      <header className="flex items-center gap-2 border-b bg-muted/40 px-3 py-1.5 sm:px-4">
        <h3 id={headingId} className="flex min-w-0 flex-1 items-center gap-2 text-sm font-semibold">
          <span className="sm:hidden">{formatShortDay(day)}</span>
          <span className="hidden sm:inline">{heading}</span>
          {isToday && (
            <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-foreground">
              Today
            </span>
          )}
        </h3>
        {entries.length > 0 && (
          <p className="text-sm tabular-nums" data-testid="worklog-day-total">
            <span className="sr-only">Day total </span>
            <span className="font-semibold">{formatClock(totals.duration)}</span>
            {hasBreaks(totals) && (
              <span className="text-muted-foreground">
                {' '}
                · {formatDecimalClock(totals.durationWithBreaks)} with breaks
              </span>
            )}
          </p>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onAdd}
          aria-label={`Add time on ${heading}`}
        >
          <PlusIcon aria-hidden />
        </Button>
      </header>
      {entries.length > 0 ? (
        <ul aria-label={`Entries on ${heading}`} className="divide-y">
          {entries.map((worklog) => (
            <li key={worklog.id}>{renderEntry(worklog)}</li>
          ))}
        </ul>
      ) : (
        <p className="px-3 py-2 text-sm text-muted-foreground sm:px-4">No time logged.</p>
      )}
    </section>
  );
}
