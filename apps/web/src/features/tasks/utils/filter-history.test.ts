import { describe, expect, it } from 'vitest';
import { replacesHistory } from './filter-history';

describe('replacesHistory', () => {
  it.each([
    [{ q: 'milk' }, true],
    [{ urgency: 'high' }, false],
    [{ q: 'milk', listId: 'x' }, false],
    [{}, false],
  ])('%j → %s', (patch, expected) => {
    expect(replacesHistory(patch)).toBe(expected);
  });
});
