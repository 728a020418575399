import {
  loginBodySchema,
  logoutBodySchema,
  refreshBodySchema,
  resendVerificationBodySchema,
  signupBodySchema,
  signupResponseSchema,
  tokenPairSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@cairn/contracts/auth';
import { successSchema } from '@cairn/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import * as auth from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every auth endpoint is a target for password guessing, so each is rate limited per address.
  const rateLimit = { max: app.ctx.config.authRateLimitMax, timeWindow: '1 minute' };
  const tags = ['auth'];
  // Public endpoints: no bearer token in the OpenAPI document.
  const security: [] = [];

  app.post(
    '/signup',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: 'Create an account',
        body: signupBodySchema,
        response: { 201: signupResponseSchema, ...errorResponses(400, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const result = await auth.signup(app.ctx, {
        body: request.body,
        userAgent: request.headers['user-agent'],
        requestTimeZone: request.requestTimeZone,
      });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/token',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: 'Sign in with username (or e-mail) and password',
        body: loginBodySchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    (request) => auth.login(app.ctx, { body: request.body, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/token/refresh',
    {
      config: { rateLimit: { ...rateLimit, max: rateLimit.max * 6 } },
      schema: {
        tags,
        security,
        summary: 'Exchange a refresh token for a new pair (the old one stops working)',
        body: refreshBodySchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    (request) => auth.refresh(app.ctx, { refreshToken: request.body.refreshToken }),
  );

  app.post(
    '/logout',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: 'End the session of a refresh token',
        body: logoutBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.logout(app.ctx, { refreshToken: request.body.refreshToken });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/verify-email',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: 'Confirm an e-mail address with the token from the mail, and sign in',
        body: verifyEmailBodySchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await auth.verifyEmail(app.ctx, {
        token: request.body.token,
        userAgent: request.headers['user-agent'],
      })),
    }),
  );

  app.post(
    '/verify-email/resend',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: 'Send the verification mail again',
        body: resendVerificationBodySchema,
        response: { 202: successSchema, ...errorResponses(400, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      await auth.resendVerificationEmail(app.ctx, { email: request.body.email });
      return reply.status(202).send({ success: true });
    },
  );
};
