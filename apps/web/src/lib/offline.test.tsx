import { onlineManager, QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { guardPendingChanges, startOnlineTracking, useIsOnline, usePendingChangeCount } from './offline';

function setBrowserOnline(isOnline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => isOnline });
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

afterEach(() => {
  setBrowserOnline(true);
  onlineManager.setOnline(true);
});

describe('startOnlineTracking', () => {
  it('starts offline when the page opens without a network', () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    startOnlineTracking();
    expect(onlineManager.isOnline()).toBe(false);
  });
});

describe('useIsOnline', () => {
  it('follows the browser going offline and back', () => {
    const { result } = renderHook(() => useIsOnline());
    expect(result.current).toBe(true);
    act(() => setBrowserOnline(false));
    expect(result.current).toBe(false);
    act(() => setBrowserOnline(true));
    expect(result.current).toBe(true);
  });
});

describe('usePendingChangeCount and guardPendingChanges', () => {
  function PendingChanges() {
    const count = usePendingChangeCount();
    const save = useMutation({ mutationFn: async (title: string) => title });
    return (
      <>
        <p>{count} pending</p>
        <button type="button" onClick={() => save.mutate('Buy milk')}>
          Save
        </button>
      </>
    );
  }

  function renderWithClient(children: ReactNode) {
    const queryClient = new QueryClient();
    render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);
    return queryClient;
  }

  it('counts changes made offline until the network is back, and guards the page meanwhile', async () => {
    const queryClient = renderWithClient(<PendingChanges />);
    const stopGuard = guardPendingChanges(queryClient);
    act(() => setBrowserOnline(false));

    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    await screen.findByText('1 pending');

    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await act(async () => setBrowserOnline(true));
    await screen.findByText('0 pending');
    expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('success');

    const leavingLater = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leavingLater);
    expect(leavingLater.defaultPrevented).toBe(false);
    stopGuard();
  });
});
