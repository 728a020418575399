import { lazy } from 'react';

// The chart library loads when a chart is first shown; the figures around it render without it.
const loadCharts = () => import('./report-charts');

export const LazyTimeChart = lazy(() => loadCharts().then((module) => ({ default: module.TimeChart })));
export const LazyGroupChart = lazy(() => loadCharts().then((module) => ({ default: module.GroupChart })));
