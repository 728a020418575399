import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { SignupForm } from '../features/auth/components/signup-form';
import { hasAccessToken } from '../lib/auth-tokens';
import { loadClassMerging } from '../lib/cn';

export const Route = createFileRoute('/signup')({
  // Renders once class merging is there (lib/cn.ts); only the login page goes without it.
  loader: () => loadClassMerging(),
  beforeLoad: () => {
    if (hasAccessToken()) throw redirect({ to: '/', replace: true });
  },
  head: () => ({ meta: [{ title: 'Sign up · Cairn' }] }),
  component: SignupPage,
});

function SignupPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Create your account"
      description="Tasks, notes, money and time, in one place you own."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-foreground underline underline-offset-4">
            Log in
          </Link>
        </>
      }
    >
      <SignupForm
        onSignedUp={(result, email) => {
          if (result.requiresEmailVerification) void navigate({ to: '/verify-email', search: { email } });
          else void navigate({ to: '/', replace: true });
        }}
      />
    </AuthCard>
  );
}
