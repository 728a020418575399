import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRevealInTurn } from './use-reveal-in-turn';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useRevealInTurn', () => {
  it('shows the first parts at once and the others one task later', async () => {
    vi.useFakeTimers();
    const first = renderHook(() => useRevealInTurn(0));
    const second = renderHook(() => useRevealInTurn(1));
    const third = renderHook(() => useRevealInTurn(2));
    expect([first.result.current, second.result.current, third.result.current]).toEqual([true, true, false]);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(third.result.current).toBe(true);
  });

  it('keeps a revealed part revealed', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(() => useRevealInTurn(5, 1));
    await act(() => vi.runAllTimersAsync());
    rerender();
    expect(result.current).toBe(true);
  });
});
