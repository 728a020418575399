import { pushPublicKeySchema } from '@cairn/contracts/push';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pushKeys } from './push-keys';

export function getPushPublicKey({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/push/public-key', { schema: pushPublicKeySchema, signal });
}

/** The server's key changes only when it is reconfigured. */
export function pushPublicKeyQueryOptions() {
  return queryOptions({
    queryKey: pushKeys.publicKey(),
    queryFn: getPushPublicKey,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { isErrorToastHidden: true },
  });
}
