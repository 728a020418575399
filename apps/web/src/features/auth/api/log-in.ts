import type { LoginBody } from '@cairn/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/auth-tokens';

export function logIn(body: LoginBody) {
  // Loaded while the request is under way: the contracts and their schema library stay off the login
  // page's first load, and the app after it needs them anyway.
  const schema = import('@cairn/contracts/auth').then((contract) => contract.tokenPairSchema);
  return apiRequest('/auth/token', { method: 'POST', body, schema, isAuthenticated: false });
}

export function useLogInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    // The form explains an unverified address itself; other failures are toasted there too.
    meta: { isErrorToastHidden: true },
    onSuccess: (tokens) => {
      // Whatever was cached belonged to the previous session.
      queryClient.clear();
      storeTokens(tokens);
    },
  });
}
