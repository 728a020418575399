import { getBrowserTimeZone } from './api-client';

/**
 * The IANA zone every screen formats and parses dates in: the browser's own, the one each request sends
 * as X-Timezone, so the server's "today" and the screen's are the same day.
 */
export function useTimeZone(): string {
  return getBrowserTimeZone();
}
