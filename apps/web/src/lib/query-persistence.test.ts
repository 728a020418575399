import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepFirstPages, readUserIdFromToken } from './query-persistence';

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

describe('keepFirstPages', () => {
  it('keeps the first page of a list scrolled far, and every other query whole', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['tasks', 'list'], {
      pages: [{ items: ['first'] }, { items: ['second'] }, { items: ['third'] }],
      pageParams: [undefined, 'cursor-2', 'cursor-3'],
    });
    queryClient.setQueryData(['tasks', 'detail'], { id: 'task-1', pages: 'not a list of pages' });
    queryClient.setQueryData(['currentUser'], { id: 'user-1' });

    const kept = keepFirstPages(dehydrate(queryClient));
    const dataOf = (root: string, leaf?: string) =>
      kept.queries.find(
        (query) => query.queryKey[0] === root && (leaf === undefined || query.queryKey[1] === leaf),
      )?.state.data;

    expect(dataOf('tasks', 'list')).toEqual({ pages: [{ items: ['first'] }], pageParams: [undefined] });
    expect(dataOf('tasks', 'detail')).toEqual({ id: 'task-1', pages: 'not a list of pages' });
    expect(dataOf('currentUser')).toEqual({ id: 'user-1' });
    // The cache itself still holds every page.
    expect(queryClient.getQueryData<{ pages: unknown[] }>(['tasks', 'list'])?.pages).toHaveLength(3);
  });
});
