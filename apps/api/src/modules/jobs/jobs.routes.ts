import { jobsStatusSchema } from '@cairn/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/require-admin';
import { errorResponses } from '../../plugins/error-responses';
import { getJobsStatus } from './jobs.service';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Background jobs: schedules, queue counts and recent failures (administrators only)',
        response: { 200: jobsStatusSchema, ...errorResponses(401, 404) },
      },
      onRequest: adminOnly(app),
    },
    () => getJobsStatus(app.ctx),
  );
};
