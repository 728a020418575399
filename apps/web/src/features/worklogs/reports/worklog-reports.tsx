import type { WorklogReport } from '@cairn/contracts/worklogs';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ChartColumnIcon } from 'lucide-react';
import { type ReactNode, Suspense, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { worklogReportQueryOptions } from '../api/get-worklog-report';
import { projectLabel, type WorklogLookups } from '../shared/use-worklog-lookups';
import { WorklogEmptyState } from '../shared/worklog-view-state';
import { formatDayRange, isCalendarDay } from '../utils/calendar-days';
import { formatClock, formatDecimalClock } from '../utils/durations';
import { FiguresTable } from './figures-table';
import { LazyGroupChart, LazyTimeChart } from './lazy-charts';
import { groupBars, timeBars } from './report-figures';
import {
  findRangePreset,
  getPresetRange,
  type ReportRangePresetId,
  readReportRange,
  reportRangePresets,
} from './report-range';

interface WorklogReportsProps {
  lookups: WorklogLookups;
  today: string;
  from: string | undefined;
  to: string | undefined;
  projectId: string | undefined;
  onChange: (patch: { from?: string; to?: string; projectId?: string }) => void;
}

const CUSTOM = 'custom';

function ChartPlaceholder({ height }: { height: number }) {
  return (
    <div
      className="grid animate-pulse place-items-center rounded-lg bg-muted text-sm text-muted-foreground"
      style={{ height }}
    >
      Loading chart…
    </div>
  );
}

/** A lazily loaded chart, hidden from assistive technology: the table beside it carries its figures. */
function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div aria-hidden className="min-w-0" style={{ height }}>
      <Suspense fallback={<ChartPlaceholder height={height} />}>{children}</Suspense>
    </div>
  );
}

function ReportCard({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

/** Totals of the range, hours per day and per project (charts with their tables), per category and client. */
export function WorklogReports({ lookups, today, from, to, projectId, onChange }: WorklogReportsProps) {
  const id = useId();
  const range = readReportRange(from, to, today);
  const preset = findRangePreset(range, today);
  const query = { from: range.from, to: range.to, ...(projectId && { projectId }) };
  const report = useQuery(worklogReportQueryOptions(query));

  return (
    <div className="grid gap-4">
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">Report period and project</legend>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-preset`} className="text-xs font-medium text-muted-foreground">
            Period
          </label>
          <NativeSelect
            id={`${id}-preset`}
            className="w-40"
            value={preset ?? CUSTOM}
            onChange={(event) => {
              const chosen = reportRangePresets.find((entry) => entry.id === event.target.value);
              if (chosen) onChange(getPresetRange(chosen.id as ReportRangePresetId, today));
            }}
          >
            {reportRangePresets.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
            <option value={CUSTOM} disabled={preset !== undefined}>
              Custom range
            </option>
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-from`} className="text-xs font-medium text-muted-foreground">
            From
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            className="h-9 w-auto"
            value={range.from}
            max={range.to}
            onChange={(event) => {
              const value = event.target.value;
              if (isCalendarDay(value) && value <= range.to) onChange({ from: value, to: range.to });
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-to`} className="text-xs font-medium text-muted-foreground">
            To
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            className="h-9 w-auto"
            value={range.to}
            min={range.from}
            onChange={(event) => {
              const value = event.target.value;
              if (isCalendarDay(value) && value >= range.from) onChange({ from: range.from, to: value });
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-project`} className="text-xs font-medium text-muted-foreground">
            Project
          </label>
          <NativeSelect
            id={`${id}-project`}
            className="w-52"
            value={projectId ?? ''}
            onChange={(event) => onChange({ projectId: event.target.value || undefined })}
          >
            <option value="">All projects</option>
            {lookups.projects.map((project) => (
              <option key={project.id} value={project.id}>
                {projectLabel(project)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </fieldset>
      <ReportBody report={report} range={range} />
    </div>
  );
}

function ReportBody({
  report,
  range,
}: {
  report: UseQueryResult<WorklogReport>;
  range: { from: string; to: string };
}) {
  const { data } = report;
  if (report.isPending) {
    return (
      <div role="status" className="grid gap-4" aria-label="Loading the report">
        <ChartPlaceholder height={120} />
        <ChartPlaceholder height={280} />
      </div>
    );
  }
  if (report.isError && !data) {
    const reason = getErrorToastMessage(report.error, '');
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-lg border border-destructive/30 p-4 text-sm"
      >
        <p className="font-medium">The report could not be loaded.</p>
        {reason && <p className="text-muted-foreground">{reason}</p>}
        <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data) return null;
  const rangeText = formatDayRange(range.from, range.to);
  if (data.total.count === 0) {
    return (
      <WorklogEmptyState icon={<ChartColumnIcon aria-hidden />} title="Nothing logged in this period">
        No entries from {rangeText}. Choose another period or project, or add time on the week view.
      </WorklogEmptyState>
    );
  }
  const time = timeBars(data, range);
  const projects = groupBars(data.byProject);
  const categories = groupBars(data.byCategory);
  const clients = groupBars(data.byClient);
  const timeHeight = 280;
  const projectHeight = Math.max(120, projects.length * 44 + 40);
  return (
    <div
      className={cn('grid gap-4 transition-opacity lg:grid-cols-2', report.isPlaceholderData && 'opacity-60')}
      aria-busy={report.isPlaceholderData}
    >
      <dl className="grid grid-cols-3 gap-3 lg:col-span-2" aria-label={`Totals, ${rangeText}`}>
        {[
          { label: 'Hours', value: formatClock(data.total.duration), testId: 'report-total' },
          {
            label: 'With breaks',
            value: formatDecimalClock(data.total.durationWithBreaks),
            testId: 'report-total-breaks',
          },
          { label: 'Entries', value: String(data.total.count), testId: 'report-count' },
        ].map((figure) => (
          <div key={figure.label} className="grid gap-1 rounded-xl border bg-card p-3 sm:p-4">
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid={figure.testId}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <ReportCard title={time.unit === 'day' ? 'Hours per day' : 'Hours per week'} className="lg:col-span-2">
        <ChartFrame height={timeHeight}>
          <LazyTimeChart bars={time.bars} height={timeHeight} />
        </ChartFrame>
        <FiguresTable
          caption={`Hours per ${time.unit}, ${rangeText}`}
          rowHeader={time.unit === 'day' ? 'Day' : 'Week'}
          bars={time.bars}
        />
      </ReportCard>
      <ReportCard title="Hours per project" className="lg:col-span-2">
        <ChartFrame height={projectHeight}>
          <LazyGroupChart bars={projects} height={projectHeight} />
        </ChartFrame>
        <FiguresTable caption={`Hours per project, ${rangeText}`} rowHeader="Project" bars={projects} />
      </ReportCard>
      <ReportCard title="Per category">
        <FiguresTable
          caption={`Hours per category, ${rangeText}`}
          rowHeader="Category"
          bars={categories}
          isAlwaysShown
        />
      </ReportCard>
      <ReportCard title="Per client">
        <FiguresTable
          caption={`Hours per client, ${rangeText}`}
          rowHeader="Client"
          bars={clients}
          isAlwaysShown
        />
      </ReportCard>
    </div>
  );
}
