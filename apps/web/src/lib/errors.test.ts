import { errorCodes, errorResponseSchema } from '@cairn/contracts/errors';
import { describe, expect, it } from 'vitest';
import { httpErrorFrom, knownErrorCodes, readErrorBody } from './errors';

function jsonResponse(body: unknown, status = 400): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('readErrorBody', () => {
  it('knows exactly the contract’s error codes', () => {
    expect([...knownErrorCodes].sort()).toEqual([...errorCodes].sort());
  });

  it('reads a full error body as the contract describes it', async () => {
    const body = errorResponseSchema.parse({
      error: 'Invalid input',
      code: 'VALIDATION_FAILED',
      detail: 'title is required',
      issues: [{ path: ['items', 0, 'title'], message: 'Required', code: 'too_small' }],
    });
    expect(await readErrorBody(jsonResponse(body))).toEqual(body);
  });

  it.each([
    ['an unknown code is dropped, the rest kept', { error: 'Nope', code: 'NEW_CODE' }, { error: 'Nope' }],
    ['a field of the wrong type is dropped', { error: 42, code: 'NOT_FOUND' }, { code: 'NOT_FOUND' }],
    ['unknown keys are dropped', { error: 'Gone', stack: 'at x' }, { error: 'Gone' }],
    [
      'one malformed issue drops the issues',
      { error: 'Invalid input', issues: [{ path: ['a'], message: 'Required' }, { path: 'a' }] },
      { error: 'Invalid input' },
    ],
    [
      'an issue keeps only its path, message and code',
      { issues: [{ path: [], message: 'Bad', extra: true }] },
      { issues: [{ path: [], message: 'Bad' }] },
    ],
    ['an issue code must be text', { issues: [{ path: [], message: 'Bad', code: null }] }, {}],
  ])('%s', async (_case, body, expected) => {
    expect(await readErrorBody(jsonResponse(body))).toEqual(expected);
  });

  it.each([
    ['an array', []],
    ['null', null],
    ['text', 'Internal Server Error'],
  ])('answers undefined for %s', async (_case, body) => {
    expect(await readErrorBody(jsonResponse(body))).toBeUndefined();
  });

  it('answers undefined for a body that is not JSON, and leaves the response readable', async () => {
    const response = new Response('<html>Bad gateway</html>', { status: 502 });
    expect(await readErrorBody(response)).toBeUndefined();
    expect(await response.text()).toBe('<html>Bad gateway</html>');
  });
});

describe('httpErrorFrom', () => {
  const conflict = {
    error: 'The note was changed elsewhere',
    code: 'CONFLICT',
    current: { id: 'n1', content: 'Pack boots', updatedAt: '2026-11-25T11:00:00.000Z' },
  };

  it('keeps the body as it came, extra fields included, next to the checked error fields', async () => {
    const error = await httpErrorFrom(jsonResponse(conflict, 409));

    expect(error.responseBody).toEqual(conflict);
    expect(error.body).toEqual({ error: conflict.error, code: 'CONFLICT' });
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: conflict.error, issues: [] });
  });

  it('keeps a body that is not an error body, which the error fields then leave out', async () => {
    const error = await httpErrorFrom(jsonResponse(['not', 'an', 'error'], 500));

    expect(error.responseBody).toEqual(['not', 'an', 'error']);
    expect(error.body).toBeUndefined();
    expect(error.message).toBe('Request failed with status 500');
  });

  it('has no body for an answer that is not JSON, and leaves the response readable', async () => {
    const response = new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const error = await httpErrorFrom(response);

    expect(error.responseBody).toBeUndefined();
    expect(error.body).toBeUndefined();
    expect(error).toMatchObject({ status: 502, statusText: 'Bad Gateway' });
    expect(await response.text()).toBe('<html>Bad gateway</html>');
  });
});
