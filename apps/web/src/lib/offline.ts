import { onlineManager, type QueryClient, useIsMutating } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * TanStack Query assumes it starts online and only learns otherwise from an `offline` event, which a
 * page opened without a network never gets: start from what the browser knows.
 */
export function startOnlineTracking(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine);
  }
}

function subscribe(onChange: () => void): () => void {
  return onlineManager.subscribe(onChange);
}

/** Whether the app believes it can reach the server (the browser's online/offline events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** Changes made while offline that wait for the network (mutations paused by TanStack Query). */
export function usePendingChangeCount(): number {
  return useIsMutating({ predicate: (mutation) => mutation.state.isPaused });
}

/**
 * While changes wait for the network, leaving or reloading the page asks first: their code lives in the
 * screens and cannot be replayed after a reload.
 */
export function guardPendingChanges(queryClient: QueryClient): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    const hasPending = queryClient
      .getMutationCache()
      .getAll()
      .some((mutation) => mutation.state.isPaused);
    if (hasPending) event.preventDefault();
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => window.removeEventListener('beforeunload', onBeforeUnload);
}
