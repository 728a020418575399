import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { hasAccessToken } from '../lib/auth-tokens';
import { getSafeRedirectPath } from '../lib/safe-redirect';

const loginSearchSchema = z.object({
  // Where the user was headed; anything but a string is ignored.
  redirect: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: ({ search }) => {
    if (!hasAccessToken()) return;
    const path = getSafeRedirectPath(search.redirect);
    // '/' sends the user on to their default view.
    throw path ? redirect({ href: path, replace: true }) : redirect({ to: '/', replace: true });
  },
  head: () => ({ meta: [{ title: 'Log in · Cairn' }] }),
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();

  function onLoggedIn() {
    const path = getSafeRedirectPath(search.redirect);
    if (path) void navigate({ href: path, replace: true });
    else void navigate({ to: '/', replace: true });
  }

  return (
    <AuthCard
      title="Log in"
      description="Welcome back."
      footer={
        <>
          New here?{' '}
          <Link to="/signup" className="font-medium text-foreground underline underline-offset-4">
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm onLoggedIn={onLoggedIn} />
    </AuthCard>
  );
}
