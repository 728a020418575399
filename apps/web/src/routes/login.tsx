import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { hasAccessToken } from '../lib/auth-tokens';
import { getSafeRedirectPath } from '../lib/safe-redirect';

interface LoginSearch {
  /** Where the user was headed. */
  redirect?: string;
}

// A plain check instead of a schema: the login page is kept free of the schema library.
function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  // Anything but a string is ignored.
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}

export const Route = createFileRoute('/login')({
  // Not split off: the sign-in form is small, and a chunk of its own costs a round trip and its own
  // compression on the page most people see first.
  codeSplitGroupings: [],
  validateSearch: validateLoginSearch,
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
