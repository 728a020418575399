/** Session flag: the page already reloaded once to pick up a new build. */
export const CHUNK_RELOAD_FLAG = 'cairn:chunk-reload-attempted';
export const CHUNK_RELOAD_DELAY_MS = 100;

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .* failed/i,
];

/** A lazily loaded part of the app could not be fetched, typically because a new version was deployed. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || chunkErrorPatterns.some((pattern) => pattern.test(error.message));
}

/**
 * Reloads once per browser session after a short delay; returns false when the reload was already
 * tried (the new version is broken too, so reloading again would loop).
 */
export function scheduleChunkReload(reload: () => void = () => window.location.reload()): boolean {
  try {
    if (window.sessionStorage.getItem(CHUNK_RELOAD_FLAG)) return false;
    window.sessionStorage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()));
  } catch {
    // Without storage there is no way to guard against a reload loop.
    return false;
  }
  window.setTimeout(reload, CHUNK_RELOAD_DELAY_MS);
  return true;
}

/**
 * TanStack Router reloads at once, silently, when a route's module is missing. The app's own handling
 * (the 'App Update Available' message, a 100 ms delay, one reload per session) replaces it: marking
 * the router's per-module flag as used lets the error reach the route's error view instead.
 */
export function takeOverChunkReloads(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!(event.payload instanceof Error) || !isChunkLoadError(event.payload)) return;
    try {
      window.sessionStorage.setItem(`tanstack_router_reload:${event.payload.message}`, '1');
    } catch {
      // Without storage the router's own reload stays in place, which is still a recovery.
    }
  });
}
