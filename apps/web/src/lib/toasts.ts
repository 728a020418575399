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
type ToastOptions = NonNullable<Parameters<Toast>[1]>;

/**
 * A toast that offers an action (Open, Undo) stays long enough to reach its button: the usual four
 * seconds are gone before a keyboard or a slow hand gets there. Hovering still holds any toast.
 */
export const ACTION_TOAST_DURATION_MS = 10_000;

export function withTimeToAct(options: ToastOptions | undefined): ToastOptions | undefined {
  if (!options?.action || options.duration !== undefined) return options;
  return { ...options, duration: ACTION_TOAST_DURATION_MS };
}

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
  (message: Parameters<Toast>[0], options?: ToastOptions): void =>
    showOnceLoaded((loaded) => loaded(message, withTimeToAct(options))),
  {
    success: (message: Parameters<Toast>[0], options?: ToastOptions): void =>
      showOnceLoaded((loaded) => loaded.success(message, withTimeToAct(options))),
    error: (message: Parameters<Toast>[0], options?: ToastOptions): void =>
      showOnceLoaded((loaded) => loaded.error(message, withTimeToAct(options))),
    warning: (message: Parameters<Toast>[0], options?: ToastOptions): void =>
      showOnceLoaded((loaded) => loaded.warning(message, withTimeToAct(options))),
  },
);
