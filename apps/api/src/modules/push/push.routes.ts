import { idParamsSchema } from '@cairn/contracts/common';
import {
  createPushSubscriptionBodySchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushSubscriptionsSchema,
  testPushResultSchema,
} from '@cairn/contracts/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as service from './push.service';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['push'];

  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, for PushManager.subscribe",
        response: { 200: pushPublicKeySchema, ...errorResponses(401) },
      },
    },
    () => service.getPushPublicKey(app.ctx),
  );

  app.get(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary: "The user's devices that take push notifications",
        response: { 200: pushSubscriptionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      items: await service.findPushSubscriptions(app.ctx, { userId: request.auth.userId }),
    }),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'Add this device (201), or refresh it when its endpoint is known (200)',
        body: createPushSubscriptionBodySchema,
        response: {
          200: pushSubscriptionSchema,
          201: pushSubscriptionSchema,
          ...errorResponses(400, 401, 402),
        },
      },
    },
    async (request, reply) => {
      const { subscription, isNew } = await service.subscribeToPush(app.ctx, {
        userId: request.auth.userId,
        body: request.body,
        requestUserAgent: request.headers['user-agent'],
      });
      return reply.status(isNew ? 201 : 200).send(subscription);
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Stop sending to a device',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.deletePushSubscription(app.ctx, {
        userId: request.auth.userId,
        subscriptionId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/push/subscriptions/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a test notification to a device now',
        params: idParamsSchema,
        response: { 200: testPushResultSchema, ...errorResponses(400, 401, 404, 502) },
      },
    },
    (request) =>
      service.sendTestPush(app.ctx, { userId: request.auth.userId, subscriptionId: request.params.id }),
  );
};
