import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartColors, getCategoryColor } from './chart-colors';
import {
  type CategoryShare,
  formatDay,
  formatMonth,
  type MonthFigures,
  toChartNumber,
} from './report-figures';
import type { FormatAmount } from './use-money-format';

// This module holds every use of the chart library and is loaded on demand (money-reports.tsx), so
// neither the app's first load nor the money page's other tabs carry it.

const axisTick = { fill: chartColors.axis, fontSize: 12 };

function ChartTooltip({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

function TooltipLine({ color, label, value }: { color: string; label: string; value: string }) {
  return (
    <p className="flex items-center gap-2">
      <span className="size-2.5 shrink-0 rounded-sm" style={{ background: color }} aria-hidden />
      <span className="text-muted-foreground">{label}</span>
      <span className="ml-auto pl-3 font-medium tabular-nums">{value}</span>
    </p>
  );
}

/** Axis ticks in the currency, shortened ("$12K"): ticks are round positions on the axis, not amounts. */
function createTickFormatter(currencyCode: string) {
  const compact = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currencyCode,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (value: number) => compact.format(value);
}

interface MonthlyChartProps {
  months: readonly MonthFigures[];
  currencyCode: string;
  formatAmount: FormatAmount;
}

/** Income and expense side by side for each month. */
export function MonthlyChart({ months, currencyCode, formatAmount }: MonthlyChartProps) {
  const data = months.map((figures) => ({
    ...figures,
    label: formatMonth(figures.month),
    incomeValue: toChartNumber(figures.income),
    expenseValue: toChartNumber(figures.expense),
  }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={chartColors.grid} />
        <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: chartColors.grid }} />
        <YAxis
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={64}
          tickFormatter={createTickFormatter(currencyCode)}
        />
        <Tooltip
          cursor={{ fill: chartColors.cursor }}
          content={({ active, payload }) => {
            const row = payload?.[0]?.payload as (typeof data)[number] | undefined;
            if (!active || !row) return null;
            return (
              <ChartTooltip title={formatMonth(row.month, 'long')}>
                <TooltipLine color={chartColors.income} label="Income" value={formatAmount(row.income)} />
                <TooltipLine color={chartColors.expense} label="Expenses" value={formatAmount(row.expense)} />
                <TooltipLine color="transparent" label="Net" value={formatAmount(row.net)} />
              </ChartTooltip>
            );
          }}
        />
        <Bar
          dataKey="incomeValue"
          name="Income"
          fill={chartColors.income}
          radius={[3, 3, 0, 0]}
          maxBarSize={32}
        />
        <Bar
          dataKey="expenseValue"
          name="Expenses"
          fill={chartColors.expense}
          radius={[3, 3, 0, 0]}
          maxBarSize={32}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

interface CategoryChartProps {
  shares: readonly CategoryShare[];
  formatAmount: FormatAmount;
  formatShare: (share: string) => string;
}

/** Each category's part of the total as a ring. */
export function CategoryChart({ shares, formatAmount, formatShare }: CategoryChartProps) {
  const data = shares.map((share, index) => ({
    ...share,
    value: toChartNumber(share.total),
    color: getCategoryColor(index),
  }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius="58%"
          outerRadius="90%"
          paddingAngle={data.length > 1 ? 1 : 0}
          stroke="var(--card)"
          isAnimationActive={false}
        >
          {data.map((entry) => (
            <Cell key={entry.categoryId ?? 'none'} fill={entry.color} />
          ))}
        </Pie>
        <Tooltip
          content={({ active, payload }) => {
            const slice = payload?.[0]?.payload as (typeof data)[number] | undefined;
            if (!active || !slice) return null;
            return (
              <ChartTooltip title={slice.name}>
                <TooltipLine
                  color={slice.color}
                  label={formatShare(slice.share)}
                  value={formatAmount(slice.total)}
                />
              </ChartTooltip>
            );
          }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

interface NetWorthChartProps {
  points: readonly { date: string; balance: string }[];
  currencyCode: string;
  formatAmount: FormatAmount;
}

/** The balance of every account together at the end of each day. */
export function NetWorthChart({ points, currencyCode, formatAmount }: NetWorthChartProps) {
  const data = points.map((point) => ({ ...point, value: toChartNumber(point.balance) }));
  const formatTick = (day: string) => formatMonth(day.slice(0, 7));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={chartColors.grid} />
        <XAxis
          dataKey="date"
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: chartColors.grid }}
          tickFormatter={formatTick}
          minTickGap={32}
        />
        <YAxis
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={64}
          domain={['auto', 'auto']}
          tickFormatter={createTickFormatter(currencyCode)}
        />
        <Tooltip
          cursor={{ stroke: chartColors.grid }}
          content={({ active, payload }) => {
            const point = payload?.[0]?.payload as (typeof data)[number] | undefined;
            if (!active || !point) return null;
            return (
              <ChartTooltip title={formatDay(point.date)}>
                <TooltipLine
                  color={chartColors.balance}
                  label="Net worth"
                  value={formatAmount(point.balance)}
                />
              </ChartTooltip>
            );
          }}
        />
        <Line
          type="monotone"
          dataKey="value"
          name="Net worth"
          stroke={chartColors.balance}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
