import { describe, expect, it } from 'vitest';
import { readSwissRandomSearch, readSwissSearch } from './swiss-search';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('swiss search params', () => {
  it('keeps a task id and a list id', () => {
    expect(readSwissSearch({ taskId: id })).toEqual({ taskId: id });
    expect(readSwissRandomSearch({ listId: id })).toEqual({ listId: id });
  });

  it.each([['not-an-id'], [42], [undefined]])('ignores %s', (value) => {
    expect(readSwissSearch({ taskId: value, other: 'x' })).toEqual({});
    expect(readSwissRandomSearch({ listId: value })).toEqual({});
  });
});
