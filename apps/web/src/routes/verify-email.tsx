import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { AuthCard } from '../features/auth/components/auth-card';
import { CheckEmail } from '../features/auth/components/check-email';
import { VerifyEmailLanding } from '../features/auth/components/verify-email-landing';

const verifyEmailSearchSchema = z.object({
  /** From the link in the verification e-mail. */
  token: z.string().min(1).optional().catch(undefined),
  /** The address just signed up with, to show and to resend to. */
  email: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/verify-email')({
  validateSearch: verifyEmailSearchSchema,
  head: () => ({ meta: [{ title: 'Verify your e-mail · Cairn' }] }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token, email } = Route.useSearch();
  const navigate = useNavigate();
  const onVerified = useCallback(() => void navigate({ to: '/', replace: true }), [navigate]);

  return (
    <AuthCard
      title={token ? 'Verifying your e-mail' : 'Check your e-mail'}
      footer={
        <Link to="/login" className="font-medium text-foreground underline underline-offset-4">
          Back to log in
        </Link>
      }
    >
      {token ? <VerifyEmailLanding token={token} onVerified={onVerified} /> : <CheckEmail email={email} />}
    </AuthCard>
  );
}
