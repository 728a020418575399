import type { QueryClient } from '@tanstack/react-query';
import { trackerKeys } from './tracker-keys';

/** After any trackers write: values, sparklines and charts may all have changed. */
export function invalidateTrackers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: trackerKeys.all });
}
