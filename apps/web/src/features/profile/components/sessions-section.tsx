import type { UserSession } from '@cairn/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { LogOutIcon, MonitorSmartphoneIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useTimeZone } from '../../../lib/time-zone';
import { useDeleteUserSessionMutation } from '../api/delete-user-session';
import { userSessionsQueryOptions } from '../api/get-user-sessions';
import { useSignOutEverywhereMutation } from '../api/sign-out-everywhere';
import { describeUserAgent } from '../utils/push-subscription';
import { formatRelativeTime } from '../utils/relative-time';

/** This device comes first, then the most recently used. */
function sortSessions(sessions: readonly UserSession[]): UserSession[] {
  return [...sessions].sort(
    (a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastUsedAt.getTime() - a.lastUsedAt.getTime(),
  );
}

/** Where the account is signed in, with a way to sign each other device out, or all of them. */
export function SessionsSection() {
  const id = useId();
  const sessions = useQuery(userSessionsQueryOptions());
  const signOut = useDeleteUserSessionMutation();
  const signOutEverywhere = useSignOutEverywhereMutation();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);

  let content: ReactNode;
  if (sessions.isError) {
    content = (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p className="text-muted-foreground">Your sessions could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!sessions.data) {
    content = (
      <div role="status" aria-label="Loading sessions" className="grid gap-2">
        <div className="h-14 animate-pulse rounded-lg bg-muted" />
        <div className="h-14 animate-pulse rounded-lg bg-muted" />
      </div>
    );
  } else if (sessions.data.items.length === 0) {
    content = <p className="text-sm text-muted-foreground">No device is signed in.</p>;
  } else {
    content = (
      <ul className="grid gap-2" aria-labelledby={`${id}-title`}>
        {sortSessions(sessions.data.items).map((session) => (
          <SessionItem key={session.id} session={session} onSignOut={() => signOut.mutate(session.id)} />
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Active sessions</CardTitle>
        <CardDescription>
          The browsers and devices signed in to your account. Sign out any you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {content}
        <div>
          <ConfirmDialog
            isOpen={isConfirmOpen}
            onOpenChange={setIsConfirmOpen}
            trigger={
              <Button variant="outline">
                <LogOutIcon aria-hidden />
                Sign out everywhere…
              </Button>
            }
            title="Sign out everywhere?"
            description="Every device signed in to your account is signed out, this one too. You will need your password to sign in again."
            confirmLabel="Sign out everywhere"
            pendingLabel="Signing out…"
            isPending={signOutEverywhere.isPending}
            isClosedOnConfirm={false}
            onConfirm={() => signOutEverywhere.mutate(undefined, { onError: () => setIsConfirmOpen(false) })}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function SessionItem({ session, onSignOut }: { session: UserSession; onSignOut: () => void }) {
  const timeZone = useTimeZone();
  const name = describeUserAgent(session.userAgent);
  const fullDate = (date: Date) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  const lastUsed = formatRelativeTime(session.lastUsedAt, new Date());
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border p-3"
      aria-label={session.isCurrent ? `${name} (this device)` : name}
    >
      <MonitorSmartphoneIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <span className="font-medium">
          {name}
          {session.isCurrent && (
            <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
              This device
            </span>
          )}
        </span>
        <span className="text-muted-foreground">
          {session.isCurrent ? (
            'Active now'
          ) : (
            <>
              Last used{' '}
              <time dateTime={session.lastUsedAt.toISOString()} title={fullDate(session.lastUsedAt)}>
                {lastUsed}
              </time>
            </>
          )}
          {' · signed in '}
          <time dateTime={session.createdAt.toISOString()}>{fullDate(session.createdAt)}</time>
        </span>
      </div>
      {!session.isCurrent && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Sign out ${name}, last used ${lastUsed}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
