import { lazy } from 'react';

// The grid library and its styles load with the first chart; an empty dashboard never asks for them.
export const LazyDashboardGrid = lazy(() =>
  import('./dashboard-grid').then((module) => ({ default: module.DashboardGrid })),
);
