import { type ErrorResponse, INVALID_INPUT_MESSAGE, type ValidationIssue } from '@cairn/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/** Fastify's own errors that are the client's fault, mapped to our codes. */
const fastifyClientErrors: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppError('MALFORMED_JSON', 'The request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new AppError('MALFORMED_JSON', "The request body is empty although its type says it's JSON"),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new AppError('VALIDATION_FAILED', 'The Content-Length header does not match the body'),
};

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues: ValidationIssue[] = error.validation.map((entry) => ({
      path: [
        ...(error.validationContext ? [error.validationContext] : []),
        ...entry.instancePath.split('/').filter(Boolean),
      ],
      message: entry.message ?? INVALID_INPUT_MESSAGE,
      code: entry.keyword,
    }));
    return new AppError('VALIDATION_FAILED', INVALID_INPUT_MESSAGE, { issues });
  }
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return known();
  if (error.statusCode === 429)
    return new AppError('RATE_LIMITED', 'Too many requests, try again in a minute');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('VALIDATION_FAILED', error.message || INVALID_INPUT_MESSAGE);
  }
  return new AppError('INTERNAL_ERROR', 'Something went wrong on our side');
}

/** The single place where any thrown error becomes the one error shape; a 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, appError.message);
    const body: ErrorResponse = {
      error: appError.message,
      code: appError.code,
      ...(appError.detail ? { detail: appError.detail } : {}),
      ...(appError.issues ? { issues: appError.issues } : {}),
    };
    return reply.status(appError.status).send(body);
  });
});
