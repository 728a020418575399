import type { MoneyCategoryReport, MoneyTransactionType } from '@cairn/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatPercent } from '../../../lib/format-number';
import { useMoneyCategories } from '../api/get-money-categories';
import { moneyReportCategoriesQueryOptions } from '../api/get-money-report-categories';
import { getCategoryColor } from './chart-colors';
import { LazyCategoryChart } from './lazy-charts';
import { ChartFrame, EmptyReport, ReportCard } from './report-card';
import { toCategoryShares } from './report-figures';
import type { ReportRange } from './report-range';
import type { MoneyFormat } from './use-money-format';

const CHART_HEIGHT = 240;

const typeLabels: Record<MoneyTransactionType, { tab: string; empty: string; total: string }> = {
  expense: { tab: 'Spending', empty: 'No spending in this period.', total: 'Total spending' },
  income: { tab: 'Income', empty: 'No income in this period.', total: 'Total income' },
};

const formatShare = (share: string) => formatPercent(share, { decimals: 1 });

interface CategoryReportSectionProps {
  range: ReportRange;
  money: MoneyFormat;
}

/** Where money went (or came from) over the range, by top-level category. */
export function CategoryReportSection({ range, money }: CategoryReportSectionProps) {
  const [type, setType] = useState<MoneyTransactionType>('expense');
  const query = useQuery(moneyReportCategoriesQueryOptions({ ...range, type }));
  const actions = (
    <fieldset className="flex gap-1 rounded-md bg-muted p-1">
      <legend className="sr-only">Show</legend>
      {(['expense', 'income'] as const).map((option) => (
        <Button
          key={option}
          size="sm"
          variant={type === option ? 'outline' : 'ghost'}
          aria-pressed={type === option}
          className="h-7 px-2.5"
          onClick={() => setType(option)}
        >
          {typeLabels[option].tab}
        </Button>
      ))}
    </fieldset>
  );
  return (
    <ReportCard
      title="By category"
      actions={actions}
      query={query}
      errorMessage="Could not load the totals by category."
    >
      {(report) => <CategoryReportBody report={report} money={money} />}
    </ReportCard>
  );
}

function CategoryReportBody({ report, money }: { report: MoneyCategoryReport; money: MoneyFormat }) {
  const categories = useMoneyCategories().data;
  const namesById = useMemo(
    () => new Map((categories ?? []).map((category) => [category.id, category.name])),
    [categories],
  );
  const shares = toCategoryShares(report, namesById);
  const labels = typeLabels[report.type];
  if (shares.length === 0) return <EmptyReport>{labels.empty}</EmptyReport>;
  const format = (amount: string) => money.formatAmount(amount, report.currencyId);
  return (
    // Side by side only when the card itself is wide enough, whatever the page's layout.
    <div className="@container">
      <div className="grid items-center gap-4 @xl:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] @xl:gap-6">
        <ChartFrame height={CHART_HEIGHT}>
          <LazyCategoryChart shares={shares} formatAmount={format} formatShare={formatShare} />
        </ChartFrame>
        <div className="grid gap-2">
          <p className="flex justify-between gap-3 border-b pb-2 text-sm font-medium">
            <span>{labels.total}</span>
            <span className="tabular-nums">{format(report.total)}</span>
          </p>
          <ul aria-label={`${labels.tab} by category`} className="grid gap-1.5 text-sm">
            {shares.map((share, index) => (
              <li key={share.categoryId ?? 'none'} className="grid gap-1">
                <div className="grid grid-cols-[auto_minmax(0,1fr)_auto_3.5rem] items-center gap-2">
                  <span
                    className="size-3 rounded-sm"
                    style={{ background: getCategoryColor(index) }}
                    aria-hidden
                  />
                  <span className="truncate">{share.name}</span>
                  <span className="tabular-nums">{format(share.total)}</span>
                  <span className="text-right text-muted-foreground tabular-nums">
                    {formatShare(share.share)}
                  </span>
                </div>
                {share.subCategories.length > 0 && (
                  <ul
                    aria-label={`${share.name} sub-categories`}
                    className="grid gap-1 text-xs text-muted-foreground"
                  >
                    {share.subCategories.map((sub) => (
                      <li
                        key={sub.categoryId}
                        className="grid grid-cols-[minmax(0,1fr)_auto_3.5rem] gap-2 pl-5"
                      >
                        <span className="truncate">{sub.name}</span>
                        <span className="tabular-nums">{format(sub.total)}</span>
                        <span className="text-right tabular-nums">{formatShare(sub.share)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
