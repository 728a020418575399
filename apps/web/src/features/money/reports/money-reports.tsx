import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card, CardContent } from '../../../components/ui/card';
import { useTimeZone } from '../../../lib/time-zone';
import { balanceHistoryQueryOptions } from '../api/get-balance-history';
import { moneyReportMonthlyQueryOptions } from '../api/get-money-report-monthly';
import { zonedToday } from '../shared/zoned-today';
import { CategoryReportSection } from './category-report-section';
import { MonthlyReportSection } from './monthly-report-section';
import { NetWorthSection } from './net-worth-section';
import { fillReportMonths, formatDay, hasBalanceHistory, hasMonthlyFigures } from './report-figures';
import { findRangeProblem, type ReportRange } from './report-range';
import { ReportRangePicker } from './report-range-picker';
import { useMoneyFormat } from './use-money-format';

export const CONVERSION_NOTE =
  "Amounts in other currencies are converted at the rate of each transaction's date.";

export interface MoneyReportsProps {
  from: string;
  to: string;
  onRangeChange(range: { from: string; to: string }): void;
}

/**
 * The reports tab: income against expenses per month, totals by category and net worth over the
 * chosen period, all in the user's currency. The range lives in the page's URL.
 */
export function MoneyReports({ from, to, onRangeChange }: MoneyReportsProps) {
  const timeZone = useTimeZone();
  const today = zonedToday(timeZone);
  const range = useMemo(() => ({ from, to }), [from, to]);
  const problem = findRangeProblem(range);
  return (
    <div className="grid gap-4 sm:gap-6">
      <div className="grid gap-2">
        <ReportRangePicker range={range} today={today} onRangeChange={onRangeChange} />
        <p className="text-sm text-muted-foreground">{CONVERSION_NOTE}</p>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : (
        <ReportSections range={range} />
      )}
    </div>
  );
}

function ReportSections({ range }: { range: ReportRange }) {
  const money = useMoneyFormat();
  // The sections ask for the same data; these read it to tell when the whole period is empty.
  const monthly = useQuery(moneyReportMonthlyQueryOptions(range));
  const history = useQuery(balanceHistoryQueryOptions(range));
  const isEmpty =
    monthly.data !== undefined &&
    history.data !== undefined &&
    !monthly.isPlaceholderData &&
    !history.isPlaceholderData &&
    !hasMonthlyFigures(fillReportMonths(monthly.data, range)) &&
    !hasBalanceHistory(history.data);

  if (isEmpty) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-2 py-12 text-center sm:py-16">
          <h2 className="text-lg font-semibold">Nothing to report yet</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            No transactions between {formatDay(range.from)} and {formatDay(range.to)}. Add some on the
            Transactions tab or import your bank's CSV export, and the charts fill in.
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <MonthlyReportSection range={range} money={money} />
      </div>
      <CategoryReportSection range={range} money={money} />
      <NetWorthSection range={range} money={money} />
    </div>
  );
}
