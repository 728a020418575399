import { describe, expect, it, vi } from 'vitest';

describe('loadToasts', () => {
  it('loads the toast library once, on first use, and tells the page to mount the Toaster', async () => {
    vi.resetModules();
    const { isToastsRequested, loadToasts, subscribeToToastsRequest } = await import('./toasts');
    const listener = vi.fn();
    const unsubscribe = subscribeToToastsRequest(listener);
    expect(isToastsRequested()).toBe(false);

    const first = loadToasts();
    const second = loadToasts();

    expect(second).toBe(first);
    expect(isToastsRequested()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
    expect(typeof (await first).toast.error).toBe('function');
    unsubscribe();
  });
});
