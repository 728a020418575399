import { verifyEmailResponseSchema } from '@cairn/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/auth-tokens';

export function verifyEmail(token: string) {
  return apiRequest('/auth/verify-email', {
    method: 'POST',
    body: { token },
    schema: verifyEmailResponseSchema,
    isAuthenticated: false,
  });
}

export function useVerifyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The landing page shows the failure in full.
    meta: { isErrorToastHidden: true },
    onSuccess: ({ accessToken, refreshToken }) => {
      queryClient.clear();
      storeTokens({ accessToken, refreshToken });
    },
  });
}
