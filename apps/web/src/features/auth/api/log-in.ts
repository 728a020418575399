import { type LoginBody, tokenPairSchema } from '@cairn/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/auth-tokens';

export function logIn(body: LoginBody) {
  return apiRequest('/auth/token', { method: 'POST', body, schema: tokenPairSchema, isAuthenticated: false });
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
