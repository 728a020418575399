import { lazy } from 'react';

// The chart library is loaded when a chart is first shown; the figures above and below a chart
// (totals, legends, tables) render without waiting for it.
const loadCharts = () => import('./report-charts');

export const LazyMonthlyChart = lazy(() => loadCharts().then((module) => ({ default: module.MonthlyChart })));
export const LazyCategoryChart = lazy(() =>
  loadCharts().then((module) => ({ default: module.CategoryChart })),
);
export const LazyNetWorthChart = lazy(() =>
  loadCharts().then((module) => ({ default: module.NetWorthChart })),
);
