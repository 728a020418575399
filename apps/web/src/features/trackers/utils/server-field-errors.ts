import { isHttpError } from '../../../lib/errors';

/** Where in the request the API says an issue is; the field's name comes after it. */
const requestParts = new Set<unknown>(['body', 'querystring', 'params']);

/**
 * An API refusal's messages by the form field they concern (the first message for each). Empty when
 * none concerns a field, and the caller shows a toast instead.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const messages: Partial<Record<Field, string>> = {};
  if (!isHttpError(error)) return messages;
  for (const issue of error.issues) {
    const path = requestParts.has(issue.path[0]) ? issue.path.slice(1) : issue.path;
    const field = fields.find((candidate) => candidate === path[0]);
    if (field && messages[field] === undefined) messages[field] = issue.message;
  }
  return messages;
}

/** A refusal's message for a toast: the API's own words, its first issue when it only says "Invalid input". */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return error instanceof Error && error.message ? error.message : fallback;
  return error.issues[0]?.message ?? error.body?.detail ?? error.body?.error ?? fallback;
}
