import type { ErrorCode } from '@cairn/contracts/errors';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from './errors';

interface ServerFieldErrorsOptions<Values extends FieldValues> {
  /** The form's fields; an API validation issue whose path starts with one of them is shown beside it. */
  fields: readonly Path<Values>[];
  /** Refusals that concern one field (a taken username): the API's message is shown beside that field. */
  fieldsByCode?: Partial<Record<ErrorCode, Path<Values>>>;
}

/** Where in the request the API says an issue is; the field's name comes after it. */
const requestParts = new Set<unknown>(['body', 'querystring', 'params']);

/**
 * Shows an API refusal beside the fields it concerns. Returns false when no field took it, so the caller
 * shows a toast instead.
 */
export function setServerFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  { fields, fieldsByCode = {} }: ServerFieldErrorsOptions<Values>,
): boolean {
  if (!(error instanceof HttpError)) return false;
  const messages = new Map<Path<Values>, string>();
  for (const issue of error.issues) {
    const path = requestParts.has(issue.path[0]) ? issue.path.slice(1) : issue.path;
    const field = fields.find((candidate) => candidate === path[0]);
    if (field && !messages.has(field)) messages.set(field, issue.message);
  }
  const codeField = error.code && fieldsByCode[error.code];
  if (codeField) messages.set(codeField, error.message);
  for (const [field, message] of messages) setError(field, { type: 'server', message });
  return messages.size > 0;
}
