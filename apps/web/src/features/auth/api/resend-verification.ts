import { successSchema } from '@cairn/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function resendVerification(email: string) {
  return apiRequest('/auth/verify-email/resend', {
    method: 'POST',
    body: { email },
    schema: successSchema,
    isAuthenticated: false,
  });
}

export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: resendVerification,
    meta: { errorMessage: 'Could not send a new verification link' },
  });
}
