import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AuthCard } from '../features/auth/components/auth-card';
import { CheckEmail } from '../features/auth/components/check-email';
import { VerifyEmailLanding } from '../features/auth/components/verify-email-landing';
import { loadClassMerging } from '../lib/cn';

interface VerifyEmailSearch {
  /** From the link in the verification e-mail. */
  token?: string;
  /** The address just signed up with, to show and to resend to. */
  email?: string;
}

// Plain checks instead of a schema, like the login page: a signed-out page loads no schema library.
function validateVerifyEmailSearch(search: Record<string, unknown>): VerifyEmailSearch {
  const result: VerifyEmailSearch = {};
  if (typeof search.token === 'string' && search.token.length > 0) result.token = search.token;
  if (typeof search.email === 'string') result.email = search.email;
  return result;
}

export const Route = createFileRoute('/verify-email')({
  // Renders once class merging is there (lib/cn.ts); only the login page goes without it.
  loader: () => loadClassMerging(),
  validateSearch: validateVerifyEmailSearch,
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
