import type { MoneyMonthlyReport } from '@cairn/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { moneyReportMonthlyQueryOptions } from '../api/get-money-report-monthly';
import { chartColors } from './chart-colors';
import { FiguresTable } from './figures-table';
import { LazyMonthlyChart } from './lazy-charts';
import { ChartFrame, EmptyReport, ReportCard } from './report-card';
import { fillReportMonths, formatMonth, hasMonthlyFigures, sumDecimals } from './report-figures';
import type { ReportRange } from './report-range';
import type { MoneyFormat } from './use-money-format';

const CHART_HEIGHT = 280;

interface MonthlyReportSectionProps {
  range: ReportRange;
  money: MoneyFormat;
}

/** Income against expenses for each month of the range, with the range's totals. */
export function MonthlyReportSection({ range, money }: MonthlyReportSectionProps) {
  const query = useQuery(moneyReportMonthlyQueryOptions(range));
  return (
    <ReportCard title="Income and expenses" query={query} errorMessage="Could not load income and expenses.">
      {(report) => <MonthlyReportBody report={report} range={range} money={money} />}
    </ReportCard>
  );
}

function MonthlyReportBody({
  report,
  range,
  money,
}: { report: MoneyMonthlyReport } & MonthlyReportSectionProps) {
  const months = fillReportMonths(report, range);
  if (!hasMonthlyFigures(months)) return <EmptyReport>No income or expenses in this period.</EmptyReport>;
  const format = (amount: string) => money.formatAmount(amount, report.currencyId);
  const totals = {
    income: sumDecimals(months.map((month) => month.income)),
    expense: sumDecimals(months.map((month) => month.expense)),
    net: sumDecimals(months.map((month) => month.net)),
  };
  return (
    <>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Total label="Income" value={format(totals.income)} color={chartColors.income} />
        <Total label="Expenses" value={format(totals.expense)} color={chartColors.expense} />
        <Total label="Net" value={format(totals.net)} />
      </dl>
      <ChartFrame height={CHART_HEIGHT}>
        <LazyMonthlyChart
          months={months}
          currencyCode={money.getCurrencyCode(report.currencyId)}
          formatAmount={(amount) => format(amount)}
        />
      </ChartFrame>
      <FiguresTable
        caption="Income and expenses per month"
        headers={['Month', 'Income', 'Expenses', 'Net']}
        rows={months.map((month) => ({
          key: month.month,
          cells: [
            formatMonth(month.month, 'long'),
            format(month.income),
            format(month.expense),
            format(month.net),
          ],
        }))}
      />
    </>
  );
}

function Total({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="flex items-center gap-1.5 text-muted-foreground">
        {color && <span className="size-2.5 shrink-0 rounded-sm" style={{ background: color }} aria-hidden />}
        {label}
      </dt>
      <dd className="font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-base">{value}</dd>
    </div>
  );
}
