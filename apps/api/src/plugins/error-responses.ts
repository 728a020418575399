import { errorResponseSchema } from '@cairn/contracts/errors';

/** Response schemas for the error statuses a route can answer, for validation and the OpenAPI document. */
export function errorResponses<Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}
