import { HttpError } from '../../../lib/errors';
import type { WorklogDraftErrors, WorklogDraftField } from './worklog-draft';

/** The request's fields as the API names them, and the form field each is typed in. */
const fieldsByBodyName: Readonly<Record<string, WorklogDraftField>> = {
  projectId: 'projectId',
  categoryId: 'categoryId',
  workDate: 'workDate',
  startTime: 'start',
  endTime: 'end',
  crossesMidnight: 'end',
  duration: 'duration',
  description: 'description',
  taskName: 'taskName',
  taskUrl: 'taskUrl',
  pullRequestUrl: 'pullRequestUrl',
};

const requestParts = new Set<unknown>(['body', 'querystring', 'params']);

/**
 * Where an API refusal belongs on the entry form: beside the fields its issues name, else as one
 * message for the whole form. Null when it is not a refusal (a network failure) and a toast should say it.
 */
export function readServerErrors(error: unknown): { fields: WorklogDraftErrors; form?: string } | null {
  if (!(error instanceof HttpError) || error.status >= 500) return null;
  const fields: WorklogDraftErrors = {};
  for (const issue of error.issues) {
    const path = requestParts.has(issue.path[0]) ? issue.path.slice(1) : issue.path;
    const field = fieldsByBodyName[String(path[0])];
    if (field && !fields[field]) fields[field] = issue.message;
  }
  if (Object.keys(fields).length > 0) return { fields };
  // A project or category deleted meanwhile (or another user's) answers 404.
  if (error.status === 404)
    return { fields: {}, form: error.message || 'The project or category is gone; choose another' };
  return { fields: {}, form: error.body?.error ?? error.message };
}
