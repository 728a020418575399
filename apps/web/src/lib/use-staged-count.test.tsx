import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStagedCount } from './use-staged-count';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Runs the pending task, then lets React render and schedule the next one. */
const nextTask = () => act(() => vi.advanceTimersToNextTimerAsync());

describe('useStagedCount', () => {
  it('starts with the first parts and adds one per task until all are in', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ total }) => useStagedCount(total, 2), {
      initialProps: { total: 5 },
    });
    expect(result.current).toBe(2);
    await nextTask();
    expect(result.current).toBe(3);
    await nextTask();
    await nextTask();
    expect(result.current).toBe(5);
    await nextTask();
    expect(result.current).toBe(5);

    rerender({ total: 6 });
    expect(result.current).toBe(5);
    await nextTask();
    expect(result.current).toBe(6);
  });

  it('never reports more parts than there are', () => {
    const { result } = renderHook(() => useStagedCount(1, 3));
    expect(result.current).toBe(1);
  });
});
