import { planUsageSchema } from '@cairn/contracts/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import { getPlanUsage } from './plan-usage.service';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get(
    '/users/me/usage',
    {
      schema: {
        tags,
        summary: "The plan's limits beside what the user has now",
        response: { 200: planUsageSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => getPlanUsage(app.ctx, { userId: request.auth.userId }),
  );
};
