import { useQuery } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { jobsStatusQueryOptions } from '../api/get-jobs-status';
import { formatInstant } from '../utils/format-instant';
import {
  cellClassName,
  headCellClassName,
  PanelEmpty,
  PanelError,
  PanelLoading,
  ScrollRegion,
  tableClassName,
} from './panel-states';

/** The background jobs: each schedule and how its runs went, what waits in the queue, what failed. */
export function JobsPanel() {
  const jobs = useQuery(jobsStatusQueryOptions());

  if (jobs.isPending) return <PanelLoading />;
  if (jobs.isError)
    return <PanelError message="The job status could not be loaded." onRetry={() => void jobs.refetch()} />;
  const { schedules, queue, recentFailures } = jobs.data;

  return (
    <div className="grid min-w-0 gap-6">
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={jobs.isFetching}
        onClick={() => void jobs.refetch()}
      >
        <RefreshCwIcon className={cn(jobs.isFetching && 'motion-safe:animate-spin')} aria-hidden />
        Refresh
      </Button>

      <section className="grid min-w-0 gap-2" aria-labelledby="jobs-schedules">
        <h3 id="jobs-schedules" className="font-semibold">
          Schedules
        </h3>
        {schedules.length === 0 ? (
          <PanelEmpty>No recurring jobs are scheduled.</PanelEmpty>
        ) : (
          <ScrollRegion label="Schedules">
            <table className={tableClassName}>
              <thead>
                <tr>
                  {[
                    'Job',
                    'Schedule',
                    'Last run',
                    'Next run',
                    'Last success',
                    'Failures in a row',
                    'Last error',
                  ].map((heading) => (
                    <th key={heading} scope="col" className={headCellClassName}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {schedules.map((schedule) => (
                  <tr key={schedule.name}>
                    <th scope="row" className={cn(cellClassName, 'font-medium whitespace-nowrap')}>
                      {schedule.name}
                    </th>
                    <td className={cn(cellClassName, 'whitespace-nowrap')}>
                      <code>{schedule.cron}</code>{' '}
                      <span className="text-muted-foreground">{schedule.timeZone}</span>
                    </td>
                    <td className={cn(cellClassName, 'whitespace-nowrap')}>
                      {formatInstant(schedule.lastRunAt)}
                    </td>
                    <td className={cn(cellClassName, 'whitespace-nowrap')}>
                      {formatInstant(schedule.nextRunAt)}
                    </td>
                    <td className={cn(cellClassName, 'whitespace-nowrap')}>
                      {formatInstant(schedule.lastSuccessAt)}
                    </td>
                    <td
                      className={cn(
                        cellClassName,
                        'tabular-nums',
                        schedule.failures > 0 && 'font-semibold text-destructive',
                      )}
                    >
                      {schedule.failures}
                    </td>
                    <td className={cn(cellClassName, 'min-w-48 break-words')}>{schedule.lastError ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      <section className="grid min-w-0 gap-2" aria-labelledby="jobs-queue">
        <h3 id="jobs-queue" className="font-semibold">
          Queue
        </h3>
        {queue.length === 0 ? (
          <PanelEmpty>The queue is empty.</PanelEmpty>
        ) : (
          <ScrollRegion label="Queue" className="max-w-xl">
            <table className={tableClassName}>
              <thead>
                <tr>
                  {['Job', 'Status', 'Count'].map((heading) => (
                    <th key={heading} scope="col" className={headCellClassName}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {queue.map((row) => (
                  <tr key={`${row.name}-${row.status}`}>
                    <th scope="row" className={cn(cellClassName, 'font-medium')}>
                      {row.name}
                    </th>
                    <td className={cn(cellClassName, row.status === 'failed' && 'text-destructive')}>
                      {row.status}
                    </td>
                    <td className={cn(cellClassName, 'tabular-nums')}>{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      <section className="grid min-w-0 gap-2" aria-labelledby="jobs-failures">
        <h3 id="jobs-failures" className="font-semibold">
          Recent failures
        </h3>
        {recentFailures.length === 0 ? (
          <PanelEmpty>No job has failed recently.</PanelEmpty>
        ) : (
          <ol aria-label="Recent failures" className="grid gap-2">
            {recentFailures.map((failure) => (
              <li key={failure.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
                <p className="flex flex-wrap justify-between gap-x-4">
                  <span className="font-medium">{failure.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatInstant(failure.finishedAt ?? failure.runAt)} · {failure.attempts}{' '}
                    {failure.attempts === 1 ? 'attempt' : 'attempts'}
                  </span>
                </p>
                <pre className="overflow-x-auto text-xs whitespace-pre-wrap break-words text-destructive">
                  {failure.lastError ?? 'No error message'}
                </pre>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
