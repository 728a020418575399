import type { MoneyBalanceHistory } from '@cairn/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { balanceHistoryQueryOptions } from '../api/get-balance-history';
import { FiguresTable } from './figures-table';
import { LazyNetWorthChart } from './lazy-charts';
import { ChartFrame, EmptyReport, ReportCard } from './report-card';
import { formatDay, formatMonth, getMonthEndBalances, hasBalanceHistory } from './report-figures';
import type { ReportRange } from './report-range';
import type { MoneyFormat } from './use-money-format';

const CHART_HEIGHT = 260;

interface NetWorthSectionProps {
  range: ReportRange;
  money: MoneyFormat;
}

/** Every account together, day by day: what the user is worth and how that moved. */
export function NetWorthSection({ range, money }: NetWorthSectionProps) {
  const query = useQuery(balanceHistoryQueryOptions(range));
  return (
    <ReportCard title="Net worth" query={query} errorMessage="Could not load your net worth over time.">
      {(history) => <NetWorthBody history={history} money={money} />}
    </ReportCard>
  );
}

function NetWorthBody({ history, money }: { history: MoneyBalanceHistory; money: MoneyFormat }) {
  const last = history.points.at(-1);
  if (!last || !hasBalanceHistory(history)) return <EmptyReport>No balances in this period.</EmptyReport>;
  const format = (amount: string) => money.formatAmount(amount, history.currencyId);
  return (
    <>
      <p className="text-sm text-muted-foreground">
        On {formatDay(last.date)}:{' '}
        <span className="text-base font-semibold text-foreground tabular-nums">{format(last.balance)}</span>
      </p>
      <ChartFrame height={CHART_HEIGHT}>
        <LazyNetWorthChart
          points={history.points}
          currencyCode={money.getCurrencyCode(history.currencyId)}
          formatAmount={format}
        />
      </ChartFrame>
      <FiguresTable
        caption="Net worth at the end of each month"
        headers={['Month', 'Net worth']}
        rows={getMonthEndBalances(history).map((balance) => ({
          key: balance.month,
          cells: [formatMonth(balance.month, 'long'), format(balance.balance)],
        }))}
      />
    </>
  );
}
