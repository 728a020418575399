import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (a window resized, a phone turned). */
export function useMediaQuery(query: string): boolean {
  // One list per query: React reads the snapshot on every render, and matchMedia parses the query anew.
  const media = useMemo(() => window.matchMedia(query), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(subscribe, () => media.matches);
}
