import { useMutation } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { logOut } from '../../../lib/session';

export function signOutEverywhere() {
  return apiRequest('/api/v1/users/me/sessions/sign-out-everywhere', {
    method: 'POST',
    schema: noContentSchema,
  });
}

/** Ends every session of the account, this one too: the app then logs out to the login page. */
export function useSignOutEverywhereMutation() {
  return useMutation({
    mutationFn: signOutEverywhere,
    meta: { errorMessage: 'Could not sign out everywhere' },
    onSuccess: () => logOut(),
  });
}
