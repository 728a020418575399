import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, freshOnThisPageFor } from './query-client';

describe('freshness of cached data', () => {
  it('keeps data fetched on this page fresh, so a screen does not repeat its loader’s request', async () => {
    const queryClient = createQueryClient();
    const queryFn = vi.fn(async () => 'from the server');

    await queryClient.prefetchQuery({ queryKey: ['lists'], queryFn });
    await queryClient.prefetchQuery({ queryKey: ['lists'], queryFn });

    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('asks again for data restored from before the page opened', async () => {
    // A page opened just now: the module read afresh (test files share loaded modules).
    vi.resetModules();
    const { createQueryClient: createOnNewPage } = await import('./query-client');
    const queryClient = createOnNewPage();
    // Seconds old: fresh by age alone, but saved before this page was opened.
    queryClient.setQueryData(['lists'], 'from the offline copy', { updatedAt: Date.now() - 5_000 });
    const queryFn = vi.fn(async () => 'from the server');

    await queryClient.prefetchQuery({ queryKey: ['lists'], queryFn });

    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['lists'])).toBe('from the server');
  });

  it('lets a query ask for a longer freshness', async () => {
    const now = Date.now();
    const staleTime = freshOnThisPageFor(60_000);
    expect(staleTime({ state: { dataUpdatedAt: now } })).toBe(60_000);
    expect(staleTime({ state: { dataUpdatedAt: 0 } })).toBe(0);
  });
});
