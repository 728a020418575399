export type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/**
 * The toast library, loaded on first use: the signed-out pages show no toast until something fails, so
 * it stays off their first load. The root's Toaster mounts once it is asked for (routes/__root.tsx);
 * toasts raised before it mounts are shown when it does.
 */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    const loading = import('sonner');
    sonner = loading;
    // A failed download (a new version deployed, the network gone) is tried again by the next toast.
    loading.catch(() => {
      if (sonner !== loading) return;
      sonner = undefined;
      notifyListeners();
    });
    notifyListeners();
  }
  return sonner;
}

function notifyListeners(): void {
  for (const listener of listeners) listener();
}

/** Whether the toast library was asked for, so the Toaster should be on the page. */
export function isToastsRequested(): boolean {
  return sonner !== undefined;
}

export function subscribeToToastsRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
