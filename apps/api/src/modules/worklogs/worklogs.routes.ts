import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { worklogCategoriesRoutes } from './categories.routes';
import { worklogEntriesRoutes } from './entries.routes';
import { worklogExportRoutes } from './export.routes';
import { worklogProjectsRoutes } from './projects.routes';
import { worklogReportsRoutes } from './reports.routes';
import { worklogTimerRoutes } from './timer.routes';

/** Work logs: /worklogs/... and the time logged on a task, /tasks/{id}/worklog-totals. */
export const worklogsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(worklogProjectsRoutes);
  await app.register(worklogCategoriesRoutes);
  await app.register(worklogEntriesRoutes);
  await app.register(worklogTimerRoutes);
  await app.register(worklogReportsRoutes);
  await app.register(worklogExportRoutes);
};
