import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chartDataRoutes } from './chart-data.routes';
import { dashboardRoutes } from './dashboard.routes';
import { trackerDefinitionsRoutes } from './definitions.routes';
import { formulaPreviewRoutes } from './formula-preview.routes';
import { trackerGroupsRoutes } from './groups.routes';
import { trackerLogsRoutes } from './logs.routes';
import { systemSourcesRoutes } from './system-sources.routes';
import { trackerOverviewRoutes } from './tracker-overview.routes';

/** Value trackers: /tracker-groups, /trackers, /tracker-logs and /tracker-dashboard. */
export const trackersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(trackerGroupsRoutes);
  await app.register(trackerDefinitionsRoutes);
  await app.register(trackerOverviewRoutes);
  await app.register(formulaPreviewRoutes);
  await app.register(systemSourcesRoutes);
  await app.register(trackerLogsRoutes);
  await app.register(dashboardRoutes);
  await app.register(chartDataRoutes);
};
