import { CircleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { useVerifyEmailMutation } from '../api/verify-email';
import { ResendVerificationForm } from './resend-verification-form';

/** Where the link in the verification e-mail lands: verifies, which also signs the user in. */
export function VerifyEmailLanding({ token, onVerified }: { token: string; onVerified: () => void }) {
  const verify = useVerifyEmailMutation();
  const submittedToken = useRef<string>(undefined);

  useEffect(() => {
    // A token works once; never send it twice (React runs effects twice in development).
    if (submittedToken.current === token) return;
    submittedToken.current = token;
    verify.mutate(token, { onSuccess: onVerified });
  }, [token, verify, onVerified]);

  if (verify.isError) {
    return (
      <div className="grid gap-5">
        <div role="alert" className="flex gap-3 rounded-md bg-destructive/10 p-3 text-sm">
          <CircleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <p>{getErrorToastMessage(verify.error, 'The link could not be verified')}</p>
        </div>
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">Ask for a new link:</p>
          <ResendVerificationForm />
        </div>
      </div>
    );
  }

  return (
    <div className="grid place-items-center gap-2">
      <LoadingScreen isFullScreen={false} />
      <p className="text-sm text-muted-foreground">Verifying your e-mail address…</p>
    </div>
  );
}
