export type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/**
 * The toast library, loaded on first use: no page needs it to show itself, so it stays off every first
 * load. The root's Toaster mounts once it is asked for (routes/__root.tsx); toasts raised before it
 * mounts are shown when it does.
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

type Toast = Sonner['toast'];

/** Calls the library's `toast` once it has loaded; a failed download loses the toast, not the page. */
function showOnceLoaded(show: (toast: Toast) => void): void {
  loadToasts().then(
    (loaded) => show(loaded.toast),
    (error: unknown) => console.error('The toasts could not be loaded', error),
  );
}

/**
 * Sonner's `toast`, loading the library with the first toast rather than with the screen. Toasts
 * answer the user's own actions, so the moment the download takes goes unnoticed; ids returned by the
 * library are not passed back (pass an `id` to update a toast).
 */
export const toast = Object.assign(
  (...args: Parameters<Toast>): void => showOnceLoaded((loaded) => loaded(...args)),
  {
    success: (...args: Parameters<Toast['success']>): void =>
      showOnceLoaded((loaded) => loaded.success(...args)),
    error: (...args: Parameters<Toast['error']>): void => showOnceLoaded((loaded) => loaded.error(...args)),
    warning: (...args: Parameters<Toast['warning']>): void =>
      showOnceLoaded((loaded) => loaded.warning(...args)),
  },
);
