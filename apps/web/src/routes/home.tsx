import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2: /home always goes to the login page. */
export const Route = createFileRoute('/home')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
