import type { ReactNode } from 'react';

interface WelcomeProps {
  username: string | undefined;
  /** What the home page offers below the greeting (default-view choice; later today's summary). */
  children: ReactNode;
}

function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function Welcome({ username, children }: WelcomeProps) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8">
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          {greeting(new Date())}
          {username ? `, ${username}` : ''}
        </h1>
        <p className="text-muted-foreground">
          Welcome to Cairn. Choose the view you want to start from each day.
        </p>
      </header>
      {children}
    </div>
  );
}
