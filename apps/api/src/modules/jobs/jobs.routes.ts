import { jobsStatusSchema } from '@cairn/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../lib/require-admin';
import { errorResponses } from '../../plugins/error-responses';
import { getJobsStatus } from './jobs.service';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Background jobs: schedules, queue counts and recent failures (administrators only)',
        response: { 200: jobsStatusSchema, ...errorResponses(401, 403, 404) },
      },
      preHandler: (request) => requireAdmin(app.ctx, { userId: request.auth.userId }),
    },
    () => getJobsStatus(app.ctx),
  );
};
