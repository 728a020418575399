import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, Suspense, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { getErrorToastMessage } from '../../../lib/error-toast';

interface ReportCardProps<Data> {
  title: string;
  /** Controls beside the title (a type switch). */
  actions?: ReactNode;
  query: UseQueryResult<Data>;
  /** What the card says when the query fails, before the reason. */
  errorMessage: string;
  /** The card's body once the data is in. */
  children: (data: Data) => ReactNode;
}

/** One report: its title, then a loading, error or data state. Stale data dims while a new range loads. */
export function ReportCard<Data>({ title, actions, query, errorMessage, children }: ReportCardProps<Data>) {
  const titleId = useId();
  const { data, error, isPending, isPlaceholderData, isError } = query;
  // The API's own words when it gave any; a network failure has none worth showing.
  const reason = isError ? getErrorToastMessage(error, '') : null;
  return (
    <Card aria-labelledby={titleId} aria-busy={isPending || isPlaceholderData} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId}>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent className={cn('grid gap-4 transition-opacity', isPlaceholderData && 'opacity-60')}>
        {isPending ? (
          <ChartPlaceholder label="Loading…" />
        ) : isError && data === undefined ? (
          <div role="alert" className="grid justify-items-start gap-3 py-6 text-sm">
            <p>{errorMessage}</p>
            {reason && <p className="text-muted-foreground">{reason}</p>}
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : data === undefined ? null : (
          children(data)
        )}
      </CardContent>
    </Card>
  );
}

/** The space a chart takes while it or its data loads, so nothing below jumps. */
export function ChartPlaceholder({ label, height = 240 }: { label: string; height?: number }) {
  return (
    <div
      className="grid animate-pulse place-items-center rounded-lg bg-muted text-sm text-muted-foreground"
      style={{ height }}
    >
      {label}
    </div>
  );
}

/** A lazily loaded chart, hidden from assistive technology: the table beside it carries its figures. */
export function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div aria-hidden className="min-w-0" style={{ height }}>
      <Suspense fallback={<ChartPlaceholder label="Loading chart…" height={height} />}>{children}</Suspense>
    </div>
  );
}

export function EmptyReport({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-sm text-muted-foreground">{children}</p>;
}
