import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDeferredRows } from './use-deferred-rows';

afterEach(cleanup);

/** Every value the hook returned, render by render. */
function renderRows(initial: number[]) {
  const rendered: number[][] = [];
  const hook = renderHook(
    ({ rows }) => {
      const shown = useDeferredRows(rows);
      rendered.push(shown);
      return shown;
    },
    { initialProps: { rows: initial } },
  );
  return { rendered, rerender: (rows: number[]) => hook.rerender({ rows }) };
}

describe('useDeferredRows', () => {
  it('shows a list’s first rows in the same render that brings them', () => {
    const { rendered, rerender } = renderRows([]);
    rendered.length = 0;
    rerender([1, 2, 3]);
    expect(rendered[0]).toEqual([1, 2, 3]);
  });

  it('keeps the rows on screen for one render when a scroll brings others, then shows them', () => {
    const { rendered, rerender } = renderRows([1, 2, 3]);
    rendered.length = 0;
    rerender([4, 5, 6]);
    expect(rendered[0]).toEqual([1, 2, 3]);
    expect(rendered.at(-1)).toEqual([4, 5, 6]);
  });
});
