import { describe, expect, it } from 'vitest';
import { readUserIdFromToken } from './query-persistence';

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const tokenFor = (payload: unknown) => `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;

describe('readUserIdFromToken', () => {
  it('reads the subject, even of an expired token', () => {
    const userId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(readUserIdFromToken(tokenFor({ sub: userId, exp: 1 }))).toBe(userId);
  });

  it('reads payloads whose base64url uses - and _', () => {
    const token = tokenFor({ sub: 'user-1', note: '??>??>' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(readUserIdFromToken(token)).toBe('user-1');
  });

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a token without a payload', 'abc'],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c'],
    ['a payload without a subject', tokenFor({ sid: 'x' })],
    ['an empty subject', tokenFor({ sub: '' })],
    ['a subject that is no string', tokenFor({ sub: 42 })],
  ])('finds no user in %s', (_name, token) => {
    expect(readUserIdFromToken(token)).toBeUndefined();
  });
});
