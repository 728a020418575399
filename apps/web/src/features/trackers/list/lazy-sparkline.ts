import { lazy } from 'react';

// The drawing loads when a sparkline is first shown; the rows render their values without it.
export const LazySparklineChart = lazy(() =>
  import('./sparkline-chart').then((module) => ({ default: module.SparklineChart })),
);
