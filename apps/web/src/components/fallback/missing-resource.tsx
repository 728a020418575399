import { SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface MissingResourceProps {
  title: string;
  message: string;
  /** Links on from here, such as back to the user's tasks. */
  actions: ReactNode;
}

/**
 * Inside the signed-in app, something the address names is not there: a mistyped or old link, another
 * user's item and a deleted one all look the same. Shown in the page's place, so the sidebar stays.
 */
export function MissingResource({ title, message, actions }: MissingResourceProps) {
  return (
    <div className="flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-prose text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  );
}
