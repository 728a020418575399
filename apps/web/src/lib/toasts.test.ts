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

describe('withTimeToAct', () => {
  it('gives a toast with an action long enough to reach its button', async () => {
    const { ACTION_TOAST_DURATION_MS, withTimeToAct } = await import('./toasts');
    const action = { label: 'Open', onClick: () => undefined };
    expect(withTimeToAct({ action })).toEqual({ action, duration: ACTION_TOAST_DURATION_MS });
    expect(ACTION_TOAST_DURATION_MS).toBeGreaterThanOrEqual(8_000);
  });

  it('leaves a toast without an action, or with its own duration, as it was', async () => {
    const { withTimeToAct } = await import('./toasts');
    const action = { label: 'Undo', onClick: () => undefined };
    expect(withTimeToAct({ description: 'Saved' })).toEqual({ description: 'Saved' });
    expect(withTimeToAct({ action, duration: 2_000 })).toEqual({ action, duration: 2_000 });
    expect(withTimeToAct(undefined)).toBeUndefined();
  });
});
