import { idParamsSchema } from '@cairn/contracts/common';
import {
  listRewardsQuerySchema,
  randomTaskQuerySchema,
  randomTaskSchema,
  rewardPageSchema,
  swissCandidatesSchema,
  swissDeckSchema,
  todayPlanSchema,
} from '@cairn/contracts/task-planning';
import { taskSchema } from '@cairn/contracts/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { claimReward, listRewards } from './rewards.service';
import { findSwissCandidates, getSwissDeck } from './swiss.service';
import { drawRandomTask, skipInDraw } from './task-draw.service';
import { getTodayPlan } from './today-plan.service';

/** Planning a day: Today's load, rewards, swiss and swiss-random. */
export const taskPlanningRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['task planning'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    taskId: request.params.id,
  });

  app.get(
    '/tasks/today-plan',
    {
      schema: {
        tags,
        summary: "Today's open tasks against the daily limit, and planned minutes against the work day left",
        response: { 200: todayPlanSchema, ...errorResponses(401) },
      },
    },
    (request) =>
      getTodayPlan(app.ctx, { userId: request.auth.userId, requestTimeZone: request.requestTimeZone }),
  );

  app.get(
    '/rewards',
    {
      schema: {
        tags,
        summary: 'Rewards of completed tasks: claimable, claimed, or both, a page at a time',
        querystring: listRewardsQuerySchema,
        response: { 200: rewardPageSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => listRewards(app.ctx, { userId: request.auth.userId, query: request.query }),
  );

  app.post(
    '/tasks/:id/claim-reward',
    {
      schema: {
        tags,
        summary: "Claim a completed task's reward (409 when it is not completed or already claimed)",
        params: idParamsSchema,
        response: { 200: taskSchema, ...errorResponses(401, 404, 409) },
      },
    },
    (request) => claimReward(app.ctx, scope(request)),
  );

  app.get(
    '/tasks/random',
    {
      schema: {
        tags,
        summary: 'Draw one open task at random, weighted toward urgent, important and older ones',
        querystring: randomTaskQuerySchema,
        response: { 200: randomTaskSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => drawRandomTask(app.ctx, { userId: request.auth.userId, query: request.query }),
  );

  app.post(
    '/tasks/:id/draw-skip',
    {
      schema: {
        tags,
        summary: 'Leave a task out of random draws for the next hour',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await skipInDraw(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/tasks/swiss/candidates',
    {
      schema: {
        tags,
        summary: 'Big tasks worth cutting into small holes, the most open work first',
        response: { 200: swissCandidatesSchema, ...errorResponses(401) },
      },
    },
    (request) => findSwissCandidates(app.ctx, { userId: request.auth.userId }),
  );

  app.get(
    '/tasks/:id/swiss',
    {
      schema: {
        tags,
        summary: "A big task's small holes, in the order they are dealt, and its progress",
        params: idParamsSchema,
        response: { 200: swissDeckSchema, ...errorResponses(401, 404, 409) },
      },
    },
    (request) => getSwissDeck(app.ctx, scope(request)),
  );
};
