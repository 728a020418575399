import { type SignupBody, signupResponseSchema } from '@cairn/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/auth-tokens';

export function signUp(body: SignupBody) {
  return apiRequest('/auth/signup', {
    method: 'POST',
    body,
    schema: signupResponseSchema,
    isAuthenticated: false,
  });
}

export function useSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    meta: { isErrorToastHidden: true },
    onSuccess: ({ accessToken, refreshToken }) => {
      // Tokens come only when no e-mail verification is required (spec section 4).
      if (accessToken && refreshToken) {
        queryClient.clear();
        storeTokens({ accessToken, refreshToken });
      }
    },
  });
}
