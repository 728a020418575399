import type { ClientErrorReport } from '@cairn/contracts/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { clientErrorsInfiniteQueryOptions } from '../api/get-client-errors';
import { formatInstant } from '../utils/format-instant';
import { PanelEmpty, PanelError, PanelLoading } from './panel-states';

/** What the web app reported, newest first; each report's stack opens on demand. */
export function ErrorReportsPanel() {
  const reports = useInfiniteQuery(clientErrorsInfiniteQueryOptions());
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];

  if (reports.isPending) return <PanelLoading />;
  if (reports.isError && items.length === 0)
    return (
      <PanelError message="The error reports could not be loaded." onRetry={() => void reports.refetch()} />
    );
  if (items.length === 0)
    return <PanelEmpty>No error reports. The web app has not reported any errors.</PanelEmpty>;

  return (
    <div className="grid min-w-0 gap-4">
      <ol aria-label="Error reports" className="grid gap-3">
        {items.map((report) => (
          <ErrorReportItem key={report.id} report={report} />
        ))}
      </ol>
      {reports.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={reports.isFetchingNextPage}
          onClick={() => void reports.fetchNextPage()}
        >
          {reports.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

function ErrorReportItem({ report }: { report: ClientErrorReport }) {
  const details: [string, string | null][] = [
    ['URL', report.url],
    ['Release', report.release],
    ['Browser', report.browser],
    ['User', report.userId],
  ];
  return (
    <li className="grid min-w-0 gap-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 font-medium break-words">{report.message || '(no message)'}</p>
        <time
          dateTime={report.receivedAt.toISOString()}
          className="text-xs whitespace-nowrap text-muted-foreground"
        >
          {formatInstant(report.receivedAt)}
        </time>
      </div>
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-all">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {report.stack && (
        <details className="group">
          <summary className="cursor-pointer rounded-sm text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Stack trace
          </summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs leading-relaxed">
            {report.stack}
          </pre>
        </details>
      )}
    </li>
  );
}
