import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isRefusedValue } from './db-errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['admin_shutdown (a restart)', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash_shutdown', withCode('57P02')],
    ['cannot_connect_now (starting up)', withCode('57P03', 'the database system is starting up')],
    ['too_many_connections', withCode('53300')],
    ['a connection exception (class 08)', withCode('08006')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['a query wrapped by the ORM', wrapped(withCode('57P01'))],
    ['a refusal from every address', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
  ])('%s → yes', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['a syntax error', withCode('42601')],
    ['a statement timeout', withCode('57014')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a class-08 look-alike', withCode('08')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('%s → no', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("isRefusedValue: the database refused a value, which is the request's fault", () => {
  it.each([
    [
      'a NUL byte in text',
      wrapped(withCode('22021', 'invalid byte sequence for encoding "UTF8": 0x00')),
      true,
    ],
    ['a date out of range', wrapped(withCode('22008', 'timestamp out of range')), true],
    ['a malformed date', withCode('22007'), true],
    ['a number out of range', withCode('22003'), true],
    ['a unique violation', wrapped(withCode('23505')), false],
    ['a refused connection', withCode('ECONNREFUSED'), false],
    ['a plain bug', new Error('boom'), false],
  ])('%s → %s', (_, error, expected) => {
    expect(isRefusedValue(error)).toBe(expected);
  });
});
