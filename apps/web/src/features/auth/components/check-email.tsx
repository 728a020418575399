import { MailIcon } from 'lucide-react';
import { ResendVerificationForm } from './resend-verification-form';

/** After sign-up when the server asks for e-mail verification (spec section 4). */
export function CheckEmail({ email }: { email: string | undefined }) {
  return (
    <div className="grid gap-5">
      <div className="flex gap-3 rounded-md bg-muted p-3 text-sm">
        <MailIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p>
          We sent a verification link to{' '}
          {email ? <strong className="break-all">{email}</strong> : 'your e-mail address'}. Open it to
          activate your account; it signs you in.
        </p>
      </div>
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          No e-mail after a few minutes? Check your spam folder or:
        </p>
        <ResendVerificationForm initialEmail={email} />
      </div>
    </div>
  );
}
