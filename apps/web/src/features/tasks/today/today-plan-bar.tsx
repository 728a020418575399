import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarCheckIcon, ClockIcon, RotateCcwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { todayPlanQueryOptions } from './api/get-today-plan';
import { summarizeTodayPlan } from './today-plan-summary';

const linkClassName =
  'rounded-sm font-medium text-foreground underline underline-offset-4 outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring';

/**
 * What Today holds: its open tasks against the daily limit, and their estimates against what is left
 * of the work day, with a warning when they do not fit. Shown above the Today view.
 */
export function TodayPlanBar() {
  const plan = useQuery(todayPlanQueryOptions());

  if (plan.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading today's plan"
        className="h-[3.25rem] rounded-lg border bg-muted/40 motion-safe:animate-pulse"
      />
    );
  }
  if (plan.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3 text-sm">
        <span className="flex-1">Today's plan could not be loaded.</span>
        <Button size="sm" variant="outline" onClick={() => void plan.refetch()}>
          <RotateCcwIcon aria-hidden />
          Try again
        </Button>
      </div>
    );
  }

  const summary = summarizeTodayPlan(plan.data);
  const isOverbooked = summary.overBy !== null;
  const limitFill =
    plan.data.dailyLimit > 0 ? Math.min(1, plan.data.openCount / plan.data.dailyLimit) : undefined;

  return (
    <section
      aria-label="Today's plan"
      className={cn(
        'grid gap-2 rounded-lg border bg-card px-4 py-3 text-sm',
        isOverbooked && 'border-amber-500/40 bg-amber-500/10',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <p className="flex items-center gap-2" aria-live="polite" aria-atomic>
          <CalendarCheckIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="text-base font-semibold tabular-nums" data-testid="today-load">
            {summary.load}
          </span>
          <span className="text-muted-foreground">in Today</span>
          {summary.isFull && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">Full</span>
          )}
        </p>
        {limitFill !== undefined && (
          <div aria-hidden className="hidden h-1.5 w-24 overflow-hidden rounded-full bg-muted sm:block">
            <div
              className={cn('h-full rounded-full', summary.isFull ? 'bg-foreground/60' : 'bg-primary')}
              style={{ width: `${limitFill * 100}%` }}
            />
          </div>
        )}
        <p className="flex items-start gap-2">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            <span className="tabular-nums" data-testid="today-time">
              {summary.planned}
              {summary.left && ` · ${summary.left}`}
            </span>
            {summary.unestimated && (
              <span className="text-muted-foreground">{` · ${summary.unestimated}`}</span>
            )}
          </span>
        </p>
      </div>
      {isOverbooked && (
        <p className="flex items-center gap-2 font-medium text-amber-800 dark:text-amber-200">
          <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
          {summary.overBy} more is planned than is left of your work day.
        </p>
      )}
      {summary.left === null && (
        <p className="text-muted-foreground">
          <Link to="/settings/tasks" className={linkClassName}>
            Set your work-day hours
          </Link>{' '}
          to see how much time is left today.
        </p>
      )}
    </section>
  );
}
