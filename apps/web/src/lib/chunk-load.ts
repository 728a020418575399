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
