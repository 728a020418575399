import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/errors';
import { groupIssuesByField, readServerRecurrenceIssues } from './recurrence-issues';

describe('groupIssuesByField', () => {
  it.each([
    [
      [{ option: 'count', message: 'count must be a positive integer' }],
      { count: ['count must be a positive integer'] },
    ],
    [
      [
        { option: 'monthDay', message: 'monthDay must be an integer from 1 to 31' },
        { option: 'monthDayMode', message: 'monthDayMode must be one of skip, last' },
      ],
      { monthDay: ['monthDay must be an integer from 1 to 31', 'monthDayMode must be one of skip, last'] },
    ],
    [
      [
        { option: 'weekStartsOn', message: 'a' },
        { option: 'weekDays', message: 'a' },
      ],
      { weekDays: ['a'] },
    ],
    [[{ option: 'preset', message: 'p' }], { rule: ['p'] }],
    [[{ option: 'nthWeekdayOfMonth', message: 'n' }], { nthWeekday: ['n'] }],
    [
      [
        { option: 'startDate', message: 's' },
        { option: '', message: 'x' },
      ],
      { rule: ['s', 'x'] },
    ],
  ])('%j goes to %j', (issues, expected) => {
    expect(groupIssuesByField(issues)).toEqual(expected);
  });
});

function httpError(body: ConstructorParameters<typeof HttpError>[0]['body'], status = 400) {
  return new HttpError({ status, statusText: 'Bad Request', body });
}

describe('readServerRecurrenceIssues', () => {
  it('reads the option of each issue under body.quickurrence', () => {
    const error = httpError({
      error: 'Invalid recurrence rule',
      code: 'VALIDATION_FAILED',
      issues: [
        {
          path: ['body', 'quickurrence', 'count'],
          message: 'count must be a positive integer',
          code: 'INVALID_COUNT',
        },
        { path: ['body', 'quickurrence'], message: 'Expected an object' },
      ],
    });
    expect(readServerRecurrenceIssues(error)).toEqual([
      { option: 'count', message: 'count must be a positive integer' },
      { option: '', message: 'Expected an object' },
    ]);
  });

  it.each([
    [
      'another field’s refusal',
      httpError({
        code: 'VALIDATION_FAILED',
        issues: [{ path: ['body', 'title'], message: 'Title is required' }],
      }),
    ],
    ['a conflict', httpError({ code: 'CONFLICT', error: 'Conflict' }, 409)],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('leaves %s to a toast', (_name, error) => {
    expect(readServerRecurrenceIssues(error)).toBeNull();
  });
});
