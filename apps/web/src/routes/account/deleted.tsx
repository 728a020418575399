import { createFileRoute, Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { loadClassMerging } from '../../lib/cn';

export const Route = createFileRoute('/account/deleted')({
  // Renders once class merging is there (lib/cn.ts); only the login page goes without it.
  loader: () => loadClassMerging(),
  head: () => ({ meta: [{ title: 'Account deleted · Cairn' }] }),
  component: AccountDeletedPage,
});

function AccountDeletedPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 py-10 text-center">
      <Logo alt="" className="size-12" />
      <h1 className="text-2xl font-semibold">Your account has been deleted</h1>
      <p className="max-w-md text-muted-foreground">
        Your account and all of its data (tasks, notes, money records, trackers and work logs) are gone for
        good. Thank you for using Cairn.
      </p>
      <Button asChild>
        <Link to="/signup">Sign up again</Link>
      </Button>
    </main>
  );
}
