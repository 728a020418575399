import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useAfterFirstPaint', () => {
  it('holds a part back until the page has painted, then shows parts mounted later at once', async () => {
    vi.useFakeTimers();
    const first = renderHook(() => useAfterFirstPaint());
    expect(first.result.current).toBe(false);
    // The frame the page paints in, then the task after it.
    await act(() => vi.advanceTimersToNextFrame());
    expect(first.result.current).toBe(false);
    await act(() => vi.runAllTimersAsync());
    expect(first.result.current).toBe(true);

    // The phone's navigation sheet, opened later, shows its lists in its first render.
    const later = renderHook(() => useAfterFirstPaint());
    expect(later.result.current).toBe(true);
  });
});
