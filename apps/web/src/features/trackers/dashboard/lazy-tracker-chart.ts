import { lazy } from 'react';

// The chart library loads when the first chart is drawn; the cards around it render without it.
export const LazyTrackerChart = lazy(() =>
  import('./tracker-chart').then((module) => ({ default: module.TrackerChart })),
);
